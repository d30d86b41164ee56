// Child process for bench/upload.ts: runs either Imprint or a bare baseline server, and reports
// its own memory and CPU time over IPC, so the figures are the server's alone.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';

const kind = process.argv[2];
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 0);
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), `imprint-bench-${kind}-`));

// process.memoryUsage.rss() alone: the full memoryUsage() walks the heap spaces, 100 times a second.
let baseline = process.memoryUsage.rss();
let peak = baseline;
let cpuStart = process.cpuUsage();
// Time spent collecting garbage, and how many of those collections were full (mark-compact) ones.
let gcMs = 0;
let fullGcs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    const { detail } = entry as { detail?: { kind?: number } };
    if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullGcs++;
  }
}).observe({ entryTypes: ['gc'] });
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10).unref();

// BENCH_CPU_PROF=<dir>: a CPU profile of each timed upload (from `reset` to `report`), named by it.
const profileDir = process.env.BENCH_CPU_PROF || undefined;
const profiler = profileDir ? new inspector.Session() : undefined;
profiler?.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    profiler?.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
let profileLabel: string | undefined;
let profileCount = 0;
if (profiler) await post('Profiler.enable');

process.on('message', async (message: { type: string; label?: string }) => {
  if (message.type === 'reset') {
    // The last upload's files go: a run writes gigabytes, and the disk's writeback of them would
    // slow down whichever upload comes next.
    await removeUploads();
    global.gc?.();
    // BENCH_IDLE_MS: a quiet spell before the upload, in which V8 shrinks the heap's limits.
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    baseline = process.memoryUsage.rss();
    peak = baseline;
    cpuStart = process.cpuUsage();
    gcMs = 0;
    fullGcs = 0;
    if (profiler) {
      profileLabel = message.label;
      await post('Profiler.start');
    }
    process.send?.({ type: 'reset-done' });
  } else if (message.type === 'report') {
    // CPU time of the whole process (the threads writing to disk too), in milliseconds.
    const cpu = process.cpuUsage(cpuStart);
    if (profiler && profileDir) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      const name = `${kind}-${String(++profileCount).padStart(2, '0')}-${String(profileLabel ?? kind).replace(/[^a-z0-9]+/gi, '-')}`;
      await fsp.writeFile(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    process.send?.({ type: 'report', baseline, peak, cpuMs: (cpu.user + cpu.system) / 1000, gcMs, fullGcs });
  } else if (message.type === 'stop') {
    void fsp.rm(dataDir, { recursive: true, force: true }).then(() => process.exit(0));
  }
});

/** What earlier uploads left: the baseline's files, Imprint's stored uploads. */
async function removeUploads() {
  if (kind === 'baseline') {
    const names = await fsp.readdir(dataDir);
    await Promise.all(names.map((name) => fsp.rm(path.join(dataDir, name), { force: true })));
  } else {
    await fsp.rm(path.join(dataDir, 'files', 'uploads'), { recursive: true, force: true });
  }
}

let port: number;
if (kind === 'baseline') {
  // The least a server can do with an upload: pipe the request body to a file, with Node's
  // default write buffer (16 KiB), or at /1mib with the 1 MiB one Imprint's storage writes with
  // (LocalStorage's WRITE_BUFFER_BYTES; written out here, so the baseline imports none of Imprint).
  const ONE_MIB = 1024 * 1024;
  let n = 0;
  const server = http.createServer((request, response) => {
    const file = path.join(dataDir, `upload-${n++}`);
    const highWaterMark = request.url === '/1mib' ? ONE_MIB : undefined;
    pipeline(request, fs.createWriteStream(file, highWaterMark ? { highWaterMark } : {})).then(
      () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
} else {
  // Imported here, so the baseline is a bare Node process: none of Imprint's modules in its heap.
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/client');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    NODE_ENV: 'production',
  });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
}
// The resident memory of the server ready to serve, before any upload, after a collection: each
// path's growth is measured from here, so a warm-up that reached the peak cannot hide it.
global.gc?.();
process.send?.({ type: 'ready', port, dataDir, readyRss: process.memoryUsage.rss() });
