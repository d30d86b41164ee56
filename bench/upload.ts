// npm run bench:upload — uploads a 200 MB WAV (BENCH_UPLOAD_MB) through each of Imprint's upload
// paths over loopback, each paired with two bare Node uploads piping the same bytes to disk just
// before it, for ROUNDS alternating rounds (5) after one warm-up upload per path, and prints per
// path, min / median / max: its MB/s and its pairs', the ratio to each, the server's peak RSS and
// its CPU per GB. The two baselines: "bare pipe" is request.pipe(createWriteStream) with Node's
// default write buffer (16 KiB), the least any server does; "bare pipe, 1 MiB buffers" is the same
// with the 1 MiB write buffer Imprint's storage uses (LocalStorage's WRITE_BUFFER_BYTES), so its
// ratio shows what Imprint's own work costs on top of the same disk writes, and the gap between
// the two baselines what the larger buffer alone gains. Within a round the two bare uploads take
// turns going first. Then a 1 GB body (BENCH_HUGE_MB, 0 to skip) at each path, refused at the
// 200 MB limit, with the server's peak RSS: memory must not follow the size. Prints figures;
// asserts nothing. Writes what it prints to bench/results/upload.md (BENCH_RESULTS=0: not).
//   ROUNDS=5                       measured rounds (BENCH_RUNS too)
//   BENCH_UPLOAD_MB=200            the upload's size
//   BENCH_HUGE_MB=1024             the refused body's size, 0 to skip it
//   BENCH_TUS_CHUNK_MB=32          tus chunk size (the web client's)
//   BENCH_PATHS=standard,direct    only these paths (standard, direct, resumable)
//   BENCH_CPU_PROF=/tmp/profiles   a CPU profile of each timed upload, per server
//   VERBOSE=1                      each upload's MB/s, server CPU and garbage collection
//   BENCH_IDLE_MS=15000            wait before each upload, as a server between uploads does
//   BENCH_SERVER_FLAGS=''          Imprint's Node flags instead of npm start's (scripts/server-node-flags.mjs)
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { wavStream } from '../src/server/test/media-fixtures';
import { benchResults } from './support/results';
import { formatStats, stats } from './support/stats';

const MiB = 1024 * 1024;
const size = Number(process.env.BENCH_UPLOAD_MB ?? 200) * MiB;
const hugeSize = Number(process.env.BENCH_HUGE_MB ?? 1024) * MiB;
const rounds = Number(process.env.ROUNDS ?? process.env.BENCH_RUNS ?? 5);
const tusChunkMb = Number(process.env.BENCH_TUS_CHUNK_MB ?? 32);
const onlyPaths = process.env.BENCH_PATHS?.split(',').map((word) => word.trim());
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const verbose = process.env.VERBOSE === '1';
const imprintFlags =
  process.env.BENCH_SERVER_FLAGS === undefined
    ? serverNodeFlags
    : process.env.BENCH_SERVER_FLAGS.split(' ').filter(Boolean);
const out = benchResults('upload', {
  title: 'each upload path against bare pipes to disk',
  env: [
    'BENCH_UPLOAD_MB',
    'BENCH_HUGE_MB',
    'ROUNDS',
    'BENCH_RUNS',
    'BENCH_TUS_CHUNK_MB',
    'BENCH_PATHS',
    'BENCH_IDLE_MS',
    'BENCH_SERVER_FLAGS',
    'VERBOSE',
  ],
});

interface Server {
  child: ChildProcess;
  base: string;
  /** Its resident memory when it was ready to serve, before any upload. */
  readyRss: number;
  /** Asks the child over IPC; `label` names the upload a `reset` starts (its CPU profile's name). */
  request<T>(type: string, reply: string, label?: string): Promise<T>;
}

async function startServer(kind: 'imprint' | 'baseline'): Promise<Server> {
  const child = fork(new URL('./upload-servers.ts', import.meta.url).pathname, [kind], {
    // Imprint with the flags npm start gives it; the baseline as bare Node.
    execArgv: [...(kind === 'imprint' ? imprintFlags : []), '--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_CPU_PROF: cpuProfileDir ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, readyRss } = await new Promise<{ port: number; readyRss: number }>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: { type: string; port: number; readyRss: number }) => {
      if (message.type === 'ready') resolve(message);
    });
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    readyRss,
    request: <T>(type: string, reply: string, label?: string) =>
      new Promise<T>((resolve) => {
        const onMessage = (message: { type: string }) => {
          if (message.type !== reply) return;
          child.off('message', onMessage);
          resolve(message as T);
        };
        child.on('message', onMessage);
        child.send({ type, label });
      }),
  };
}

/**
 * One request whose body is `parts`, written as they are: the file is already in memory, as a
 * browser's file is on disk, so the client costs next to nothing and the figures are the server's.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  parts: Buffer[],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    for (const part of parts) request.write(part);
    request.end();
  });
}

/** A WAV of `bytes` (its header, then silence), made once outside the timed part. */
const files = new Map<number, Buffer>();
async function wavFile(bytes: number): Promise<Buffer> {
  const cached = files.get(bytes);
  if (cached) return cached;
  const file = Buffer.alloc(bytes);
  for await (const header of wavStream({ bytes })) {
    (header as Buffer).copy(file);
    break;
  }
  files.set(bytes, file);
  return file;
}

const origin = (server: Server) => ({ origin: server.base });
const fields = { artistName: 'Bench Artist', fileType: 'track', sessionId: 'bench-session-0001' };
const json = (server: Server) => ({ 'content-type': 'application/json', ...origin(server) });

/** A multipart/form-data body around `file`, the fields first, as the web client sends it. */
function multipart(file: Buffer): { contentType: string; parts: Buffer[] } {
  const boundary = '----imprint-bench-7f3a9c2e';
  const head = Object.entries(fields)
    .map(
      ([field, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    parts: [
      Buffer.from(
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ],
  };
}

async function generateUploadUrl(server: Server, bytes: number) {
  const generated = await fetch(`${server.base}/api/storage/generate-upload-url`, {
    method: 'POST',
    headers: json(server),
    body: JSON.stringify({ ...fields, fileName: 'bench.wav', fileSize: bytes, contentType: 'audio/wav' }),
  });
  const { uploadUrl, fileName, bucketName } = (await generated.json()) as Record<string, string>;
  // The signed URL names PUBLIC_URL; the bench server listens on a random loopback port.
  const target = new URL(uploadUrl ?? '');
  return { url: `${server.base}${target.pathname}${target.search}`, fileName, bucketName };
}

const tusHeaders = (server: Server) => ({ 'tus-resumable': '1.0.0', ...origin(server) });

async function createResumable(server: Server, bytes: number): Promise<string> {
  const encode = (value: string) => Buffer.from(value).toString('base64');
  const metadata = Object.entries({ ...fields, filename: 'bench.wav', filetype: 'audio/wav' })
    .map(([key, value]) => `${key} ${encode(value)}`)
    .join(',');
  const created = await fetch(`${server.base}/api/uploads/resumable`, {
    method: 'POST',
    headers: { ...tusHeaders(server), 'upload-length': String(bytes), 'upload-metadata': metadata },
  });
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}`);
  return new URL(created.headers.get('location') ?? '', server.base).toString();
}

async function processUpload(server: Server, fileName: string | undefined, bucketName: string | undefined) {
  const processed = await fetch(`${server.base}/api/storage/process-upload`, {
    method: 'POST',
    headers: json(server),
    body: JSON.stringify({ ...fields, fileName, bucketName }),
  });
  if (processed.status !== 200) throw new Error(`process-upload answered ${processed.status}`);
}

type Path = (server: Server, file: Buffer) => Promise<void>;

/** The bare pipe to disk, with Node's default write buffer or (`/1mib`) Imprint's 1 MiB one. */
const barePipe =
  (target: '/' | '/1mib'): Path =>
  async (server, file) => {
    const result = await send(`${server.base}${target}`, 'POST', { 'content-type': 'audio/wav' }, [file]);
    if (result.status !== 200) throw new Error(`baseline answered ${result.status}`);
  };
const bare = barePipe('/');
const bare1MiB = barePipe('/1mib');

const resumableName = `resumable (tus, ${tusChunkMb} MB chunks)`;
const paths: Record<string, Path> = {
  'standard (multipart)': async (server, file) => {
    const { contentType, parts } = multipart(file);
    const result = await send(
      `${server.base}/api/upload/storage`,
      'POST',
      { 'content-type': contentType, ...origin(server) },
      parts,
    );
    if (result.status !== 200) throw new Error(`standard upload answered ${result.status}: ${result.text}`);
  },
  'direct (signed PUT + process)': async (server, file) => {
    const { url, fileName, bucketName } = await generateUploadUrl(server, file.length);
    const put = await send(
      url,
      'PUT',
      { 'content-type': 'audio/wav', 'content-length': String(file.length), ...origin(server) },
      [file],
    );
    if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${put.text}`);
    await processUpload(server, fileName, bucketName);
  },
  [resumableName]: async (server, file) => {
    // The tus protocol spoken directly, a chunk per PATCH as a browser's client sends them (slices
    // of the file on disk). tus-js-client's Node flavour adds ~2x of its own per chunk here, which
    // is not what a phone's browser pays, so it would measure the client, not the server.
    const url = await createResumable(server, file.length);
    for (let offset = 0; offset < file.length; offset += tusChunkMb * MiB) {
      const chunk = file.subarray(offset, Math.min(file.length, offset + tusChunkMb * MiB));
      const patched = await send(
        url,
        'PATCH',
        {
          ...tusHeaders(server),
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(chunk.length),
        },
        [chunk],
      );
      if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}: ${patched.text}`);
    }
    await processUpload(server, url.split('/').pop(), 'resumable');
  },
};

/**
 * A body of `huge` bytes at each path, past the 200 MB limit (the direct and resumable paths are
 * given a 200 MB upload and sent more, without a Content-Length): each refuses it while it streams.
 */
const hugePaths: Record<string, (server: Server, huge: Buffer) => Promise<number>> = {
  'standard (multipart)': async (server, huge) => {
    const { contentType, parts } = multipart(huge);
    const result = await send(
      `${server.base}/api/upload/storage`,
      'POST',
      { 'content-type': contentType, ...origin(server) },
      parts,
    );
    return result.status;
  },
  'direct (signed PUT + process)': async (server, huge) => {
    const { url } = await generateUploadUrl(server, size);
    return (await send(url, 'PUT', { 'content-type': 'audio/wav', ...origin(server) }, [huge])).status;
  },
  [resumableName]: async (server, huge) => {
    const url = await createResumable(server, size);
    const headers = {
      ...tusHeaders(server),
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    };
    return (await send(url, 'PATCH', headers, [huge])).status;
  },
};

interface Memory {
  baseline: number;
  peak: number;
  /** The server's CPU time (user + system, every thread) during the upload. */
  cpuMs: number;
  /** Its time in garbage collection, and how many collections were full ones. */
  gcMs: number;
  fullGcs: number;
}

/** One upload through `path`: MB/s, and the server's RSS before it and at its peak. */
async function timeOnce(server: Server, name: string, path: Path, file: Buffer) {
  await server.request('reset', 'reset-done', name);
  const started = performance.now();
  await path(server, file).catch((error: Error) => {
    throw new Error(`${name}: ${error.message}`, { cause: error });
  });
  const seconds = (performance.now() - started) / 1000;
  const memory = await server.request<Memory>('report', 'report');
  return {
    speed: file.length / MiB / seconds,
    memory,
    cpuPerGb: memory.cpuMs / 1000 / (file.length / 1024 / MiB),
  };
}

const mb = (bytes: number) => (bytes / MiB).toFixed(0);
const file = await wavFile(size);
const baselineServer = await startServer('baseline');
const imprint = await startServer('imprint');
// The children must not outlive a failed run.
process.on('exit', () => {
  for (const server of [baselineServer, imprint]) server.child.kill();
});
out.log(
  `bench:upload — ${size / MiB} MB WAV over loopback, ${rounds} alternating rounds, node ${process.version}\n` +
    `Imprint runs with ${imprintFlags.join(' ') || 'no Node flags'}; each upload starts from a collected heap.\n` +
    'Each upload is paired with two bare pipes-to-disk of the same bytes just before it, one with\n' +
    "Node's default write buffer, one with the 1 MiB buffers Imprint's storage writes with; each\n" +
    "ratio is the path's speed over that pair's. Figures are min / median / max over the rounds; peak RSS is\n" +
    "the server's highest resident memory during the path's uploads, warm-up included (growth over its\n" +
    `RSS when ready to serve, before any upload: Imprint ${mb(imprint.readyRss)} MB, bare ${mb(baselineServer.readyRss)} MB); CPU is\n` +
    "the server process's (all threads) per GB uploaded, median, the pair's in brackets.\n",
);
const names = Object.keys(paths).filter(
  (name) => !onlyPaths || onlyPaths.some((word) => name.startsWith(word)),
);
const results = new Map(
  names.map((name) => [
    name,
    {
      speeds: [] as number[],
      pairs: [] as number[],
      pairs1MiB: [] as number[],
      ratios: [] as number[],
      ratios1MiB: [] as number[],
      cpu: [] as number[],
      pairCpu: [] as number[],
      peak: 0,
    },
  ]),
);
// One upload per path first, its speed not counted (a server's first one also compiles its code and
// queries), its memory counted: peaks are measured from the server's RSS when it was ready.
const bareMemory = { peak: baselineServer.readyRss };
for (const name of names) {
  for (const path of [bare, bare1MiB]) {
    const warm = await timeOnce(baselineServer, 'warm-up', path, file);
    bareMemory.peak = Math.max(bareMemory.peak, warm.memory.peak);
  }
  const warm = await timeOnce(imprint, `warm-up ${name}`, paths[name] as Path, file);
  const entry = results.get(name);
  if (entry) entry.peak = Math.max(entry.peak, warm.memory.peak);
}

for (let round = 0; round < rounds; round++) {
  // The order turns every round, so no path always runs first (or last) on a warming machine.
  const order = names.map((_, index) => names[(index + round) % names.length] as string);
  for (const name of order) {
    // The two bare uploads take turns going first, round by round.
    const bareFirst = round % 2 === 0;
    const first = await timeOnce(baselineServer, 'baseline', bareFirst ? bare : bare1MiB, file);
    const second = await timeOnce(baselineServer, 'baseline', bareFirst ? bare1MiB : bare, file);
    const [pair, pair1MiB] = bareFirst ? [first, second] : [second, first];
    const measured = await timeOnce(imprint, name, paths[name] as Path, file);
    const entry = results.get(name);
    if (!entry) continue;
    entry.speeds.push(measured.speed);
    entry.pairs.push(pair.speed);
    entry.pairs1MiB.push(pair1MiB.speed);
    entry.ratios.push(measured.speed / pair.speed);
    entry.ratios1MiB.push(measured.speed / pair1MiB.speed);
    entry.cpu.push(measured.cpuPerGb);
    entry.pairCpu.push(pair.cpuPerGb);
    entry.peak = Math.max(entry.peak, measured.memory.peak);
    bareMemory.peak = Math.max(bareMemory.peak, pair.memory.peak, pair1MiB.memory.peak);
    if (verbose) {
      const line = (label: string, run: typeof pair) =>
        `  ${label.padEnd(30)} ${run.speed.toFixed(0).padStart(5)} MB/s  CPU ${run.memory.cpuMs.toFixed(0)} ms  GC ${run.memory.gcMs.toFixed(0)} ms (${run.memory.fullGcs} full)`;
      out.log(
        `round ${round + 1}\n${line('bare pipe', pair)}\n${line('bare pipe, 1 MiB buffers', pair1MiB)}\n${line(name, measured)}`,
      );
    }
  }
}
const columns = (cells: string[]) =>
  cells.map((cell, index) => (index === 0 ? cell.padEnd(32) : cell.padEnd(index === 5 ? 28 : 21))).join(' ');
out.log(
  columns([
    'path',
    'MB/s',
    'bare pipe MB/s',
    'bare, 1 MiB MB/s',
    'vs bare pipe',
    'vs bare pipe, 1 MiB buffers',
    'peak RSS',
    'CPU s/GB (bare pipe)',
  ]),
);
for (const [name, entry] of results) {
  out.log(
    columns([
      name,
      formatStats(entry.speeds, 0),
      formatStats(entry.pairs, 0),
      formatStats(entry.pairs1MiB, 0),
      formatStats(entry.ratios),
      formatStats(entry.ratios1MiB),
      `${mb(entry.peak)} MB (+${mb(entry.peak - imprint.readyRss)})`,
      `${stats(entry.cpu).median.toFixed(2)} (${stats(entry.pairCpu).median.toFixed(2)})`,
    ]),
  );
}
out.log(
  columns([
    'bare pipes',
    '',
    '',
    '',
    '',
    '',
    `${mb(bareMemory.peak)} MB (+${mb(bareMemory.peak - baselineServer.readyRss)})`,
  ]),
);

if (hugeSize > 0) {
  const huge = await wavFile(hugeSize);
  out.log(`\n${hugeSize / MiB} MB body, refused at the ${size / MiB} MB limit while it streams:`);
  for (const name of names) {
    await imprint.request('reset', 'reset-done', `huge ${name}`);
    const status = await (hugePaths[name] as (server: Server, huge: Buffer) => Promise<number>)(
      imprint,
      huge,
    ).catch(() => 0);
    const memory = await imprint.request<Memory>('report', 'report');
    out.log(
      columns([
        name,
        `answered ${status || 'by closing'}`,
        `peak RSS ${mb(memory.peak)} MB (+${mb(memory.peak - imprint.readyRss)} over ready)`,
      ]),
    );
  }
}

// Each child removes its data directory before it exits; the exit handler above would cut that short.
await Promise.all(
  [baselineServer, imprint].map(
    (server) =>
      new Promise((resolve) => {
        server.child.once('exit', resolve);
        server.child.send({ type: 'stop' });
      }),
  ),
);
out.write();
