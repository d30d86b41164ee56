import { sql } from 'drizzle-orm';
import {
  computeResponseRecord,
  getResponseRecordWindowStart,
  type ResponseDecision,
  type StoredResponseRecord,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { submissionEvents, submissions } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { getSetting, setSetting } from '../settings/app-settings';

/** The job that computes the record (jobs/compute-response-record.ts). */
export const RESPONSE_RECORD_JOB = 'review.response-record';
/** The key of a one-off run (the promise changed, the record is stale at start). */
const REFRESH_KEY = `${RESPONSE_RECORD_JOB}:refresh`;
/** The job's period: a record older than this is stale, and the start of a process refreshes it. */
export const RESPONSE_RECORD_PERIOD_MS = 24 * 60 * 60_000;

/**
 * An event that answers a submission waiting on the label (domain/review/response-record.ts): it
 * leaves Pending, by a status change (staff's or the promise job's decline) or a change request.
 */
const decisionEvent = sql`${submissionEvents.type} in ('status_changed', 'changes_requested')
  and ${submissionEvents.fromStatus} = 'pending' and ${submissionEvents.toStatus} <> 'pending'`;

/**
 * Each submission's first answer, when that answer falls in [since, until]: the submissions with
 * any answer in the window, then each one's first answer through the events' index on
 * (submission_id, created_at, id). Times as epoch milliseconds, read alike from PGlite and pg.
 */
export async function readFirstDecisions(
  executor: Executor,
  since: Date,
  until: Date,
): Promise<ResponseDecision[]> {
  const result = await executor.execute(sql`
    with answered as (
      select distinct ${submissionEvents.submissionId} as submission_id from ${submissionEvents}
       where ${decisionEvent}
         and ${submissionEvents.createdAt} >= ${since.toISOString()}::timestamptz
         and ${submissionEvents.createdAt} <= ${until.toISOString()}::timestamptz)
    select (extract(epoch from ${submissions.createdAt}) * 1000)::float8 as submitted_ms,
           (extract(epoch from first_answer.created_at) * 1000)::float8 as decided_ms
      from answered
      join ${submissions} on ${submissions.id} = answered.submission_id
      cross join lateral (
        select ${submissionEvents.createdAt} as created_at from ${submissionEvents}
         where ${submissionEvents.submissionId} = answered.submission_id and ${decisionEvent}
         order by ${submissionEvents.createdAt}, ${submissionEvents.id} limit 1) as first_answer
     where first_answer.created_at >= ${since.toISOString()}::timestamptz`);
  const rows = (
    result as unknown as { rows: { submitted_ms: number | string; decided_ms: number | string }[] }
  ).rows;
  return rows.map((row) => ({
    submittedAt: new Date(Number(row.submitted_ms)),
    decidedAt: new Date(Number(row.decided_ms)),
  }));
}

/** Computes the record at `now` from the decisions and the promise as they stand, and stores it. */
export async function computeAndStoreResponseRecord(
  db: Database,
  config: Pick<AppConfig, 'label'>,
  now: Date,
): Promise<StoredResponseRecord> {
  const promiseDays = await getSetting(db, 'responsePromiseDays');
  const decisions = await readFirstDecisions(db, getResponseRecordWindowStart(now), now);
  const record: StoredResponseRecord = {
    computedAt: now.toISOString(),
    ...computeResponseRecord(decisions, { promiseDays, now, timeZone: config.label.timeZone }),
  };
  await setSetting(db, 'responsePromiseRecord', record);
  return record;
}

/** Queues a run now (once: a run already waiting covers it), in the caller's transaction. */
export async function queueResponseRecord(executor: Executor): Promise<void> {
  await enqueueJob(executor, RESPONSE_RECORD_JOB, { refresh: true }, { uniqueKey: REFRESH_KEY });
}

/**
 * At start: a record missing, older than a period, or judged under another promise is computed
 * again now, rather than shown (or hidden) until the daily run comes round.
 */
export async function refreshResponseRecordIfStale(db: Database, now = new Date()): Promise<boolean> {
  const [record, promiseDays] = await Promise.all([
    getSetting(db, 'responsePromiseRecord'),
    getSetting(db, 'responsePromiseDays'),
  ]);
  const stale =
    !record ||
    record.promiseDays !== promiseDays ||
    now.getTime() - Date.parse(record.computedAt) > RESPONSE_RECORD_PERIOD_MS;
  if (stale) await queueResponseRecord(db);
  return stale;
}
