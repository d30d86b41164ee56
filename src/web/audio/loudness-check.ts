import type { LoudnessCheckOutcome } from './check-file-loudness';
import type { LoudnessWorkerMessage, LoudnessWorkerRequest } from './loudness-messages';

/**
 * Starts the loudness check of `file` in its own Web Worker. This module is
 * imported on demand (a WAV was chosen), so neither it nor the worker and the audio code it loads
 * is part of a page's first paint.
 */

export interface LoudnessCheckHandle {
  /** The outcome; never settles once cancelled. */
  promise: Promise<LoudnessCheckOutcome>;
  /** Ends the worker at once, wherever it is in the file. */
  cancel(): void;
}

export const LOUDNESS_CHECK_NOT_STARTED = 'the check could not start in this browser';

export function startLoudnessCheck(file: Blob, onProgress?: (fraction: number) => void): LoudnessCheckHandle {
  let worker: Worker | undefined;
  const promise = new Promise<LoudnessCheckOutcome>((resolve) => {
    try {
      worker = new Worker(new URL('./loudness-worker.ts', import.meta.url), {
        type: 'module',
        name: 'loudness-check',
      });
    } catch {
      resolve({ ok: false, reason: LOUDNESS_CHECK_NOT_STARTED });
      return;
    }
    const started = worker;
    started.onmessage = (event: MessageEvent<LoudnessWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        onProgress?.(message.fraction);
        return;
      }
      started.terminate();
      resolve(message.outcome);
    };
    // The worker's script could not load or threw outside the check.
    started.onerror = (event) => {
      event.preventDefault();
      started.terminate();
      resolve({ ok: false, reason: LOUDNESS_CHECK_NOT_STARTED });
    };
    const request: LoudnessWorkerRequest = { file };
    started.postMessage(request);
  });
  return {
    promise,
    cancel() {
      worker?.terminate();
    },
  };
}
