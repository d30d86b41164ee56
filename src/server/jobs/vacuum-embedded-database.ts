import { sql } from 'drizzle-orm';
import { databaseKindOf } from '../db/client';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

const vacuumIntervalMs = 60 * 60_000;

/**
 * Hourly, on the embedded database: VACUUM (ANALYZE) of every table, one statement each, so other
 * queries go between them. PostgreSQL's autovacuum does this for a server; PGlite runs none, so
 * without it every update and delete leaves its dead row version for good, each index lists them
 * all, and an index scan always visits the table (no visibility map): the board's filtered first
 * page at 100,000 submissions read 1,001 rows from the heap. A table already clean
 * costs next to nothing (vacuum skips its all-visible pages). On PostgreSQL the job does nothing.
 */
export const vacuumEmbeddedDatabaseJob = defineJob({
  name: 'maintenance.vacuum-embedded-database',
  payload: jobPayloads['maintenance.vacuum-embedded-database'],
  recurring: true,
  async handle(_payload, { db, log, signal }) {
    if (databaseKindOf(db) !== 'pglite') return { rescheduleAfterMs: vacuumIntervalMs };
    const tables = (await db.execute(
      sql`select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables order by relname`,
    )) as unknown as { rows: { name: string }[] };
    const started = performance.now();
    let vacuumed = 0;
    for (const { name } of tables.rows) {
      // Stopping: the next run does the rest.
      if (signal.aborted) break;
      // The name is the catalogue's own, quoted by format('%I'): VACUUM takes no parameters.
      await db.execute(sql.raw(`vacuum (analyze) ${name}`));
      vacuumed++;
    }
    log.info({ tables: vacuumed, ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
    return { rescheduleAfterMs: vacuumIntervalMs };
  },
});
