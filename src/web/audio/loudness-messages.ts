import type { LoudnessCheckOutcome } from './check-file-loudness';

/** What the page sends the loudness worker: the file to check (a File is cloned, not copied). */
export interface LoudnessWorkerRequest {
  file: Blob;
}

/** What the loudness worker sends back: progress after each slice, then the outcome once. */
export type LoudnessWorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; outcome: LoudnessCheckOutcome };
