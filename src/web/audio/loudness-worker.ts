import { checkFileLoudness } from './check-file-loudness';
import type { LoudnessWorkerMessage, LoudnessWorkerRequest } from './loudness-messages';

/**
 * The Web Worker of the loudness check: given the artist's WAV, it reads and
 * measures it off the page's thread, posting progress after each slice and then the outcome.
 * Started by `loudness-check.ts`, one per file; the page ends it with `terminate()` when the file
 * is removed or replaced, or the form closes.
 */

// Typed by hand: the project's TypeScript libraries are the page's (DOM), not the worker's.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LoudnessWorkerRequest>) => void) | null;
  postMessage(message: LoudnessWorkerMessage): void;
};

scope.onmessage = (event) => {
  const { file } = event.data;
  checkFileLoudness(file, { onProgress: (fraction) => scope.postMessage({ type: 'progress', fraction }) })
    .then((outcome) => scope.postMessage({ type: 'done', outcome }))
    .catch((error: unknown) =>
      scope.postMessage({
        type: 'done',
        outcome: { ok: false, reason: error instanceof Error ? error.message : String(error) },
      }),
    );
};
