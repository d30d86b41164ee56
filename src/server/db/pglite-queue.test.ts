import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countWaitingQueries,
  POSTGRES_ADVICE,
  QUEUE_ADVICE_WAITING,
  QUEUE_ADVICE_WINDOW_MS,
  watchPgliteQueue,
} from './pglite-queue';

describe('the PGlite queue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the queries waiting behind the one running', async () => {
    const client = await PGlite.create();
    const waiting = countWaitingQueries(client);
    expect(waiting()).toBe(0);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('select 1');
      await held;
    });
    const queued = [client.query('select 2'), client.query('select 3'), client.exec('select 4')];
    expect(waiting()).toBe(3);
    release();
    await Promise.all([transaction, ...queued]);
    expect(waiting()).toBe(0);
    await client.close();
  });

  it('advises PostgreSQL once, when the queue stays long for the whole window', () => {
    vi.useFakeTimers();
    let waiting = QUEUE_ADVICE_WAITING;
    const warn = vi.fn();
    const stop = watchPgliteQueue({ waitingQueries: () => waiting, log: { warn } });
    // A dip below the threshold starts the window again.
    vi.advanceTimersByTime(QUEUE_ADVICE_WINDOW_MS - 1_000);
    waiting = 0;
    vi.advanceTimersByTime(1_000);
    waiting = QUEUE_ADVICE_WAITING + 4;
    vi.advanceTimersByTime(QUEUE_ADVICE_WINDOW_MS - 1_000);
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      { waitingQueries: QUEUE_ADVICE_WAITING + 4, forSeconds: 30 },
      POSTGRES_ADVICE,
    );
    vi.advanceTimersByTime(10 * QUEUE_ADVICE_WINDOW_MS);
    expect(warn).toHaveBeenCalledTimes(1);
    stop();
  });
});
