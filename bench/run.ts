// Imprint's own cost per request (app.inject, no network: the config, the health check, the home
// page) and the job queue's per job (enqueue; run by one worker and by two). Measures and prints;
// never passes or fails on time (the machine is shared and noisy). Writes what it prints to
// bench/results/run.md (BENCH_RESULTS=0: not).
//   npm run bench                       # embedded PGlite
//   DATABASE_URL=postgres://... npm run bench
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { jobs } from '../src/server/db/schema';
import { defineJob } from '../src/server/jobs/define-job';
import { enqueueUncheckedJob, JobWorker } from '../src/server/jobs/queue';
import { benchResults } from './support/results';

const out = benchResults('run', { script: 'bench', title: 'requests and the job queue' });

/** A job that does nothing, outside the registry: what the queue itself costs. */
const benchNoop = defineJob({
  name: 'bench.noop',
  payload: z.object({ i: z.number() }),
  handle: async () => {},
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function report(name: string, count: number, totalMs: number, latencies?: number[]) {
  const sorted = latencies ? [...latencies].sort((a, b) => a - b) : undefined;
  const parts = [
    `${name.padEnd(34)} ${String(count).padStart(6)} ops`,
    `${((count / totalMs) * 1000).toFixed(0).padStart(7)} ops/s`,
  ];
  if (sorted)
    parts.push(
      `p50 ${percentile(sorted, 50).toFixed(2)} ms`,
      `p95 ${percentile(sorted, 95).toFixed(2)} ms`,
      `p99 ${percentile(sorted, 99).toFixed(2)} ms`,
    );
  out.log(parts.join('  '));
}

async function timeRequests(app: Awaited<ReturnType<typeof buildApp>>, url: string, count: number) {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode >= 500) throw new Error(`${url} answered ${response.statusCode}`);
    latencies.push(performance.now() - t);
  }
  report(`GET ${url}`, count, performance.now() - started, latencies);
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-bench-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
  // PGlite in memory: the figures are about Imprint's code, not the disk.
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  out.log(`Imprint bench: ${database.kind}, node ${process.version}, ${os.cpus().length} cpus\n`);

  await timeRequests(app, '/api/config', 200); // warm-up
  await timeRequests(app, '/api/config', 3000);
  await timeRequests(app, '/api/health', 500);
  await timeRequests(app, '/', 3000);

  for (const workers of [1, 2]) {
    await database.db.delete(jobs);
    const count = 1000;
    const enqueueStart = performance.now();
    for (let i = 0; i < count; i++) await enqueueUncheckedJob(database.db, benchNoop.name, { i });
    report('enqueue job', count, performance.now() - enqueueStart);
    const pool = Array.from(
      { length: workers },
      (_, n) =>
        new JobWorker({
          db: database.db,
          jobs: [benchNoop],
          providers: app.providers,
          config,
          log: app.log,
          workerId: `bench-${n}`,
        }),
    );
    const drainStart = performance.now();
    await Promise.all(
      pool.map(async (w) => {
        while (await w.runOnce()) {}
      }),
    );
    report(`run job (${workers} worker${workers > 1 ? 's' : ''})`, count, performance.now() - drainStart);
  }

  await app.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  out.write();
}

await main();
