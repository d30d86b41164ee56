import type { Executor } from '../../db/client';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';

export const prepareScheduleJobType = 'contracts.prepare-schedule' satisfies JobName;

/**
 * Preparing a release's schedule hashes its files (a 200 MB WAV is read from storage once), so it
 * is a job, enqueued in the transaction of the approval (or of the change that made the schedule
 * stale): it exists if and only if that change commits, and a storage failure retries. The job is
 * idempotent (an unchanged schedule is kept), so a duplicate costs a read of the rows only.
 */
export async function queuePrepareSchedule(executor: Executor, submissionId: string): Promise<void> {
  await enqueueJob(executor, prepareScheduleJobType, { submissionId });
}
