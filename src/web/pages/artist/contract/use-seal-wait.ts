import { useEffect, useRef, useState } from 'react';

/** After signing, the sealed PDF is made by a job: the tab re-reads the request this often, this many times. */
export const SEAL_CHECK_INTERVAL_MS = 2_000;
export const SEAL_CHECK_MAX_ATTEMPTS = 15;

/**
 * While a signed request has no sealed copy yet, re-read it every 2 s, 15 times at most. Returns
 * whether that wait ran out without the copy.
 */
export function useSealWait(waitingForSeal: boolean, reread: () => unknown): boolean {
  const rereadRef = useRef(reread);
  rereadRef.current = reread;
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!waitingForSeal) return;
    setOver(false);
    let count = 0;
    const handle = setInterval(() => {
      count += 1;
      void rereadRef.current();
      if (count >= SEAL_CHECK_MAX_ATTEMPTS) {
        clearInterval(handle);
        setOver(true);
      }
    }, SEAL_CHECK_INTERVAL_MS);
    return () => clearInterval(handle);
  }, [waitingForSeal]);
  return over;
}
