import type { Executor } from '../../db/client';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';

export const makeCoverJobType = 'delivery.make-cover' satisfies JobName;

/**
 * Making the store cover decodes and re-encodes a 3000 px image (about a second), so it is a job:
 * queued by an approval, and by the delivery checklist while the cover of the current artwork is
 * missing. One per submission waits at a time.
 */
export async function queueDeliveryCover(executor: Executor, submissionId: string): Promise<void> {
  await enqueueJob(
    executor,
    makeCoverJobType,
    { submissionId },
    { uniqueKey: `${makeCoverJobType}:${submissionId}` },
  );
}
