import type { Executor } from '../../db/client';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';

export const audioPeaksJobType = 'media.audio-peaks' satisfies JobName;

/**
 * A track's waveform for the board's preview is computed once per audio file, in the
 * background: enqueued in the transaction that attaches the file to a track (a new submission, a
 * resubmitted audio). The unique key keeps one job per file.
 */
export async function queueAudioPeaks(
  executor: Executor,
  uploadId: string | null | undefined,
): Promise<void> {
  if (!uploadId) return;
  await enqueueJob(
    executor,
    audioPeaksJobType,
    { uploadId },
    { uniqueKey: `${audioPeaksJobType}:${uploadId}` },
  );
}
