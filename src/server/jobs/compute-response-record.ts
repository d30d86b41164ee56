import {
  computeAndStoreResponseRecord,
  RESPONSE_RECORD_PERIOD_MS,
} from '../services/response-promise/response-record';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

/**
 * `review.response-record`, daily: the response promise's record (domain/review/response-record.ts)
 * from the first answers of the last 90 days, stored as the `responsePromiseRecord` setting that
 * `/submit` and the dashboard read (services/settings/site-config.ts). Its clock is the worker's
 * (`now`: the database's, or the one a test sets). A run queued with `refresh` (a changed promise,
 * a stale record at start: services/response-promise/response-record.ts) computes once and ends,
 * leaving the daily one to its schedule.
 */
export const computeResponseRecordJob = defineJob({
  name: 'review.response-record',
  payload: jobPayloads['review.response-record'],
  recurring: true,
  async handle(payload, { db, config, now, log }) {
    const record = await computeAndStoreResponseRecord(db, config, now);
    log.info(
      { decisions: record.decisions, onTimePercent: record.onTimePercent, medianDays: record.medianDays },
      'response promise record computed',
    );
    return payload.refresh ? undefined : { rescheduleAfterMs: RESPONSE_RECORD_PERIOD_MS };
  },
});
