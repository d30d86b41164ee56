import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AppConfig } from '../config';
import { jobs } from '../db/schema';
import type { Providers } from '../providers';
import { createTestDatabase, type TestDatabase } from '../test/test-context';
import { defineJob, type JobContext, type JobDefinition, type JobResult, type JobRow } from './define-job';
import {
  enqueueUncheckedJob as enqueueJob,
  JobWorker,
  type JobWorkerOptions,
  PermanentJobError,
} from './queue';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

/** A clock the test moves by hand, so retries are tested without waiting. */
function manualClock(start = new Date('2026-11-20T12:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

// The queue is tested with jobs of its own, outside the registry: enqueued unchecked, any payload.
const providers = { kind: 'test providers' } as unknown as Providers;
const config = { kind: 'test config' } as unknown as AppConfig;
const log = Fastify({ logger: false }).log;

type Handler = (payload: unknown, context: JobContext) => Promise<JobResult>;

/** Test jobs that take any payload, by name. */
function anyPayloadJobs(handlers: Record<string, Handler>): JobDefinition[] {
  return Object.entries(handlers).map(([name, handle]) => defineJob({ name, payload: z.unknown(), handle }));
}

function worker(
  handlers: Record<string, Handler> | JobDefinition[],
  clock = manualClock(),
  extra: Partial<JobWorkerOptions> = {},
) {
  return new JobWorker({
    db: database.db,
    jobs: Array.isArray(handlers) ? handlers : anyPayloadJobs(handlers),
    providers,
    config,
    log,
    now: clock.now,
    random: () => 0,
    backoffBaseMs: 1000,
    ...extra,
  });
}

async function jobRow(id: number | undefined) {
  if (id === undefined) throw new Error('no job id');
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} not found`);
  return row;
}

describe('enqueueJob', () => {
  it('creates the job only if the surrounding transaction commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.noop', { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(jobs)).toHaveLength(0);

    const id = await database.db.transaction((tx) => enqueueJob(tx, 'test.noop', { n: 2 }));
    expect(await jobRow(id)).toMatchObject({
      type: 'test.noop',
      payload: { n: 2 },
      status: 'pending',
      attempts: 0,
    });
  });
});

describe('unique jobs', () => {
  it('adds nothing while a pending or running job has the same key, and again once it is done', async () => {
    const clock = manualClock();
    const first = await enqueueJob(database.db, 'test.once', {}, { uniqueKey: 'k', runAt: clock.now() });
    expect(first).toBeTypeOf('number');
    expect(await enqueueJob(database.db, 'test.once', {}, { uniqueKey: 'k' })).toBeUndefined();
    await worker({ 'test.once': async () => {} }, clock).runOnce();
    expect(await enqueueJob(database.db, 'test.once', {}, { uniqueKey: 'k' })).toBeTypeOf('number');
  });
});

describe('JobWorker', () => {
  it('puts a recurring job back to pending at the time it asks for', async () => {
    const clock = manualClock();
    let runs = 0;
    const w = worker(
      {
        'test.recurring': async () => {
          runs += 1;
          return { rescheduleAfterMs: 3_600_000 };
        },
      },
      clock,
    );
    const id = await enqueueJob(
      database.db,
      'test.recurring',
      {},
      { runAt: clock.now(), uniqueKey: 'recurring' },
    );
    expect(await w.runOnce()).toMatchObject({ result: 'rescheduled' });
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(3_600_000);
    expect(await w.runOnce()).toBeUndefined();
    clock.advance(3_600_000);
    expect(await w.runOnce()).toMatchObject({ result: 'rescheduled' });
    expect(runs).toBe(2);
  });

  it('runs a due job once and marks it done', async () => {
    const seen: unknown[] = [];
    const clock = manualClock();
    const w = worker({ 'test.record': async (payload) => void seen.push(payload) }, clock);
    const id = await enqueueJob(database.db, 'test.record', { hello: 'world' }, { runAt: clock.now() });

    expect(await w.runOnce()).toMatchObject({ result: 'done' });
    expect(seen).toEqual([{ hello: 'world' }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedBy: null });
    expect(await w.runOnce()).toBeUndefined();
  });

  it('does not run a job before its runAt', async () => {
    const clock = manualClock();
    const w = worker({ 'test.noop': async () => {} }, clock);
    await enqueueJob(database.db, 'test.noop', {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    expect(await w.runOnce()).toBeUndefined();
    clock.advance(60_000);
    expect(await w.runOnce()).toMatchObject({ result: 'done' });
  });

  it('retries a job that fails twice with growing backoff, then succeeds', async () => {
    const clock = manualClock();
    let calls = 0;
    const w = worker(
      {
        'test.flaky': async () => {
          calls += 1;
          if (calls <= 2) throw new Error(`transient failure ${calls}`);
        },
      },
      clock,
    );
    const id = await enqueueJob(database.db, 'test.flaky', {}, { runAt: clock.now(), maxAttempts: 5 });

    expect(await w.runOnce()).toMatchObject({ result: 'retry' });
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: transient failure 1' });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(1000);
    expect(await w.runOnce()).toBeUndefined(); // not due yet

    clock.advance(1000);
    expect(await w.runOnce()).toMatchObject({ result: 'retry' });
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'Error: transient failure 2' });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(4000);

    clock.advance(4000);
    expect(await w.runOnce()).toMatchObject({ result: 'done' });
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    expect(calls).toBe(3);
  });

  it('gives up after maxAttempts and keeps the last error', async () => {
    const clock = manualClock();
    const w = worker({ 'test.broken': async () => Promise.reject(new Error('always')) }, clock);
    const id = await enqueueJob(database.db, 'test.broken', {}, { runAt: clock.now(), maxAttempts: 2 });
    expect(await w.runOnce()).toMatchObject({ result: 'retry' });
    clock.advance(10_000);
    expect(await w.runOnce()).toMatchObject({ result: 'failed' });
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Error: always' });
    clock.advance(24 * 3600_000);
    expect(await w.runOnce()).toBeUndefined();
  });

  it('fails at once on a permanent error or an unknown job type', async () => {
    const clock = manualClock();
    const w = worker(
      { 'test.bad-payload': async () => Promise.reject(new PermanentJobError('no such file')) },
      clock,
    );
    const bad = await enqueueJob(database.db, 'test.bad-payload', {}, { runAt: clock.now() });
    const unknown = await enqueueJob(database.db, 'test.unknown', {}, { runAt: clock.now() });
    expect(await w.runOnce()).toMatchObject({ result: 'failed' });
    expect(await w.runOnce()).toMatchObject({ result: 'failed' });
    expect(await jobRow(bad)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await jobRow(unknown)).lastError).toContain('No handler for job type "test.unknown"');
  });

  it('takes over a job whose worker died, once its lease has run out (nothing lost on restart)', async () => {
    const clock = manualClock();
    const crashed = worker({}, clock, { leaseMs: 30_000, workerId: 'crashed' });
    const id = await enqueueJob(database.db, 'test.work', {}, { runAt: clock.now() });
    const claimed = await crashed.claim(); // claimed, then the process dies before finishing
    expect(claimed?.id).toBe(id);

    const seen: number[] = [];
    const restarted = worker({ 'test.work': async (_p, { job }) => void seen.push(job.id) }, clock, {
      leaseMs: 30_000,
      workerId: 'restarted',
    });
    expect(await restarted.runOnce()).toBeUndefined(); // still leased
    clock.advance(30_001);
    expect(await restarted.runOnce()).toMatchObject({ result: 'done' });
    expect(seen).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('never gives one job to two workers', async () => {
    const clock = manualClock();
    const count = 20;
    for (let i = 0; i < count; i++)
      await enqueueJob(database.db, 'test.count', { i }, { runAt: clock.now() });
    const runs: number[] = [];
    const handler: Handler = async (payload) => void runs.push((payload as { i: number }).i);
    const workers = [1, 2, 3].map((n) => worker({ 'test.count': handler }, clock, { workerId: `w${n}` }));
    const drain = async (w: JobWorker) => {
      while (await w.runOnce()) {}
    };
    await Promise.all(workers.map(drain));
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it('runs jobs in the background once started, and is woken by notify()', async () => {
    const done: string[] = [];
    let resolveDone: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    const w = new JobWorker({
      db: database.db,
      providers,
      config,
      log,
      pollIntervalMs: 60_000, // only notify() can wake it within the test
      jobs: anyPayloadJobs({
        'test.bg': async (payload) => {
          done.push((payload as { name: string }).name);
          if (done.length === 2) resolveDone();
        },
      }),
    });
    w.start();
    await enqueueJob(database.db, 'test.bg', { name: 'a' });
    await enqueueJob(database.db, 'test.bg', { name: 'b' });
    w.notify();
    await finished;
    await w.stop();
    expect(done.sort()).toEqual(['a', 'b']);
  });

  it('is woken by the database when a job due now is enqueued and committed, not by its poll', async () => {
    const events: string[] = [];
    let handled: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      handled = resolve;
    });
    const w = new JobWorker({
      db: database.db,
      providers,
      config,
      log,
      pollIntervalMs: 3_600_000, // an hour: only the NOTIFY can wake it within the test
      jobs: anyPayloadJobs({
        'test.wake': async (payload) => {
          events.push(`handled ${(payload as { name: string }).name}`);
          handled();
        },
      }),
    });
    w.start();
    try {
      // Asleep after draining an empty queue: from here on, only a wake-up runs a job.
      await vi.waitFor(() => expect(w.idle).toBe(true));
      // A job for later and a rolled-back one wake nothing that runs.
      await enqueueJob(
        database.db,
        'test.wake',
        { name: 'later' },
        { runAt: new Date(Date.now() + 3_600_000) },
      );
      await database.db
        .transaction(async (tx) => {
          await enqueueJob(tx, 'test.wake', { name: 'rolled back' });
          throw new Error('roll back');
        })
        .catch(() => {});
      await database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.wake', { name: 'now' });
        events.push('enqueued');
      });
      events.push('committed');
      await finished;
    } finally {
      await w.stop();
    }
    expect(events).toEqual(['enqueued', 'committed', 'handled now']);
  });

  it('keeps polling for due jobs it was not told about', async () => {
    const done: string[] = [];
    let handled: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      handled = resolve;
    });
    const w = new JobWorker({
      db: database.db,
      providers,
      config,
      log,
      listen: false,
      pollIntervalMs: 10,
      jobs: anyPayloadJobs({
        'test.poll': async (payload) => {
          done.push((payload as { name: string }).name);
          handled();
        },
      }),
    });
    w.start();
    try {
      await vi.waitFor(() => expect(w.idle).toBe(true));
      await enqueueJob(database.db, 'test.poll', { name: 'polled' });
      await finished;
    } finally {
      await w.stop();
    }
    expect(done).toEqual(['polled']);
  });

  it('backs off exponentially up to the cap, with at most 20% jitter', () => {
    const w = new JobWorker({
      db: database.db,
      jobs: [],
      providers,
      config,
      log,
      backoffBaseMs: 1000,
      backoffMaxMs: 60_000,
      random: () => 1,
    });
    expect([1, 2, 3, 4, 5].map((n) => w.backoffMs(n))).toEqual([1200, 4800, 19200, 72000, 72000]);
  });
});

describe('job definitions in the worker', () => {
  const greet = (handle: (payload: { name: string; times: number }, context: JobContext) => Promise<void>) =>
    defineJob({
      name: 'test.greet',
      payload: z.object({ name: z.string().min(1), times: z.number().int().default(1) }),
      handle,
    });

  it('hands the handler the parsed payload and the context: providers, config, a logger, the job', async () => {
    const clock = manualClock();
    const seen: unknown[] = [];
    const w = worker(
      [
        greet(async (payload, context) => {
          seen.push(payload, context.providers, context.config, context.job.type);
          context.log.info('greeting'); // a real logger, bound to the job
        }),
      ],
      clock,
    );
    const id = await enqueueJob(
      database.db,
      'test.greet',
      { name: 'Maya', extra: true },
      { runAt: clock.now() },
    );
    expect(await w.runOnce()).toMatchObject({ result: 'done' });
    // The schema's output: its default filled in, the unknown key stripped.
    expect(seen).toEqual([{ name: 'Maya', times: 1 }, providers, config, 'test.greet']);
    expect(await jobRow(id)).toMatchObject({ status: 'done', payload: { name: 'Maya', extra: true } });
  });

  it('fails a payload its schema refuses at once, with zod’s words, without calling the handler', async () => {
    const clock = manualClock();
    let calls = 0;
    const w = worker(
      [
        greet(async () => {
          calls += 1;
        }),
      ],
      clock,
    );
    const id = await enqueueJob(
      database.db,
      'test.greet',
      { name: '' },
      { runAt: clock.now(), maxAttempts: 5 },
    );
    expect(await w.runOnce()).toMatchObject({ result: 'failed' });
    expect(calls).toBe(0);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toBe(
      'PermanentJobError: Invalid test payload (test.greet): ✖ Too small: expected string to have >=1 characters\n  → at name',
    );
  });

  it('refuses two definitions with one name', () => {
    const noop = defineJob({ name: 'test.twice', payload: z.object({}), handle: async () => {} });
    expect(() => worker([noop, { ...noop }])).toThrow('Two jobs are named "test.twice"');
  });
});

describe('onGiveUp', () => {
  it('is called once, when the last attempt fails, not on the retries before it', async () => {
    const clock = manualClock();
    const givenUp: Array<{ job: JobRow; lastError: string }> = [];
    let attempt = 0;
    const w = worker(
      {
        'test.doomed': async () => {
          attempt += 1;
          throw new Error(`attempt ${attempt} failed`);
        },
      },
      clock,
      { onGiveUp: (job, lastError) => void givenUp.push({ job, lastError }) },
    );
    const id = await enqueueJob(database.db, 'test.doomed', {}, { runAt: clock.now(), maxAttempts: 3 });
    for (const expected of ['retry', 'retry', 'failed']) {
      expect(await w.runOnce()).toMatchObject({ result: expected });
      if (expected === 'retry') expect(givenUp).toEqual([]);
      clock.advance(60_000);
    }
    expect(await w.runOnce()).toBeUndefined();
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]?.lastError).toBe('Error: attempt 3 failed');
    expect(givenUp[0]?.job).toMatchObject({ id, type: 'test.doomed', status: 'failed', attempts: 3 });
  });

  it('is called for a permanent failure and an unknown job, and what it throws goes to onError', async () => {
    const clock = manualClock();
    const givenUp: string[] = [];
    const errors: unknown[] = [];
    const w = worker({ 'test.permanent': async () => Promise.reject(new PermanentJobError('gone')) }, clock, {
      onGiveUp: (job) => {
        givenUp.push(job.type);
        throw new Error('the error store is down');
      },
      onError: (error) => void errors.push(error),
    });
    await enqueueJob(database.db, 'test.permanent', {}, { runAt: clock.now() });
    await enqueueJob(database.db, 'test.unknown', {}, { runAt: clock.now() });
    expect(await w.runOnce()).toMatchObject({ result: 'failed' });
    expect(await w.runOnce()).toMatchObject({ result: 'failed' });
    expect(givenUp).toEqual(['test.permanent', 'test.unknown']);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'gone',
      'the error store is down',
      'No handler for job type "test.unknown"',
      'the error store is down',
    ]);
  });
});
