import { sql } from 'drizzle-orm';
import { ANALYTICS_RETENTION_YEARS } from '../../domain';
import type { Database } from '../db/client';
import { analyticsHourRevisions, errorReports, webVitalHistograms, webVitals } from '../db/schema';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

const dayMs = 24 * 60 * 60_000;
/** Rows per statement: a long backlog is deleted in short transactions, not one that locks for minutes. */
export const ANALYTICS_DELETE_BATCH = 10_000;

/** Deletes one batch of rows older than the retention; answers how many went. */
async function deleteBatch(db: Database, table: typeof webVitals | typeof errorReports): Promise<number> {
  const deleted = await db
    .delete(table)
    .where(
      sql`${table.id} in (select ${table.id} from ${table}
        where ${table.createdAt} < now() - ${ANALYTICS_RETENTION_YEARS} * interval '1 year'
        limit ${ANALYTICS_DELETE_BATCH})`,
    )
    .returning({ id: table.id });
  return deleted.length;
}

/** Deletes one batch of hourly histogram rows of hours past the retention; answers how many went. */
async function deleteHistogramBatch(db: Database): Promise<number> {
  const deleted = await db
    .delete(webVitalHistograms)
    .where(
      sql`ctid in (select ctid from ${webVitalHistograms}
        where ${webVitalHistograms.hour} < now() - ${ANALYTICS_RETENTION_YEARS} * interval '1 year'
        limit ${ANALYTICS_DELETE_BATCH})`,
    )
    .returning({ hour: webVitalHistograms.hour });
  return deleted.length;
}

/** Revisions of hours no dashboard window reaches any more (drizzle/0007; '-infinity' stays). */
async function deleteOldRevisions(db: Database): Promise<void> {
  await db
    .delete(analyticsHourRevisions)
    .where(
      sql`${analyticsHourRevisions.hour} < now() - interval '8 days' and ${analyticsHourRevisions.hour} <> '-infinity'`,
    );
}

/**
 * Daily: deletes web vitals (and their hourly histograms) and error events older than the legal text's analytics retention
 * (ANALYTICS_RETENTION_YEARS), batch by batch, by the database's clock, and the dashboard cache's
 * revisions of hours older than its longest window. A worker that is stopping
 * leaves the rest to the next run.
 */
export const deleteOldAnalyticsJob = defineJob({
  name: 'maintenance.analytics-retention',
  payload: jobPayloads['maintenance.analytics-retention'],
  recurring: true,
  async handle(_payload, { db, signal }) {
    for (const table of [webVitals, errorReports]) {
      while (!signal.aborted && (await deleteBatch(db, table)) === ANALYTICS_DELETE_BATCH) {}
    }
    while (!signal.aborted && (await deleteHistogramBatch(db)) === ANALYTICS_DELETE_BATCH) {}
    if (!signal.aborted) await deleteOldRevisions(db);
    return { rescheduleAfterMs: dayMs };
  },
});
