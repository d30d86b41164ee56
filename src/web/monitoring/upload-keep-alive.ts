import { useEffect, useRef } from 'react';

/** Spec 001 §9: a keep-alive heartbeat every 5 s while the tab is hidden. */
export const KEEP_ALIVE_INTERVAL_MS = 5_000;
export const KEEP_ALIVE_ENDPOINT = '/api/monitoring/heartbeat';

function sendHeartbeat(): void {
  void fetch(KEEP_ALIVE_ENDPOINT, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(
    () => {},
  );
}

interface KeepAliveEnvironment {
  doc: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
  send: () => void;
}

/**
 * While an upload runs in a hidden tab (the artist switched apps on a phone), a heartbeat every
 * 5 s keeps the page active: browsers throttle and may freeze hidden pages that show no activity.
 * Nothing is sent while the tab is visible or no upload runs. Answers a function that stops it.
 */
export function startUploadKeepAlive(
  isBusy: () => boolean,
  environment: KeepAliveEnvironment = { doc: document, send: sendHeartbeat },
): () => void {
  const { doc, send } = environment;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const update = () => {
    if (!doc.hidden) return stop();
    if (timer !== undefined) return;
    timer = setInterval(() => {
      if (isBusy()) send();
    }, KEEP_ALIVE_INTERVAL_MS);
  };
  doc.addEventListener('visibilitychange', update);
  update();
  return () => {
    doc.removeEventListener('visibilitychange', update);
    stop();
  };
}

/** The form's keep-alive for as long as it is on the page. */
export function useUploadKeepAlive(isBusy: () => boolean): void {
  const busy = useRef(isBusy);
  busy.current = isBusy;
  useEffect(() => startUploadKeepAlive(() => busy.current()), []);
}
