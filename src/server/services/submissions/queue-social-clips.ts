import type { Executor } from '../../db/client';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';

export const socialClipsJobType = 'media.social-clips' satisfies JobName;

/**
 * Cutting the requested clips of a submission is a job: enqueued with the submission (so a
 * browser that closes early loses nothing) and again by POST /api/background/process-social-clips;
 * the unique key keeps one in the queue, and the job skips clips already cut.
 */
export async function queueSocialClips(executor: Executor, submissionId: string): Promise<void> {
  await enqueueJob(
    executor,
    socialClipsJobType,
    { submissionId },
    { uniqueKey: `${socialClipsJobType}:${submissionId}` },
  );
}
