/**
 * Global error reporting ignores noise the portal cannot fix (spec 001 §8): generic cross-origin
 * "Script error.", browser extensions, crypto wallets, ad blockers, ResizeObserver loop warnings,
 * failed chunk loads (a deploy replaced the files; a reload fixes it) and errors with no file name
 * (injected or evaluated code, not ours).
 */
export interface ErrorEventInfo {
  message?: string | undefined;
  filename?: string | undefined;
  stack?: string | undefined;
}

export type NoiseKind =
  | 'script-error'
  | 'extension'
  | 'wallet'
  | 'ad-blocker'
  | 'resize-observer'
  | 'chunk-load'
  | 'no-file-name';

const EXTENSION_SCHEMES = /(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i;
const WALLET_WORDS = /metamask|ethereum|web3|wallet|phantom|solana|coinbase|tronweb|tronlink/i;
const AD_BLOCKER_WORDS = /adblock|ad blocker|ublock|ERR_BLOCKED_BY_CLIENT|blocked by client/i;
const RESIZE_OBSERVER = /ResizeObserver loop/i;
const CHUNK_LOAD =
  /ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

export function classifyErrorNoise(error: ErrorEventInfo): NoiseKind | null {
  const message = error.message ?? '';
  const where = `${error.filename ?? ''}\n${error.stack ?? ''}`;
  if (/^script error\.?$/i.test(message.trim())) return 'script-error';
  if (EXTENSION_SCHEMES.test(where) || EXTENSION_SCHEMES.test(message)) return 'extension';
  if (WALLET_WORDS.test(message)) return 'wallet';
  if (AD_BLOCKER_WORDS.test(message)) return 'ad-blocker';
  if (RESIZE_OBSERVER.test(message)) return 'resize-observer';
  if (CHUNK_LOAD.test(message)) return 'chunk-load';
  if ((error.filename ?? '').trim() === '') return 'no-file-name';
  return null;
}

export function isErrorNoise(error: ErrorEventInfo): boolean {
  return classifyErrorNoise(error) !== null;
}

/** Error reports are retried up to 3 attempts, waiting 1 s times the attempt number. */
export const ERROR_REPORT_MAX_ATTEMPTS = 3;
export const ERROR_REPORT_RETRY_BASE_MS = 1_000;

/** Delay before retrying after failed attempt `attempt` (1-based); null when no attempt is left. */
export function getErrorReportRetryDelay(attempt: number): number | null {
  return attempt >= ERROR_REPORT_MAX_ATTEMPTS ? null : ERROR_REPORT_RETRY_BASE_MS * attempt;
}
