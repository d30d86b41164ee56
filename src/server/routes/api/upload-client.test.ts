import fs from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { PreviousUpload, UrlStorage } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL } from '../../../domain';
import {
  createUploadClient,
  isUploadCancelled,
  TransportError,
  type TransportRequest,
  type UploadClientOptions,
  UploadError,
  type UploadInput,
  type UploadProgress,
  type UploadTransport,
} from '../../../web/upload';
import { createNodeTransport } from '../../../web/upload/node-transport';
import { uploads } from '../../db/schema';
import type { Providers } from '../../providers';
import { LocalStorage } from '../../providers/storage/local-storage';
import { FillingResumableStore, fillingStorage } from '../../test/full-storage';
import { makeJpeg, makeWav, renamedTextFile } from '../../test/media-fixtures';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../../test/test-context';

/**
 * The web app's upload client (src/web/upload) against the real server over loopback, through the
 * Node transport: which path each file takes, the fallbacks of spec 001 §4, progress, cancel,
 * time-out and the §8 errors. Every request the client makes is recorded, so "no fallback" and
 * "nothing more was sent" are checked by counting.
 */

const MiB = 1024 * 1024;

let database: TestDatabase;
let s3: S3rverInstance;
beforeAll(async () => {
  [database, s3] = await Promise.all([createTestDatabase(), startS3rver()]);
});
afterAll(async () => {
  await database.destroy();
  await s3.stop();
});

interface Server {
  ctx: TestContext;
  base: string;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The server's PUBLIC_URL is its real address, so the signed upload URLs it hands out work as
 * they are, the way they do for a browser.
 */
async function startServer(
  env: Record<string, string> = {},
  providers?: Partial<Providers>,
): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ctx = await createTestContext({ database, env: { PUBLIC_URL: base, ...env }, providers });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return { ctx, base };
}

interface Sent {
  method: string;
  path: string;
  /** Body bytes handed to the network. */
  bytes: number;
  uploadOffset: string | undefined;
  status?: number;
  failure?: string;
}

/** Records every request the client sends and how it ended. */
function recording(inner: UploadTransport, log: Sent[]): UploadTransport {
  return {
    async send(request) {
      const entry: Sent = {
        method: request.method,
        path: new URL(request.url).pathname,
        bytes: 0,
        uploadOffset: request.headers?.['Upload-Offset'],
      };
      log.push(entry);
      try {
        const response = await inner.send({
          ...request,
          onUploadProgress: (loaded, total) => {
            entry.bytes = loaded;
            request.onUploadProgress?.(loaded, total);
          },
        });
        entry.status = response.status;
        return response;
      } catch (error) {
        entry.failure = error instanceof TransportError ? error.failure : String(error);
        throw error;
      }
    },
  };
}

/**
 * Drops the connection of the first `times` matching requests once `afterBytes` of the body are
 * out: the socket is destroyed mid-body, so the server sees a real broken upload, and the client
 * sees what a browser reports for it, a network error.
 */
function dropping(
  inner: UploadTransport,
  matches: (request: TransportRequest) => boolean,
  afterBytes: number,
  times = 1,
): UploadTransport {
  let left = times;
  return {
    async send(request) {
      if (left <= 0 || !matches(request)) return inner.send(request);
      left--;
      const cut = new AbortController();
      const signals = request.signal ? [cut.signal, request.signal] : [cut.signal];
      try {
        return await inner.send({
          ...request,
          signal: AbortSignal.any(signals),
          onUploadProgress: (loaded, total) => {
            request.onUploadProgress?.(loaded, total);
            if (loaded >= afterBytes) cut.abort();
          },
        });
      } catch (error) {
        if (cut.signal.aborted && !request.signal?.aborted)
          throw new TransportError('network', 'connection dropped by the test');
        throw error;
      }
    },
  };
}

function clientFor(
  server: { base: string },
  options: UploadClientOptions & { wrap?: (transport: UploadTransport) => UploadTransport } = {},
) {
  const log: Sent[] = [];
  const { wrap = (transport) => transport, ...clientOptions } = options;
  const transport = recording(wrap(createNodeTransport({ origin: server.base })), log);
  const client = createUploadClient({
    baseUrl: server.base,
    transport,
    retryDelays: [0, 50, 100],
    ...clientOptions,
  });
  return { client, log, requests: () => log.map((entry) => `${entry.method} ${entry.path}`) };
}

/** A File as the browser's picker gives it (File's parts want plain Uint8Arrays, not Buffers). */
function fileOf(parts: Buffer[], name: string, type: string): File {
  return new File(
    parts.map((part) => new Uint8Array(part)),
    name,
    { type },
  );
}

function wavFile(seconds: number, name = 'Track.wav'): File {
  return fileOf([makeWav({ seconds })], name, 'audio/wav');
}

/** About 21 MB: over the 15 MB line; one tus chunk (32 MiB), or three of 8 MiB. */
let largeWav: File;
beforeAll(() => {
  largeWav = wavFile(120, 'Long Take.wav');
});

function input(sessionId: string, extra: Partial<UploadInput> = {}): UploadInput {
  return { artistName: 'Maya Rivers', fileType: 'track', trackTitle: 'Long Take', sessionId, ...extra };
}

async function rowsOf(sessionId: string, status?: 'ready' | 'staged') {
  return database.db
    .select()
    .from(uploads)
    .where(
      status
        ? and(eq(uploads.sessionId, sessionId), eq(uploads.status, status))
        : eq(uploads.sessionId, sessionId),
    );
}

/**
 * The file behind a result's signed link. One connection per download, closed after it: a
 * keep-alive connection of fetch's pool sometimes outlived the server's close() and held the
 * test's clean-up for a minute.
 */
function servedBytes(server: Server, url: string | undefined): Promise<Buffer> {
  // The result's links are relative to the page's origin: here, the server's own.
  expect(url).toMatch(/^\/files\//);
  return new Promise((resolve, reject) => {
    http
      .get(new URL(url ?? '', server.base), { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`GET ${url} answered ${response.statusCode}`)),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function fileBytes(file: Blob): Promise<Buffer> {
  return Buffer.from(await file.arrayBuffer());
}

function expectMonotonic(events: UploadProgress[]) {
  const percents = events.map((event) => event.percent);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
}

const timeTexts = /^(Calculating\.\.\.|Less than 1 minute|About \d+ (minute|hour)s?)$/;

describe('the upload client against the server', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.ctx.close());

  it('sends a small WAV through the standard upload, with progress rising to 100', async () => {
    const { client, requests } = clientFor(server);
    const events: UploadProgress[] = [];
    const file = wavFile(3, 'First Light (master).wav');
    const result = await client.startUpload(
      file,
      input('client-standard-0001', { trackTitle: 'First Light', releaseTitle: 'Dawn' }),
      { onProgress: (event) => events.push(event) },
    ).promise;

    expect(result).toMatchObject({
      success: true,
      uploadMethod: 'APP_ENGINE',
      fileName: 'First Light (master).wav',
      fileType: 'track',
      originalSize: file.size,
      sessionId: 'client-standard-0001',
    });
    expect(requests()).toEqual(['POST /api/upload/storage']);
    expect((await servedBytes(server, result.url)).equals(await fileBytes(file))).toBe(true);
    const [row] = await rowsOf('client-standard-0001', 'ready');
    expect(row).toMatchObject({ trackTitle: 'First Light', releaseTitle: 'Dawn' });

    expectMonotonic(events);
    expect(events.every((event) => event.method === 'standard')).toBe(true);
    expect(events.every((event) => timeTexts.test(event.timeRemainingText))).toBe(true);
    expect(events.filter((event) => event.phase === 'uploading').every((event) => event.percent <= 90)).toBe(
      true,
    );
    expect(events.find((event) => event.phase === 'processing')?.percent).toBe(95);
    expect(events.at(-1)).toMatchObject({
      phase: 'done',
      percent: 100,
      bytesSent: file.size,
      bytesTotal: file.size,
    });
  });

  it('sends a 20 MB WAV through the resumable upload in one 32 MiB chunk', async () => {
    const { client, requests } = clientFor(server);
    const events: UploadProgress[] = [];
    const result = await client.startUpload(largeWav, input('client-resumable-0001'), {
      onProgress: (event) => events.push(event),
    }).promise;

    expect(result).toMatchObject({
      uploadMethod: 'CLOUD_STORAGE_DIRECT',
      fileName: 'Long Take.wav',
      originalSize: largeWav.size,
    });
    expect(requests()).toEqual([
      'POST /api/uploads/resumable',
      expect.stringMatching(/^PATCH \/api\/uploads\/resumable\/[0-9a-f-]{36}$/),
      'POST /api/storage/process-upload',
    ]);
    expect((await servedBytes(server, result.url)).equals(await fileBytes(largeWav))).toBe(true);

    expectMonotonic(events);
    expect(events.every((event) => event.method === 'resumable')).toBe(true);
    const uploading = events.filter((event) => event.phase === 'uploading');
    expect(Math.max(...uploading.map((event) => event.percent))).toBe(90);
    expect(events.slice(-2).map(({ phase, percent }) => [phase, percent])).toEqual([
      ['processing', 95],
      ['done', 100],
    ]);
  });

  it('uses the signed-URL upload when there is no resumable endpoint', async () => {
    const { client, requests, log } = clientFor(server, { resumableEndpoint: '/api/uploads/not-here' });
    const events: UploadProgress[] = [];
    const result = await client.startUpload(largeWav, input('client-signed-0001'), {
      onProgress: (event) => events.push(event),
    }).promise;

    expect(result).toMatchObject({ uploadMethod: 'CLOUD_STORAGE_DIRECT', originalSize: largeWav.size });
    expect(requests()).toEqual([
      'POST /api/uploads/not-here',
      'POST /api/storage/generate-upload-url',
      expect.stringMatching(/^PUT \/api\/storage\/direct\/[0-9a-f-]{36}$/),
      'POST /api/storage/process-upload',
    ]);
    expect(log[0]?.status).toBe(404);
    expect(log[2]?.bytes).toBe(largeWav.size);
    expect((await servedBytes(server, result.url)).equals(await fileBytes(largeWav))).toBe(true);
    const direct = events.filter((event) => event.method === 'direct');
    expectMonotonic(direct);
    expect(direct.slice(-2).map(({ phase, percent }) => [phase, percent])).toEqual([
      ['processing', 95],
      ['done', 100],
    ]);
  });

  it('falls back to the standard upload when the connection drops during the signed-URL PUT', async () => {
    const { client, requests, log } = clientFor(server, {
      resumableEndpoint: null,
      wrap: (transport) => dropping(transport, (request) => request.method === 'PUT', 4 * MiB),
    });
    const events: UploadProgress[] = [];
    const result = await client.startUpload(largeWav, input('client-dropped-0001'), {
      onProgress: (event) => events.push(event),
    }).promise;

    expect(result).toMatchObject({ uploadMethod: 'APP_ENGINE', originalSize: largeWav.size });
    expect(requests()).toEqual([
      'POST /api/storage/generate-upload-url',
      expect.stringMatching(/^PUT /),
      'POST /api/upload/storage',
    ]);
    expect(log[1]?.failure).toBe('network');
    expect(events.at(-1)).toMatchObject({ method: 'standard', phase: 'done', percent: 100 });
    // The broken direct upload was never filed; only the standard one was.
    expect(await rowsOf('client-dropped-0001', 'ready')).toHaveLength(1);
  });

  it('continues a resumable upload from the last acknowledged byte after a dropped connection', async () => {
    const { client, log, requests } = clientFor(server, {
      wrap: (transport) => dropping(transport, (request) => request.method === 'PATCH', 3 * MiB),
    });
    const result = await client.startUpload(largeWav, input('client-resume-drop-0001')).promise;

    expect(result).toMatchObject({ uploadMethod: 'CLOUD_STORAGE_DIRECT', originalSize: largeWav.size });
    expect(requests()).not.toContain('POST /api/upload/storage');
    const patches = log.filter((entry) => entry.method === 'PATCH');
    expect(patches[0]?.failure).toBe('network');
    // tus asks where the server got to, then continues from there rather than from 0.
    expect(log[log.indexOf(patches[0] as Sent) + 1]?.method).toBe('HEAD');
    expect(Number(patches[1]?.uploadOffset)).toBeGreaterThan(0);
    const sent = patches.reduce((total, entry) => total + entry.bytes, 0);
    expect(sent).toBeLessThan(largeWav.size + 3 * MiB);
    expect((await servedBytes(server, result.url)).equals(await fileBytes(largeWav))).toBe(true);
  });

  it('surfaces the server refusing a renamed text file, without re-sending it through the standard upload', async () => {
    const text = fileOf([Buffer.alloc(16 * MiB, renamedTextFile())], 'song.wav', 'audio/wav');
    const { client, requests } = clientFor(server);
    const error = await client.startUpload(text, input('client-refused-0001')).promise.catch((e) => e);

    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ message: 'Invalid audio file format', kind: 'refused', status: 400 });
    expect(requests().filter((request) => request.startsWith('POST /api/upload/storage'))).toEqual([]);
    expect(requests().at(-1)).toBe('POST /api/storage/process-upload');
    expect(await rowsOf('client-refused-0001', 'ready')).toEqual([]);

    // The same on the signed-URL path.
    const signed = clientFor(server, { resumableEndpoint: null });
    const again = await signed.client.startUpload(text, input('client-refused-0002')).promise.catch((e) => e);
    expect(again).toMatchObject({ message: 'Invalid audio file format', kind: 'refused' });
    expect(signed.requests()).toEqual([
      'POST /api/storage/generate-upload-url',
      expect.stringMatching(/^PUT /),
      'POST /api/storage/process-upload',
    ]);
  });

  it('surfaces a size refusal before any byte is sent', async () => {
    const jpeg = await makeJpeg({ width: 8, height: 8 });
    const artwork = fileOf([jpeg, Buffer.alloc(21 * MiB)], 'cover.jpg', 'image/jpeg');
    const { client, requests } = clientFor(server);
    const error = await client
      .startUpload(artwork, input('client-too-big-0001', { fileType: 'artwork' }))
      .promise.catch((e) => e);
    expect(error).toMatchObject({ message: 'Image size exceeds 20MB limit', kind: 'refused', status: 413 });
    expect(requests()).toEqual(['POST /api/uploads/resumable']);
  });

  it('cancels a standard upload mid-way: rejects as cancelled, sends nothing more, files nothing', async () => {
    const { client, log } = clientFor(server);
    const file = wavFile(60); // ~10 MB: standard
    const handle = client.startUpload(file, input('client-cancel-0001'), {
      onProgress: (event) => {
        if (event.bytesSent > MiB) handle.cancel();
      },
    });
    const error = await handle.promise.catch((e) => e);
    expect(isUploadCancelled(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'cancelled', message: 'Upload cancelled' });
    expect(log).toHaveLength(1);
    expect(log[0]?.bytes).toBeLessThan(file.size);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log).toHaveLength(1);
    expect(await rowsOf('client-cancel-0001', 'ready')).toEqual([]);
  });

  it('cancels a resumable upload through its signal, and a later start of the same file resumes it', async () => {
    const urlStorage = memoryUrlStorage();
    // 8 MiB chunks: the upload is cancelled in its second one.
    const first = clientFor(server, { urlStorage, chunkSize: 8 * MiB });
    const controller = new AbortController();
    const error = await first.client
      .startUpload(largeWav, input('client-cancel-0002'), {
        signal: controller.signal,
        onProgress: (event) => {
          if (event.bytesSent > 9 * MiB) controller.abort();
        },
      })
      .promise.catch((e) => e);
    expect(isUploadCancelled(error)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(first.requests()).toEqual([
      'POST /api/uploads/resumable',
      expect.stringMatching(/^PATCH /),
      expect.stringMatching(/^PATCH /),
    ]);
    expect(await rowsOf('client-cancel-0002', 'ready')).toEqual([]);
    expect(urlStorage.size()).toBe(1);

    // The page reloads; the artist picks the same file for the same session.
    const second = clientFor(server, { urlStorage, chunkSize: 8 * MiB });
    const events: UploadProgress[] = [];
    const result = await second.client.startUpload(largeWav, input('client-cancel-0002'), {
      onProgress: (event) => events.push(event),
    }).promise;
    expect(result).toMatchObject({ uploadMethod: 'CLOUD_STORAGE_DIRECT', originalSize: largeWav.size });
    expect(second.requests()[0]).toMatch(/^HEAD \/api\/uploads\/resumable\//);
    // It goes on from what the server holds: the first chunk and part of the second.
    const resumedAt = Number(second.log.find((entry) => entry.method === 'PATCH')?.uploadOffset);
    expect(resumedAt).toBeGreaterThanOrEqual(8 * MiB);
    expect(resumedAt).toBeLessThan(largeWav.size);
    expect(urlStorage.size()).toBe(0);
    expect((await servedBytes(server, result.url)).equals(await fileBytes(largeWav))).toBe(true);
  });

  it('rejects at once, sending nothing, when the signal is already aborted', async () => {
    const { client, log } = clientFor(server);
    const error = await client
      .startUpload(wavFile(1), input('client-cancel-0003'), { signal: AbortSignal.abort() })
      .promise.catch((e) => e);
    expect(isUploadCancelled(error)).toBe(true);
    expect(log).toEqual([]);
  });
});

describe('the upload client when direct uploads are switched off (503)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ DIRECT_UPLOADS: 'false' });
  });
  afterAll(async () => server.ctx.close());

  it('falls back to the standard upload and still succeeds', async () => {
    const { client, requests, log } = clientFor(server);
    const events: UploadProgress[] = [];
    const result = await client.startUpload(largeWav, input('client-fallback-0001'), {
      onProgress: (event) => events.push(event),
    }).promise;

    expect(result).toMatchObject({ uploadMethod: 'APP_ENGINE', originalSize: largeWav.size });
    expect(requests()).toEqual([
      'POST /api/uploads/resumable',
      'POST /api/storage/generate-upload-url',
      'POST /api/upload/storage',
    ]);
    expect(log.map((entry) => entry.status)).toEqual([503, 503, 200]);
    expect([...new Set(events.map((event) => event.method))]).toEqual(['resumable', 'direct', 'standard']);
    expect((await servedBytes(server, result.url)).equals(await fileBytes(largeWav))).toBe(true);
  });
});

describe('the upload client when storage is full (507)', () => {
  let server: Server;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-full-client-'));
    const root = path.join(dataDir, 'files');
    const store = new FillingResumableStore({ directory: path.join(root, 'resumable') });
    store.room = MiB;
    server = await startServer(
      { DATA_DIR: dataDir },
      {
        storage: fillingStorage(new LocalStorage(root), 64 * 1024),
        resumable: {
          store,
          keyOf: (id) => `resumable/${id}`,
          bookkeepingKeysOf: (id) => [`resumable/${id}.json`],
        },
      },
    );
  });
  afterAll(async () => {
    await server.ctx.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['a resumable upload', 'large', ['POST /api/uploads/resumable', 'PATCH']],
    ['a standard upload', 'small', ['POST /api/upload/storage']],
  ])('%s ends in the server’s words, not retried and with no fallback', async (_label, size, expected) => {
    const file = size === 'large' ? largeWav : wavFile(1);
    const { client, requests } = clientFor(server);
    const error = await client.startUpload(file, input('client-full-0001')).promise.catch((e) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ kind: 'refused', status: 507, message: STORAGE_FULL });
    expect(requests().map((request) => request.replace(/^PATCH .*/, 'PATCH'))).toEqual(expected);
    expect(await rowsOf('client-full-0001')).toEqual([]);
  });
});

describe('the upload client on the S3 driver', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer(s3.env);
  });
  afterAll(async () => server.ctx.close());

  it('PUTs straight to the bucket through the presigned URL', async () => {
    const { client, requests, log } = clientFor(server, { resumableEndpoint: null });
    const result = await client.startUpload(largeWav, input('client-s3-0001')).promise;
    expect(result).toMatchObject({ uploadMethod: 'CLOUD_STORAGE_DIRECT', originalSize: largeWav.size });
    expect(requests()).toEqual([
      'POST /api/storage/generate-upload-url',
      `PUT /${s3.bucket}/${log[1]?.path.split('/').slice(2).join('/')}`,
      'POST /api/storage/process-upload',
    ]);
    expect(log[1]?.status).toBe(200);
    expect((await servedBytes(server, result.url)).equals(await fileBytes(largeWav))).toBe(true);
  });
});

describe('the upload client when the server cannot be reached or does not answer', () => {
  it('says so when nothing listens', async () => {
    const port = await freePort();
    const { client } = clientFor({ base: `http://127.0.0.1:${port}` });
    const error = await client.startUpload(wavFile(1), input('client-offline-0001')).promise.catch((e) => e);
    expect(error).toMatchObject({ kind: 'network', message: 'Failed to connect to server' });
  });

  it("gives up after the standard time-out with the spec's 'Upload timeout'", async () => {
    // A server that reads the whole request and never answers.
    const stalled = http.createServer((request) => request.resume());
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
    try {
      const { client, log } = clientFor({ base }, { standardTimeoutMs: 300 });
      const error = await client
        .startUpload(wavFile(1), input('client-timeout-0001'))
        .promise.catch((e) => e);
      expect(error).toMatchObject({ kind: 'timeout', message: 'Upload timeout', method: 'standard' });
      expect(log).toHaveLength(1);
      expect(log[0]?.failure).toBe('timeout');
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });
});

/** tus's URL storage in memory: what localStorage keeps across a reload in the browser. */
function memoryUrlStorage(): UrlStorage & { size(): number } {
  const entries = new Map<string, PreviousUpload>();
  let next = 0;
  return {
    size: () => entries.size,
    async findAllUploads() {
      return [...entries.values()];
    },
    async findUploadsByFingerprint(fingerprint) {
      return [...entries]
        .filter(([key]) => key.startsWith(`${fingerprint}::`))
        .map(([key, upload]) => ({ ...upload, urlStorageKey: key }));
    },
    async removeUpload(key) {
      entries.delete(key);
    },
    async addUpload(fingerprint, upload) {
      const key = `${fingerprint}::${next++}`;
      entries.set(key, upload);
      return key;
    },
  };
}
