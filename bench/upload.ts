// npm run bench:upload — uploads a 200 MB WAV (BENCH_UPLOAD_MB) through each of Imprint's upload
// paths over loopback, each paired with a bare Node server piping the same bytes to disk just before
// it, for ROUNDS alternating rounds (3), and prints MB/s, the ratio to the pair and the server's
// peak RSS growth, min / median / max. Prints figures; asserts nothing.
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { Readable } from 'node:stream';
import { wavStream } from '../src/server/test/media-fixtures';
import { multipartBody } from '../src/server/test/multipart';
import { formatStats } from './support/stats';

const MiB = 1024 * 1024;
const size = Number(process.env.BENCH_UPLOAD_MB ?? 200) * MiB;
const rounds = Number(process.env.ROUNDS ?? process.env.BENCH_RUNS ?? 3);
const tusChunkMb = Number(process.env.BENCH_TUS_CHUNK_MB ?? 8);

interface Server {
  child: ChildProcess;
  base: string;
  request<T>(type: string, reply: string): Promise<T>;
}

async function startServer(kind: 'imprint' | 'baseline'): Promise<Server> {
  const child = fork(new URL('./upload-servers.ts', import.meta.url).pathname, [kind], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: { type: string; port: number }) => {
      if (message.type === 'ready') resolve(message.port);
    });
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    request: <T>(type: string, reply: string) =>
      new Promise<T>((resolve) => {
        const onMessage = (message: { type: string }) => {
          if (message.type !== reply) return;
          child.off('message', onMessage);
          resolve(message as T);
        };
        child.on('message', onMessage);
        child.send({ type });
      }),
  };
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Readable,
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
    body.pipe(request);
  });
}

const origin = (server: Server) => ({ origin: server.base });
const fields = { artistName: 'Bench Artist', fileType: 'track', sessionId: 'bench-session-0001' };

type Path = (server: Server, bytes: number) => Promise<void>;

/**
 * tus-js-client in Node wants the file as a Buffer (a browser has the File): made once, outside the
 * timed part, as a browser's file is already on disk.
 */
const buffers = new Map<number, Buffer>();
async function wavBuffer(bytes: number): Promise<Buffer> {
  const cached = buffers.get(bytes);
  if (cached) return cached;
  const made = Buffer.from(
    await new Response(Readable.toWeb(wavStream({ bytes })) as ReadableStream).arrayBuffer(),
  );
  buffers.set(bytes, made);
  return made;
}

const paths: Record<string, Path> = {
  'baseline (pipe to disk)': async (server, bytes) => {
    const result = await send(
      `${server.base}/`,
      'POST',
      { 'content-type': 'audio/wav' },
      wavStream({ bytes }),
    );
    if (result.status !== 200) throw new Error(`baseline answered ${result.status}`);
  },
  'standard (multipart)': async (server, bytes) => {
    const { contentType, body } = multipartBody([
      ...Object.entries(fields).map(([field, value]) => ({ field, value })),
      { name: 'bench.wav', type: 'audio/wav', body: wavStream({ bytes }) },
    ]);
    const result = await send(
      `${server.base}/api/upload/storage`,
      'POST',
      { 'content-type': contentType, ...origin(server) },
      body,
    );
    if (result.status !== 200) throw new Error(`standard upload answered ${result.status}: ${result.text}`);
  },
  'direct (signed PUT + process)': async (server, bytes) => {
    const generated = await fetch(`${server.base}/api/storage/generate-upload-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin(server) },
      body: JSON.stringify({ ...fields, fileName: 'bench.wav', fileSize: bytes, contentType: 'audio/wav' }),
    });
    const { uploadUrl, fileName, bucketName } = (await generated.json()) as Record<string, string>;
    // The signed URL names PUBLIC_URL; the bench server listens on a random loopback port.
    const target = new URL(uploadUrl ?? '');
    const put = await send(
      `${server.base}${target.pathname}${target.search}`,
      'PUT',
      { 'content-type': 'audio/wav', 'content-length': String(bytes), ...origin(server) },
      wavStream({ bytes }),
    );
    if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${put.text}`);
    const processed = await fetch(`${server.base}/api/storage/process-upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin(server) },
      body: JSON.stringify({ ...fields, fileName, bucketName }),
    });
    if (processed.status !== 200) throw new Error(`process-upload answered ${processed.status}`);
  },
  [`resumable (tus, ${tusChunkMb} MB chunks)`]: async (server, bytes) => {
    // The tus protocol spoken directly, a chunk per PATCH as a browser's client sends them (slices
    // of the file on disk). tus-js-client's Node flavour adds ~2x of its own per chunk here, which
    // is not what a phone's browser pays, so it would measure the client, not the server.
    const file = await wavBuffer(bytes);
    const encode = (value: string) => Buffer.from(value).toString('base64');
    const metadata = Object.entries({ ...fields, filename: 'bench.wav', filetype: 'audio/wav' })
      .map(([key, value]) => `${key} ${encode(value)}`)
      .join(',');
    const tusHeaders = { 'tus-resumable': '1.0.0', ...origin(server) };
    const created = await fetch(`${server.base}/api/uploads/resumable`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(bytes), 'upload-metadata': metadata },
    });
    if (created.status !== 201) throw new Error(`tus create answered ${created.status}`);
    const url = new URL(created.headers.get('location') ?? '', server.base).toString();
    for (let offset = 0; offset < bytes; offset += tusChunkMb * MiB) {
      const chunk = file.subarray(offset, Math.min(bytes, offset + tusChunkMb * MiB));
      const patched = await send(
        url,
        'PATCH',
        {
          ...tusHeaders,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(chunk.length),
        },
        Readable.from([chunk]),
      );
      if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}: ${patched.text}`);
    }
    const processed = await fetch(`${server.base}/api/storage/process-upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin(server) },
      body: JSON.stringify({ ...fields, fileName: url.split('/').pop(), bucketName: 'resumable' }),
    });
    if (processed.status !== 200) throw new Error(`process-upload answered ${processed.status}`);
  },
};

/** One upload through `path`: MB/s, and the server's peak RSS growth while it ran. */
async function timeOnce(server: Server, name: string, path: Path, bytes: number) {
  await server.request('reset', 'reset-done');
  const started = performance.now();
  await path(server, bytes).catch((error: Error) => {
    throw new Error(`${name}: ${error.message}`, { cause: error });
  });
  const seconds = (performance.now() - started) / 1000;
  const { baseline, peak } = await server.request<{ baseline: number; peak: number }>('report', 'report');
  return { speed: bytes / MiB / seconds, growth: peak - baseline };
}

await wavBuffer(size);
const baselineServer = await startServer('baseline');
const imprint = await startServer('imprint');
// The children must not outlive a failed run.
process.on('exit', () => {
  for (const server of [baselineServer, imprint]) server.child.kill();
});
console.log(
  `bench:upload — ${size / MiB} MB WAV over loopback, ${rounds} alternating rounds, node ${process.version}\n` +
    'Each upload is paired with a bare pipe-to-disk of the same bytes just before it; the ratio is\n' +
    "the path's speed over its pair's. Figures are min / median / max over the rounds.\n",
);
const names = [
  'standard (multipart)',
  'direct (signed PUT + process)',
  `resumable (tus, ${tusChunkMb} MB chunks)`,
];
const results = new Map(
  names.map((name) => [name, { speeds: [] as number[], ratios: [] as number[], growth: 0 }]),
);
const baselineSpeeds: number[] = [];
for (let round = 0; round < rounds; round++) {
  // The order turns every round, so no path always runs first (or last) on a warming machine.
  const order = names.map((_, index) => names[(index + round) % names.length] as string);
  for (const name of order) {
    const pair = await timeOnce(baselineServer, 'baseline', paths['baseline (pipe to disk)'] as Path, size);
    const measured = await timeOnce(imprint, name, paths[name] as Path, size);
    const entry = results.get(name);
    if (!entry) continue;
    baselineSpeeds.push(pair.speed);
    entry.speeds.push(measured.speed);
    entry.ratios.push(measured.speed / pair.speed);
    entry.growth = Math.max(entry.growth, measured.growth);
  }
}
console.log(`${'path'.padEnd(32)} ${'MB/s'.padEnd(20)} ${'ratio to bare pipe'.padEnd(20)} peak RSS growth`);
console.log(
  `${'baseline (pipe to disk)'.padEnd(32)} ${formatStats(baselineSpeeds, 0).padEnd(20)} ${'1'.padEnd(20)}`,
);
for (const [name, entry] of results) {
  console.log(
    `${name.padEnd(32)} ${formatStats(entry.speeds, 0).padEnd(20)} ${formatStats(entry.ratios).padEnd(20)} ${(entry.growth / MiB).toFixed(1)} MB`,
  );
}

// A 1 GB body at the standard path: refused at 200 MB, and memory must not follow the size.
await imprint.request('reset', 'reset-done');
const { contentType, body } = multipartBody([
  ...Object.entries(fields).map(([field, value]) => ({ field, value })),
  { name: 'huge.wav', type: 'audio/wav', body: wavStream({ bytes: 1024 * MiB }) },
]);
const refused = await send(
  `${imprint.base}/api/upload/storage`,
  'POST',
  { 'content-type': contentType, origin: imprint.base },
  body,
).catch((error: Error) => ({ status: 0, text: error.message }));
const { baseline: before, peak } = await imprint.request<{ baseline: number; peak: number }>(
  'report',
  'report',
);
console.log(
  `\n1 GB body at the standard path: answered ${refused.status}; peak RSS growth ${((peak - before) / MiB).toFixed(1)} MB`,
);

for (const server of [baselineServer, imprint]) server.child.send({ type: 'stop' });
