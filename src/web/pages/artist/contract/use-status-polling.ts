import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getPollingProgress,
  SIGNATURE_POLL_INTERVAL_MS,
  type SignatureRequest,
  shouldKeepPolling,
} from '../../../../domain';

export interface StatusPolling {
  polling: boolean;
  /** Checks made since polling last started. */
  attempts: number;
  /** 0–100, for the progress bar. */
  progress: number;
  /** Polling ran its checks without a final answer. */
  exhausted: boolean;
  start(requestId: string): void;
  stop(): void;
}

/**
 * Polls a signature request while it awaits signature (spec 000 §4): every 5 s, at most 30
 * times, stopping on a final status or when `check` answers nothing (it failed, or the tab is
 * gone). The timer stops when the component unmounts.
 */
export function useStatusPolling(
  check: (requestId: string) => Promise<SignatureRequest | null>,
): StatusPolling {
  const checkRef = useRef(check);
  checkRef.current = check;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const active = useRef(false);
  const count = useRef(0);
  const [polling, setPolling] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [exhausted, setExhausted] = useState(false);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    active.current = false;
    setPolling(false);
  }, []);

  const schedule = useCallback(
    (requestId: string) => {
      timer.current = setTimeout(async () => {
        count.current += 1;
        setAttempts(count.current);
        const next = await checkRef.current(requestId);
        if (!next || !active.current) return;
        if (shouldKeepPolling(next.status, count.current)) {
          schedule(requestId);
          return;
        }
        stop();
        if (next.status === 'awaiting_signature') setExhausted(true);
      }, SIGNATURE_POLL_INTERVAL_MS);
    },
    [stop],
  );

  const start = useCallback(
    (requestId: string) => {
      clearTimeout(timer.current);
      count.current = 0;
      setAttempts(0);
      setExhausted(false);
      active.current = true;
      setPolling(true);
      schedule(requestId);
    },
    [schedule],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { polling, attempts, progress: getPollingProgress(attempts), exhausted, start, stop };
}
