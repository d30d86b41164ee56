import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_RETENTION_YEARS } from '../../domain';
import { analyticsHourRevisions, errorReports, jobs, webVitalHistograms, webVitals } from '../db/schema';
import { createTestContext, type TestContext } from '../test/test-context';
import type { JobContext } from './define-job';
import { ANALYTICS_DELETE_BATCH, deleteOldAnalyticsJob } from './delete-old-analytics';
import { enqueueJob } from './queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const retention = sql.raw(`interval '${ANALYTICS_RETENTION_YEARS} years'`);
/** An hour either side of the retention, by the database's clock. */
const justOlder = sql`now() - ${retention} - interval '1 hour'`;
const justYounger = sql`now() - ${retention} + interval '1 hour'`;

async function insertVitals(prefix: string, count: number, createdAt: ReturnType<typeof sql>) {
  await db().execute(sql`
    insert into web_vitals (page_load_id, name, value, bin, route, device_type, created_at)
    select ${prefix}::text || g::text, 'LCP', 1200, 5, '/', 'desktop', ${createdAt}
      from generate_series(1, ${count}::int) as g`);
}

async function insertError(message: string, createdAt: ReturnType<typeof sql>) {
  await db()
    .insert(errorReports)
    .values({ source: 'client', message, severity: 'LOW', category: 'runtime', createdAt });
}

describe('maintenance.analytics-retention', () => {
  it('deletes web vitals, their hourly histograms and error events older than the retention, in batches, and runs again a day later', async () => {
    // More old rows than one batch: the job must go round until a batch comes back short.
    await insertVitals('old-', ANALYTICS_DELETE_BATCH + 3, justOlder);
    await insertVitals('young-', 2, justYounger);
    await insertError('old error', justOlder);
    await insertError('young error', justYounger);
    for (const [bin, at] of [
      [5, justOlder],
      [6, justYounger],
    ] as const) {
      await db().execute(
        sql`insert into web_vital_histograms (name, hour, bin, count) values ('LCP', ${at}, ${bin}, 1)`,
      );
    }

    // The dashboard cache's revisions: one too old for any window, one within the week, and the
    // revision of every hour.
    await db().delete(analyticsHourRevisions);
    await db().execute(sql`insert into analytics_hour_revisions (hour, revision) values
      (date_bin('1 hour', now() - interval '9 days', timestamptz 'epoch'), 1),
      (date_bin('1 hour', now() - interval '2 days', timestamptz 'epoch'), 2),
      ('-infinity', 3)`);

    const id = await enqueueJob(db(), 'maintenance.analytics-retention', {}, { uniqueKey: 'retention-test' });
    const outcome = await ctx.app.jobs.runOnce();
    expect(outcome).toMatchObject({ job: { id }, result: 'rescheduled' });

    const vitals = await db().select({ pageLoadId: webVitals.pageLoadId }).from(webVitals);
    expect(vitals.map((row) => row.pageLoadId).sort()).toEqual(['young-1', 'young-2']);
    const errors = await db().select({ message: errorReports.message }).from(errorReports);
    expect(errors.map((row) => row.message)).toEqual(['young error']);
    const bins = await db().select({ bin: webVitalHistograms.bin }).from(webVitalHistograms);
    expect(bins).toEqual([{ bin: 6 }]);
    const revisions = await db()
      .select({ revision: analyticsHourRevisions.revision })
      .from(analyticsHourRevisions);
    expect(revisions.map((row) => row.revision).sort()).toEqual([2, 3]);

    const [row] = await db()
      .select({
        status: jobs.status,
        attempts: jobs.attempts,
        dueInHours: sql<number>`extract(epoch from ${jobs.runAt} - now()) / 3600`,
      })
      .from(jobs)
      .where(eq(jobs.id, id ?? 0));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(Number(row?.dueInHours)).toBeGreaterThan(23.9);
    expect(Number(row?.dueInHours)).toBeLessThanOrEqual(24);
  });

  it('stops when the worker is stopping', async () => {
    await insertVitals('stopping-', 3, justOlder);
    const context = { db: db(), signal: AbortSignal.abort() } as unknown as JobContext;
    await deleteOldAnalyticsJob.handle({}, context);
    expect(
      await db().select().from(webVitals).where(sql`${webVitals.pageLoadId} like 'stopping-%'`),
    ).toHaveLength(3);
  });
});
