/**
 * The page view's id for error reports and web vitals: time plus random text (spec 001 §9), one per
 * page load, so a report and the page load's measurements can be told apart from other visits.
 */
function randomText(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createPageSessionId(now = Date.now()): string {
  return `page-${now.toString(36)}-${randomText()}`;
}

let current: string | undefined;

/** This page load's id, made on first use. */
export function pageSessionId(): string {
  current ??= createPageSessionId();
  return current;
}
