import { SIGNING_WINDOW, SIGNING_WINDOW_CHECK_MS } from '../../../../domain';

/** The window name: a second "Open Signing Window" reuses the same window instead of stacking popups. */
export const SIGNING_WINDOW_NAME = 'imprint-signing';

/** What the helper needs of a popup: whether it is closed, and a way to bring it forward. */
export interface SigningPopup {
  readonly closed: boolean;
  focus?(): void;
}

/** The slice of `window` the helper uses, injected so tests run without a browser. */
export interface SigningWindowHost {
  open(url: string, target: string, features: string): SigningPopup | null;
  screen: { availWidth: number; availHeight: number; availLeft?: number; availTop?: number };
}

export interface IntervalTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * window.open features for a 1000x800 window (spec 000 §9) centred on the screen the page is on.
 * `availLeft`/`availTop` (non-standard, but in Chromium and Firefox) place it on a second monitor.
 */
export function signingWindowFeatures(screen: SigningWindowHost['screen']): string {
  const { width, height } = SIGNING_WINDOW;
  const left = Math.max(0, Math.round((screen.availWidth - width) / 2)) + (screen.availLeft ?? 0);
  const top = Math.max(0, Math.round((screen.availHeight - height) / 2)) + (screen.availTop ?? 0);
  return `width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens the signing page in its popup. Must run inside the click handler: browsers allow popups
 * only from a user gesture. Returns null when the browser blocked it.
 */
export function openSigningWindow(url: string, host: SigningWindowHost = window): SigningPopup | null {
  const popup = host.open(url, SIGNING_WINDOW_NAME, signingWindowFeatures(host.screen));
  if (!popup) return null;
  popup.focus?.();
  return popup;
}

/**
 * Checks every second (spec 000 §4) whether the popup was closed and calls `onClosed` once when it
 * is. Returns the function that stops watching; call it on unmount.
 */
export function watchSigningWindow(
  popup: SigningPopup,
  onClosed: () => void,
  timers: IntervalTimers = globalThis,
  intervalMs: number = SIGNING_WINDOW_CHECK_MS,
): () => void {
  let stopped = false;
  const handle = timers.setInterval(() => {
    if (stopped || !popup.closed) return;
    stop();
    onClosed();
  }, intervalMs);
  function stop() {
    if (stopped) return;
    stopped = true;
    timers.clearInterval(handle);
  }
  return stop;
}
