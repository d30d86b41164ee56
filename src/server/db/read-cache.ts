import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * How long a process trusts a value it read from a table that changes rarely (app settings, the
 * current agreement template). A change made through this process is seen at once (the writer
 * calls `forgetCached`); one made by another process of a cluster (WORKERS, or the CLI) within
 * this many milliseconds. Short on purpose: it is the whole of the staleness a cluster can show.
 */
export const READ_CACHE_TTL_MS = 5_000;

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
  /** The key's generation when the read began: a write since then makes the entry stale. */
  generation: number;
}

/** One cache per database object, so the tests' many apps over many databases never share one. */
const caches = new WeakMap<object, Map<string, Entry>>();
/**
 * Bumped by every write of a key, whatever database or transaction made it: a transaction does not
 * know its database, and forgetting a key everywhere costs one read per database.
 */
const generations = new Map<string, number>();

/**
 * `load()`'s value, kept for READ_CACHE_TTL_MS per database and key (read on every
 * page and API request). Inside a transaction the cache is passed by: a transaction reads what the
 * database holds now, since what it decides is written with it.
 */
export function readThroughCache<T>(
  executor: Executor,
  key: string,
  load: () => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  if (executor instanceof PgTransaction) return load();
  let cache = caches.get(executor);
  if (!cache) {
    cache = new Map();
    caches.set(executor, cache);
  }
  const generation = generations.get(key) ?? 0;
  const cached = cache.get(key);
  if (cached && cached.expiresAt > now && cached.generation === generation) return cached.value as Promise<T>;
  const value = load();
  const entry = { value, expiresAt: now + READ_CACHE_TTL_MS, generation };
  cache.set(key, entry);
  // A failed read is not kept: the next request asks the database again.
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/**
 * Called after a write of `key` (in any database or transaction): this process reads the new value
 * on its next request, and a read that began before the write is not kept.
 */
export function forgetCached(key: string): void {
  generations.set(key, (generations.get(key) ?? 0) + 1);
}
