import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';

/** A worker that dies sooner than this after its start is crashing, not serving: wait longer. */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers stop by themselves within 15 s (main.ts); this is the primary's last resort. */
const STOP_TIMEOUT_MS = 20_000;

/**
 * The primary of WORKERS > 1, once prepareInstallation has run: forks the workers,
 * which share the port (Node's cluster hands connections to them in turn), replaces a worker that
 * dies, and passes SIGINT/SIGTERM on for a clean stop. It serves nothing and opens no database.
 * Background jobs run in every worker: each claims with FOR UPDATE SKIP LOCKED (jobs/queue.ts).
 */
export function runPrimary(config: AppConfig, log: FastifyBaseLogger): void {
  let stopping = false;
  let restartDelayMs = 1_000;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    // A crash loop (a port in use, a database refusing connections) must not fork as fast as it can.
    restartDelayMs = lived < QUICK_DEATH_MS ? Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS) : 1_000;
    log.error(
      { pid: worker.process.pid, code, signal, restartInMs: restartDelayMs },
      'a worker stopped; starting another',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelayMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping ${startedAt.size} workers`);
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  log.info(`starting ${config.workers} workers`);
  for (let i = 0; i < config.workers; i++) fork();
}
