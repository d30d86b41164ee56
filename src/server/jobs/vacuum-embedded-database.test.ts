import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKindOf } from '../db/client';
import { jobs } from '../db/schema';
import { createTestContext, type TestContext } from '../test/test-context';
import { enqueueJob } from './queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;

/** When each table was last vacuumed and analyzed by hand (not by autovacuum): both, or null. */
async function lastVacuums(): Promise<Map<string, Date | null>> {
  const result = (await db().execute(
    sql`select relname, least(last_vacuum, last_analyze) as at from pg_stat_user_tables`,
  )) as unknown as { rows: { relname: string; at: Date | string | null }[] };
  return new Map(result.rows.map((row) => [row.relname, row.at === null ? null : new Date(row.at)]));
}

describe('maintenance.vacuum-embedded-database', () => {
  it('vacuums and analyzes every table on the embedded database, does nothing on PostgreSQL, and runs again an hour later', async () => {
    const before = await lastVacuums();
    const id = await enqueueJob(
      db(),
      'maintenance.vacuum-embedded-database',
      {},
      { uniqueKey: 'vacuum-test' },
    );
    const outcome = await ctx.app.jobs.runOnce();
    expect(outcome?.job.id).toBe(id);
    expect(outcome?.result).toBe('rescheduled');
    const after = await lastVacuums();
    expect(after.size).toBeGreaterThan(20);
    if (databaseKindOf(db()) === 'pglite') {
      for (const table of ['submissions', 'sessions', 'jobs', 'signature_requests']) {
        expect(after.get(table), table).toBeInstanceOf(Date);
      }
    } else {
      // The server's autovacuum's work: the job vacuumed nothing itself.
      for (const [table, at] of after) expect(at, table).toEqual(before.get(table) ?? null);
    }
    const [row] = await db()
      .select({ runAt: jobs.runAt, status: jobs.status })
      .from(jobs)
      .where(sql`${jobs.id} = ${id}`);
    expect(row?.status).toBe('pending');
    expect((row?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * 60_000);
  });
});
