import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window and says whether it is within `limit`. One
 * atomic upsert on the database clock, so concurrent requests on several instances count right.
 */
export async function consumeRateLimit(
  executor: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const window = sql`${windowSeconds} * interval '1 second'`;
  const stale = sql`${rateLimitCounters.windowStartedAt} <= now() - ${window}`;
  const [row] = await executor
    .insert(rateLimitCounters)
    .values({ key, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        windowStartedAt: sql`case when ${stale} then now() else ${rateLimitCounters.windowStartedAt} end`,
        hits: sql`case when ${stale} then 1 else ${rateLimitCounters.hits} + 1 end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from (${rateLimitCounters.windowStartedAt} + ${window} - now())))::int`,
    });
  if (!row) throw new Error('consumeRateLimit: upsert returned no row');
  return {
    allowed: row.hits <= limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Number(row.retryAfterSeconds)),
  };
}
