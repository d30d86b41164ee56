// npm run bench:upload — uploads a 200 MB WAV through each of Imprint's upload paths over
// loopback and prints MB/s and the server's peak RSS growth, beside a bare Node server that pipes
// the same request to disk, measured in the same run. Prints figures; asserts nothing.
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { Readable } from 'node:stream';
import * as tus from 'tus-js-client';
import { wavStream } from '../src/server/test/media-fixtures';
import { multipartBody } from '../src/server/test/multipart';

const MiB = 1024 * 1024;
const size = Number(process.env.BENCH_UPLOAD_MB ?? 200) * MiB;
const runs = Number(process.env.BENCH_RUNS ?? 2);
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
    const file = await wavBuffer(bytes);
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(file, {
        endpoint: `${server.base}/api/uploads/resumable`,
        chunkSize: tusChunkMb * MiB,
        retryDelays: [],
        headers: origin(server),
        metadata: { ...fields, filename: 'bench.wav', filetype: 'audio/wav' },
        onSuccess: () => resolve(upload.url ?? ''),
        onError: reject,
      });
      upload.start();
    });
    const processed = await fetch(`${server.base}/api/storage/process-upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin(server) },
      body: JSON.stringify({ ...fields, fileName: url.split('/').pop(), bucketName: 'resumable' }),
    });
    if (processed.status !== 200) throw new Error(`process-upload answered ${processed.status}`);
  },
};

async function measure(server: Server, name: string, path: Path, bytes: number) {
  const speeds: number[] = [];
  let growth = 0;
  for (let run = 0; run < runs; run++) {
    await server.request('reset', 'reset-done');
    const started = performance.now();
    await path(server, bytes).catch((error: Error) => {
      throw new Error(`${name}: ${error.message}`, { cause: error });
    });
    const seconds = (performance.now() - started) / 1000;
    const { baseline, peak } = await server.request<{ baseline: number; peak: number }>('report', 'report');
    speeds.push(bytes / MiB / seconds);
    growth = Math.max(growth, peak - baseline);
  }
  const best = Math.max(...speeds);
  return { name, best, growthMb: growth / MiB };
}

await wavBuffer(size);
const baselineServer = await startServer('baseline');
const imprint = await startServer('imprint');
// The children must not outlive a failed run.
process.on('exit', () => {
  for (const server of [baselineServer, imprint]) server.child.kill();
});
console.log(
  `bench:upload — ${size / MiB} MB WAV over loopback, best of ${runs} runs, node ${process.version}\n`,
);
const rows = [];
rows.push(
  await measure(baselineServer, 'baseline (pipe to disk)', paths['baseline (pipe to disk)'] as Path, size),
);
for (const name of [
  'standard (multipart)',
  'direct (signed PUT + process)',
  `resumable (tus, ${tusChunkMb} MB chunks)`,
]) {
  rows.push(await measure(imprint, name, paths[name] as Path, size));
}
const baseline = rows[0]?.best ?? 1;
for (const row of rows) {
  console.log(
    `${row.name.padEnd(32)} ${row.best.toFixed(0).padStart(5)} MB/s  ${((row.best / baseline) * 100).toFixed(0).padStart(4)}% of baseline  peak RSS growth ${row.growthMb.toFixed(1).padStart(6)} MB`,
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
