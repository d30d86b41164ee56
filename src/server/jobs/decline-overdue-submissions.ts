import { declineOverdueSubmissions } from '../services/response-promise/decline-overdue';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

const dayMs = 24 * 60 * 60_000;

/**
 * Daily: declines the submissions past the label's response promise with the decline
 * template staff chose, unless staff switched it off (services/response-promise/decline-overdue.ts).
 * The day is the job's clock (`now`: the database's, or the one a test sets) in the label's time
 * zone. A worker that is stopping leaves the rest to the next run.
 */
export const declineOverdueSubmissionsJob = defineJob({
  name: 'review.decline-overdue',
  payload: jobPayloads['review.decline-overdue'],
  recurring: true,
  async handle(_payload, { db, config, log, now, signal }) {
    await declineOverdueSubmissions({ db, config, log }, { now, trigger: 'schedule', signal });
    return { rescheduleAfterMs: dayMs };
  },
});
