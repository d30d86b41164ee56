import { describe, expect, it, vi } from 'vitest';
import type { Executor } from './client';
import { forgetCached, READ_CACHE_TTL_MS, readThroughCache } from './read-cache';

// The cache keys on the database object only; any object stands in for one here.
const database = () => ({}) as Executor;

describe('the read cache', () => {
  it('keeps a value for READ_CACHE_TTL_MS per database, and reads again after a write', async () => {
    const db = database();
    const other = database();
    const load = vi.fn(async () => 'value');
    const at = 1_000_000;
    await readThroughCache(db, 'k1', load, at);
    await readThroughCache(db, 'k1', load, at + READ_CACHE_TTL_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await readThroughCache(other, 'k1', load, at);
    expect(load).toHaveBeenCalledTimes(2);
    await readThroughCache(db, 'k1', load, at + READ_CACHE_TTL_MS);
    expect(load).toHaveBeenCalledTimes(3);
    forgetCached('k1');
    await readThroughCache(db, 'k1', load, at + READ_CACHE_TTL_MS);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not keep a read that began before a write, nor one that failed', async () => {
    const db = database();
    let finish: (value: string) => void = () => {};
    const before = readThroughCache(db, 'k2', () => new Promise<string>((resolve) => (finish = resolve)));
    forgetCached('k2');
    finish('old');
    expect(await before).toBe('old');
    expect(await readThroughCache(db, 'k2', async () => 'new')).toBe('new');

    await expect(readThroughCache(db, 'k3', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await readThroughCache(db, 'k3', async () => 'back')).toBe('back');
  });
});
