import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAIL_GIVEN_UP_WINDOW_HOURS, type MailQueueState } from '../../../domain';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema';
import { sendMailJobType } from '../mail/queue-mail';

/**
 * The mail in the job queue: how many mails wait, how long the oldest has, how many
 * were given up in the last day, and the newest error among them. Times are the database's. Only
 * unfinished and failed rows are read (the status index), never the sent mail of the last weeks:
 * load balancers poll /api/health.
 */
export async function readMailQueue(executor: Executor): Promise<MailQueueState> {
  const waiting = sql`${jobs.status} in ('pending', 'running')`;
  const givenUp = sql`${jobs.status} = 'failed' and ${jobs.completedAt} > now() - ${MAIL_GIVEN_UP_WINDOW_HOURS} * interval '1 hour'`;
  const rows = await executor
    .select({
      waiting: sql<number>`count(*) filter (where ${waiting})::int`,
      oldestWaitingSeconds: sql<
        number | null
      >`floor(extract(epoch from now() - min(${jobs.createdAt}) filter (where ${waiting})))::int`,
      givenUp: sql<number>`count(*) filter (where ${givenUp})::int`,
      lastError: sql<string | null>`(array_agg(${jobs.lastError} order by ${jobs.updatedAt} desc)
        filter (where ${jobs.lastError} is not null and (${waiting} or (${givenUp}))))[1]`,
    })
    .from(jobs)
    .where(and(eq(jobs.type, sendMailJobType), inArray(jobs.status, ['pending', 'running', 'failed'])));
  const row = rows[0];
  const oldest = row?.oldestWaitingSeconds;
  return {
    waiting: row?.waiting ?? 0,
    oldestWaitingSeconds: oldest === null || oldest === undefined ? null : Math.max(0, Number(oldest)),
    givenUp: row?.givenUp ?? 0,
    lastError: row?.lastError ?? null,
  };
}
