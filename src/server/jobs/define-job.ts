import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { jobs } from '../db/schema';
import type { Providers } from '../providers';

/** A row of the `jobs` table: one queued job. */
export type JobRow = typeof jobs.$inferSelect;

/** What a handler is given besides its payload. */
export interface JobContext {
  job: JobRow;
  /** When the worker claimed the job, on its clock: the database's, or the one a test moves. */
  now: Date;
  db: Database;
  providers: Providers;
  config: AppConfig;
  /** The app's logger, bound to the job's id and name. */
  log: FastifyBaseLogger;
  /** Aborted when the worker is stopping; long handlers should give up and let the job retry. */
  signal: AbortSignal;
}

/**
 * The delay before attempt n+1 after n failed ones: `baseMs * factor^(n-1)`, at most `maxMs`, plus
 * up to 20% jitter (so jobs that failed together do not retry together).
 */
export interface Backoff {
  baseMs: number;
  factor: number;
  maxMs: number;
}

/** Milliseconds from `now` to the next `hour`:00 UTC (tomorrow's, once today's has passed): a daily job's next run. */
export function msUntilNextUtcHour(now: Date, hour: number): number {
  const next = new Date(now);
  next.setUTCHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** A recurring job answers when it wants to run again; it then goes back to pending. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing is the common case.
export type JobResult = void | { rescheduleAfterMs: number };

/**
 * One background job, defined in one file of `src/server/jobs/`: its name, the zod schema of its
 * payload, and its handler. The worker parses every payload with the schema before the handler
 * sees it (a payload that does not parse fails the job at once: retrying cannot fix it), and
 * `enqueueJob` takes the payload's type from the same schema.
 */
export interface JobDefinition<Name extends string = string, Payload extends z.ZodType = z.ZodType> {
  /** The job's type in the `jobs` table: rows already stored carry it, so it never changes. */
  name: Name;
  payload: Payload;
  /**
   * Attempts before the job is failed for good (default 5, the column's). The limit is stored on
   * each row when the job is enqueued, and the worker reads it from the row; `queue.ts` cannot
   * read definitions at run time (services import it), so the code that enqueues a job with a
   * limit of its own passes the same value: `scheduleRecurringJobs` for recurring jobs, the
   * service's constant otherwise (a test checks that they agree).
   */
  maxAttempts?: number;
  /**
   * Its own retry delays, for a job that must outlast a long outage (mail: a day); without it the
   * worker's (5 s, times 4 per attempt, at most an hour). Read from the definition when an attempt
   * fails, so it applies to jobs already queued.
   */
  backoff?: Backoff;
  /**
   * A recurring job is scheduled once at start (unique key: its name) and answers
   * `{ rescheduleAfterMs }` from each run. Its payload is `{}`.
   */
  recurring?: boolean;
  handle(payload: z.output<Payload>, context: JobContext): Promise<JobResult>;
}

export function defineJob<const Name extends string, Payload extends z.ZodType>(
  definition: JobDefinition<Name, Payload>,
): JobDefinition<Name, Payload> {
  return definition;
}
