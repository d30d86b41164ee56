import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs one query at a time (a transaction holds it throughout): every other query of the
 * process waits in its queue. Counts the calls in progress through the client's public entry
 * points (drizzle uses `query` and `transaction`; `exec` for migrations), so the queue's length
 * is what waits behind the one running. Returns that length's reader.
 */
export function countWaitingQueries(client: PGlite): () => number {
  let inProgress = 0;
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inProgress += 1;
      try {
        return await run(...args);
      } finally {
        inProgress -= 1;
      }
    };
  client.query = counted(client.query.bind(client)) as PGlite['query'];
  client.exec = counted(client.exec.bind(client));
  client.transaction = counted(client.transaction.bind(client)) as PGlite['transaction'];
  return () => Math.max(0, inProgress - 1);
}

/** Queries waiting at every sample of a whole window: more than a burst, a label outgrowing PGlite. */
export const QUEUE_ADVICE_WAITING = 16;
export const QUEUE_ADVICE_WINDOW_MS = 30_000;
const SAMPLE_MS = 1_000;

export const POSTGRES_ADVICE =
  'The embedded database (PGlite) runs one query at a time, and queries have been waiting in its queue for a while: requests are slowed by the wait. Move this installation to PostgreSQL (DATABASE_URL; README, "PGlite or PostgreSQL"), which also allows WORKERS > 1.';

/**
 * Logs POSTGRES_ADVICE once per process when at least QUEUE_ADVICE_WAITING queries waited at every
 * sample (each second) for QUEUE_ADVICE_WINDOW_MS. Returns the function that stops watching.
 */
export function watchPgliteQueue(options: {
  waitingQueries: () => number;
  log: { warn(details: object, message: string): void };
  sampleMs?: number;
  windowMs?: number;
}): () => void {
  const sampleMs = options.sampleMs ?? SAMPLE_MS;
  const samplesNeeded = Math.ceil((options.windowMs ?? QUEUE_ADVICE_WINDOW_MS) / sampleMs);
  let longSamples = 0;
  let shortest = Number.POSITIVE_INFINITY;
  const timer = setInterval(() => {
    const waiting = options.waitingQueries();
    if (waiting < QUEUE_ADVICE_WAITING) {
      longSamples = 0;
      shortest = Number.POSITIVE_INFINITY;
      return;
    }
    longSamples += 1;
    shortest = Math.min(shortest, waiting);
    if (longSamples < samplesNeeded) return;
    options.log.warn(
      { waitingQueries: shortest, forSeconds: (longSamples * sampleMs) / 1000 },
      POSTGRES_ADVICE,
    );
    clearInterval(timer);
  }, sampleMs);
  timer.unref();
  return () => clearInterval(timer);
}
