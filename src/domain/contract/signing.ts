import type { SignatureStatusValue } from './signing-rules';

/** Contract signing timings (spec 000 §4, §9). */
export const SIGNATURE_POLL_INTERVAL_MS = 5_000;
export const SIGNATURE_POLL_MAX_ATTEMPTS = 30;
export const SIGNING_WINDOW = { width: 1000, height: 800 } as const;
export const SIGNING_WINDOW_CHECK_MS = 1_000;

/** Polling stops on any final status, and after 30 attempts whatever the status. */
export function shouldKeepPolling(status: SignatureStatusValue, attemptsMade: number): boolean {
  return status === 'awaiting_signature' && attemptsMade < SIGNATURE_POLL_MAX_ATTEMPTS;
}

/** Progress of the wait, 0-100, for the polling indicator. */
export function getPollingProgress(attemptsMade: number): number {
  return Math.min(100, Math.round((attemptsMade / SIGNATURE_POLL_MAX_ATTEMPTS) * 100));
}

/** Demo agreement terms (spec 000 §2, §9). */
export const AGREEMENT_TERMS = {
  termMonths: 12,
  terminationNoticeDays: 30,
  exclusive: false,
  governingLaw: 'United Kingdom',
} as const;
