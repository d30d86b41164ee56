import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { submissionTracks, trackLoudness } from '../../db/schema';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';

export const measureLoudnessJobType = 'media.measure-loudness' satisfies JobName;

/**
 * The server's loudness check of each track's audio is a job per track and file:
 * enqueued with the submission and again when a resubmission replaces a track's audio. Only tracks
 * whose current file has no result yet get one; the unique key keeps one job per track and file in
 * the queue. Pass the transaction that stored the files, so the jobs exist if and only if it commits.
 */
export async function queueLoudnessChecks(executor: Executor, submissionId: string): Promise<number> {
  const unmeasured = await executor
    .select({ trackId: submissionTracks.id, uploadId: submissionTracks.audioUploadId })
    .from(submissionTracks)
    .leftJoin(
      trackLoudness,
      and(
        eq(trackLoudness.trackId, submissionTracks.id),
        eq(trackLoudness.uploadId, submissionTracks.audioUploadId),
      ),
    )
    .where(
      and(
        eq(submissionTracks.submissionId, submissionId),
        isNotNull(submissionTracks.audioUploadId),
        isNull(trackLoudness.trackId),
      ),
    );
  for (const { trackId, uploadId } of unmeasured) {
    if (!uploadId) continue;
    await enqueueJob(
      executor,
      measureLoudnessJobType,
      { trackId, uploadId },
      { uniqueKey: `${measureLoudnessJobType}:${trackId}:${uploadId}` },
    );
  }
  return unmeasured.length;
}
