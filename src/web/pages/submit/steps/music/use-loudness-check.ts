import { useEffect, useState } from 'react';
import type { LoudnessCheckOutcome } from '../../../../audio/check-file-loudness';

/** What the track card shows of a file's loudness check. */
export type LoudnessCheckState =
  | { status: 'checking'; fraction: number }
  | { status: 'done'; outcome: LoudnessCheckOutcome };

/** The outcome of each file checked in this page's life: a card shown again need not check again. */
const finished = new WeakMap<Blob, LoudnessCheckOutcome>();

const NOT_LOADED = 'the check could not be loaded';

/**
 * Checks the levels of `file` in a Web Worker once it is chosen, and ends the check when the file
 * goes (removed, replaced) or the card unmounts. The worker and the audio code are fetched with
 * the first WAV, never with the step. Advice only: nothing waits for it.
 */
export function useLoudnessCheck(file: File | undefined): LoudnessCheckState | null {
  const [state, setState] = useState<{ file: File; check: LoudnessCheckState } | null>(null);

  useEffect(() => {
    if (!file) return;
    const known = finished.get(file);
    if (known) {
      setState({ file, check: { status: 'done', outcome: known } });
      return;
    }
    setState({ file, check: { status: 'checking', fraction: 0 } });
    let ended = false;
    let cancel: (() => void) | undefined;
    const show = (check: LoudnessCheckState) => {
      if (!ended) setState({ file, check });
    };
    import('../../../../audio/loudness-check')
      .then(({ startLoudnessCheck }) => {
        if (ended) return;
        const handle = startLoudnessCheck(file, (fraction) => show({ status: 'checking', fraction }));
        cancel = handle.cancel;
        return handle.promise.then((outcome) => {
          finished.set(file, outcome);
          show({ status: 'done', outcome });
        });
      })
      .catch(() => show({ status: 'done', outcome: { ok: false, reason: NOT_LOADED } }));
    return () => {
      ended = true;
      cancel?.();
    };
  }, [file]);

  // A state left from another file is never shown for this one.
  return file && state?.file === file ? state.check : null;
}
