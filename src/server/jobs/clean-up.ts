import { sql } from 'drizzle-orm';
import { jobs, rateLimitCounters, sessions, signInTokens } from '../db/schema';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

const cleanUpIntervalMs = 60 * 60_000;

/** Hourly: drops expired sessions and sign-ins, stale rate-limit counters and old finished jobs. */
export const cleanUpJob = defineJob({
  name: 'maintenance.clean-up',
  payload: jobPayloads['maintenance.clean-up'],
  recurring: true,
  async handle(_payload, { db }) {
    await db
      .delete(sessions)
      .where(sql`${sessions.idleExpiresAt} <= now() or ${sessions.absoluteExpiresAt} <= now()`);
    await db.delete(signInTokens).where(sql`${signInTokens.expiresAt} <= now() - interval '1 day'`);
    await db
      .delete(rateLimitCounters)
      .where(sql`${rateLimitCounters.windowStartedAt} <= now() - interval '1 day'`);
    await db
      .delete(jobs)
      .where(sql`${jobs.status} = 'done' and ${jobs.completedAt} <= now() - interval '14 days'`);
    return { rescheduleAfterMs: cleanUpIntervalMs };
  },
});
