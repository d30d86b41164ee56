import { randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config';
import type { Database, Executor } from '../db/client';
import { type Listener, listenForNotifications } from '../db/notifications';
import { jobs } from '../db/schema';
import type { Providers } from '../providers';
import type { Backoff, JobDefinition, JobResult, JobRow } from './define-job';
import type { JobName, JobPayload } from './job-names';

/**
 * The channel a job that is due at once is announced on (`NOTIFY`, sent when the enqueuing
 * transaction commits): idle workers listen and claim it at once instead of at their next poll.
 */
export const JOBS_CHANNEL = 'imprint_jobs';

export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  /** Attempts before the job fails for good; without it, the column's default (5). */
  maxAttempts?: number;
  /** When a pending or running job has this key already, nothing is added. */
  uniqueKey?: string;
}

/**
 * Adds a job of `allJobs` (`jobs/index.ts`): the name must be a defined job's and the payload
 * what its schema takes. Pass the transaction of the change that needs the job, so that the job
 * exists if and only if the change was committed. Answers the new job's id, or undefined when a
 * job with the same unique key was waiting already.
 */
export function enqueueJob<N extends JobName>(
  executor: Executor,
  name: N,
  payload: JobPayload<N>,
  options: EnqueueOptions = {},
): Promise<number | undefined> {
  return enqueueUncheckedJob(executor, name, payload, options);
}

/**
 * `enqueueJob` without the registry's types, for jobs that are not in `allJobs`: the queue's own
 * tests and the bench, and code that holds a definition only at run time (scheduleRecurringJobs).
 */
export async function enqueueUncheckedJob(
  executor: Executor,
  name: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<number | undefined> {
  // A job due now wakes the workers: NOTIFY in the same statement, per row actually added (none
  // when the unique key was taken), delivered by the database only if the transaction commits.
  const dueNow = !options.runAt || options.runAt.getTime() <= Date.now();
  const [row] = await executor
    .insert(jobs)
    .values({
      type: name,
      payload,
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      ...(options.uniqueKey ? { uniqueKey: options.uniqueKey } : {}),
    })
    .onConflictDoNothing()
    .returning({
      id: jobs.id,
      ...(dueNow ? { notified: sql`pg_notify(${JOBS_CHANNEL}, ${name})` } : {}),
    });
  return row?.id;
}

/** Thrown by a handler for a failure that retrying cannot fix (bad payload, deleted object). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobWorkerOptions {
  db: Database;
  /** The jobs this worker runs (the app passes `allJobs`); a job of another name fails for good. */
  jobs: readonly JobDefinition[];
  /** Given to every handler in its context. */
  providers: Providers;
  config: AppConfig;
  log: FastifyBaseLogger;
  /**
   * How often an idle worker looks for due jobs: those whose time came (retries, recurring jobs),
   * and any whose NOTIFY it missed. A job enqueued to run at once wakes it sooner (`listen`).
   */
  pollIntervalMs?: number;
  /** Whether the started loop listens on JOBS_CHANNEL to wake when a job is enqueued (default true). */
  listen?: boolean;
  /** How long a claimed job stays locked; a worker that dies mid-job loses it after this. */
  leaseMs?: number;
  /**
   * Backoff before attempt n+1 is backoffBaseMs * 4^(n-1), capped at backoffMaxMs, with jitter,
   * unless the job's definition has its own (`backoff`).
   */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * A clock for tests to move by hand. Without one, every time is the database's `now()`, so that
   * app instances with drifting clocks agree on what is due.
   */
  now?: () => Date;
  random?: () => number;
  onError?: (error: unknown, job: JobRow | undefined) => void;
  /**
   * Called once a job has been marked failed for good (not for a failure that will be retried),
   * with its row as stored and its last error. What it throws goes to onError.
   */
  onGiveUp?: (job: JobRow, lastError: string) => Promise<void> | void;
  workerId?: string;
}

export type JobOutcome = { job: JobRow; result: 'done' | 'rescheduled' | 'retry' | 'failed' };

/**
 * In-process worker over the jobs table. It claims one due job at a time with
 * `FOR UPDATE SKIP LOCKED` (several instances never take the same job), parses its payload with
 * its definition's schema, runs its handler, and records the result: done, retry later with
 * exponential backoff, or failed after the row's max_attempts. Jobs whose lease ran out (the
 * process died) are due again, so nothing is lost on restart.
 */
export class JobWorker {
  private readonly db: Database;
  private readonly definitions: ReadonlyMap<string, JobDefinition>;
  private readonly providers: Providers;
  private readonly config: AppConfig;
  private readonly log: FastifyBaseLogger;
  private readonly pollIntervalMs: number;
  private readonly listen: boolean;
  private listener: Listener | undefined;
  private sleeping = false;
  private readonly leaseMs: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly clock: (() => Date) | undefined;
  private readonly random: () => number;
  private readonly onError: (error: unknown, job: JobRow | undefined) => void;
  private readonly onGiveUp: JobWorkerOptions['onGiveUp'];
  readonly workerId: string;
  private abort = new AbortController();
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** Set by notify(); a notify that arrives while the loop is busy must not be lost. */
  private notified = false;

  constructor(options: JobWorkerOptions) {
    this.db = options.db;
    const definitions = new Map<string, JobDefinition>();
    for (const definition of options.jobs) {
      if (definitions.has(definition.name)) throw new Error(`Two jobs are named "${definition.name}"`);
      definitions.set(definition.name, definition);
    }
    this.definitions = definitions;
    this.providers = options.providers;
    this.config = options.config;
    this.log = options.log;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.listen = options.listen ?? true;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.backoffBaseMs = options.backoffBaseMs ?? 5_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60 * 60_000;
    this.clock = options.now;
    this.random = options.random ?? Math.random;
    this.onError = options.onError ?? (() => {});
    this.onGiveUp = options.onGiveUp;
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
  }

  /** Delay before the next attempt, after `attempts` failed ones: the job's backoff, or the worker's. */
  backoffMs(attempts: number, backoff?: Backoff): number {
    const { baseMs, factor, maxMs } = backoff ?? {
      baseMs: this.backoffBaseMs,
      factor: 4,
      maxMs: this.backoffMaxMs,
    };
    const capped = Math.min(baseMs * factor ** Math.max(0, attempts - 1), maxMs);
    // Up to 20% jitter spreads retries of jobs that failed together.
    return Math.round(capped * (1 + 0.2 * this.random()));
  }

  /** The current time as SQL: the injected clock, or the database's own. */
  private now(): SQL {
    return this.clock ? sql`${this.clock().toISOString()}::timestamptz` : sql`now()`;
  }

  private nowPlus(ms: number): SQL {
    return sql`${this.now()} + ${ms} * interval '1 millisecond'`;
  }

  /** Claims the next due job, or returns undefined when none is due. */
  async claim(): Promise<JobRow | undefined> {
    const [job] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: this.workerId,
        lockedUntil: this.nowPlus(this.leaseMs),
        updatedAt: this.now(),
      })
      .where(
        sql`${jobs.id} = (
          select id from ${jobs}
           where (status = 'pending' and run_at <= ${this.now()})
              or (status = 'running' and locked_until < ${this.now()})
           order by run_at, id
           limit 1
           for update skip locked)`,
      )
      .returning();
    return job;
  }

  /** Runs one due job if there is one. Used by the loop, and directly by tests. */
  async runOnce(): Promise<JobOutcome | undefined> {
    const job = await this.claim();
    if (!job) return undefined;
    const definition = this.definitions.get(job.type);
    let result: JobResult;
    try {
      if (!definition) throw new PermanentJobError(`No handler for job type "${job.type}"`);
      const payload = definition.payload.safeParse(job.payload);
      if (!payload.success) {
        // "Invalid mail payload (mail.send): ✖ Invalid email address → at to"
        const area = job.type.split('.', 1)[0];
        throw new PermanentJobError(
          `Invalid ${area} payload (${job.type}): ${z.prettifyError(payload.error)}`,
        );
      }
      result = await definition.handle(payload.data, {
        job,
        now: job.updatedAt,
        db: this.db,
        providers: this.providers,
        config: this.config,
        log: this.log.child({ jobId: job.id, jobName: job.type }),
        signal: this.abort.signal,
      });
    } catch (error) {
      this.onError(error, job);
      return this.recordFailure(job, error, definition?.backoff);
    }
    if (result?.rescheduleAfterMs !== undefined) {
      await this.db
        .update(jobs)
        .set({
          status: 'pending',
          attempts: 0,
          runAt: this.nowPlus(result.rescheduleAfterMs),
          updatedAt: this.now(),
          lockedBy: null,
          lockedUntil: null,
          lastError: null,
        })
        .where(this.ownedBy(job));
      return { job, result: 'rescheduled' };
    }
    const now = this.now();
    await this.db
      .update(jobs)
      .set({
        status: 'done',
        completedAt: now,
        updatedAt: now,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
      })
      .where(this.ownedBy(job));
    return { job, result: 'done' };
  }

  private async recordFailure(
    job: JobRow,
    error: unknown,
    backoff: Backoff | undefined,
  ): Promise<JobOutcome> {
    const now = this.now();
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const permanent = error instanceof PermanentJobError;
    const giveUp = permanent || job.attempts >= job.maxAttempts;
    const lastError = message.slice(0, 4000);
    const [stored] = await this.db
      .update(jobs)
      .set({
        status: giveUp ? 'failed' : 'pending',
        runAt: giveUp ? job.runAt : this.nowPlus(this.backoffMs(job.attempts, backoff)),
        lastError,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: now,
        ...(giveUp ? { completedAt: now } : {}),
      })
      .where(this.ownedBy(job))
      .returning();
    // Not when the lease was lost meanwhile: the worker that took the job over reports its end.
    if (giveUp && stored && this.onGiveUp) {
      try {
        await this.onGiveUp(stored, lastError);
      } catch (error) {
        this.onError(error, stored);
      }
    }
    return { job, result: giveUp ? 'failed' : 'retry' };
  }

  /** A worker whose lease ran out must not overwrite the result of the worker that took over. */
  private ownedBy(job: JobRow) {
    return and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId));
  }

  /**
   * Starts the loop: listens for enqueued jobs, drains due jobs, then sleeps until the next poll, a
   * NOTIFY on JOBS_CHANNEL, or a `notify()`.
   */
  start(): void {
    if (this.loop) return;
    this.abort = new AbortController();
    const signal = this.abort.signal;
    this.loop = (async () => {
      if (this.listen) await this.startListening();
      while (!signal.aborted) {
        this.notified = false;
        try {
          const outcome = await this.runOnce();
          if (outcome) continue;
        } catch (error) {
          // The database may be briefly unreachable; keep the loop alive and try again later.
          this.onError(error, undefined);
        }
        if (this.notified) continue;
        this.sleeping = true;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, this.pollIntervalMs);
          this.wake = done;
          signal.addEventListener('abort', done, { once: true });
        });
        this.sleeping = false;
        this.wake = undefined;
      }
    })();
  }

  /** Without a listener (the database refused LISTEN) the loop still polls. */
  private async startListening(): Promise<void> {
    try {
      this.listener = await listenForNotifications(this.db, JOBS_CHANNEL, {
        onNotify: () => this.notify(),
        onError: (error) => this.onError(error, undefined),
      });
    } catch (error) {
      this.onError(error, undefined);
    }
  }

  /** True while the started loop waits for a poll or a wake-up, having found nothing due. */
  get idle(): boolean {
    return this.sleeping;
  }

  /** Wakes an idle loop at once (enqueued jobs do this by themselves, through the database). */
  notify(): void {
    this.notified = true;
    this.wake?.();
  }

  /** Stops taking jobs and waits for the running one to finish. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
    this.loop = undefined;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }
}
