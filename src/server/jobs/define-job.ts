import type { z } from 'zod';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Providers } from '../providers';
import type { JobRow } from './queue';

/** What a handler is given besides its payload. */
export interface JobContext {
  job: JobRow;
  db: Database;
  providers: Providers;
  config: AppConfig;
  /** Aborted when the worker is stopping; long handlers should give up and let the job retry. */
  signal: AbortSignal;
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
  name: Name;
  payload: Payload;
  /** Attempts before the job is failed for good (default 5). */
  maxAttempts?: number;
  /**
   * A recurring job is scheduled once at start (unique key: its name) and answers
   * `{ rescheduleAfterMs }` from each run.
   */
  recurring?: boolean;
  handle(payload: z.output<Payload>, context: JobContext): Promise<JobResult>;
}

export function defineJob<const Name extends string, Payload extends z.ZodType>(
  definition: JobDefinition<Name, Payload>,
): JobDefinition<Name, Payload> {
  return definition;
}
