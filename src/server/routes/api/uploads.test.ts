import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESUMABLE_CHUNK_TOO_LONG, uploadResultSchema } from '../../../domain';
import { uploads } from '../../db/schema';
import { makeWav } from '../../test/media-fixtures';
import { createResumableUpload } from '../../test/multipart';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../../test/test-context';

const MiB = 1024 * 1024;

let s3: S3rverInstance;
let database: TestDatabase;
beforeAll(async () => {
  s3 = await startS3rver();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
  await s3.stop();
});

interface Started {
  ctx: TestContext;
  base: string;
}

async function start(dataDir: string, env: Record<string, string>, port = 0): Promise<Started> {
  const ctx = await createTestContext({ database, dataDir, env });
  const address = await ctx.app.listen({ port, host: '127.0.0.1' });
  return { ctx, base: address };
}

function metadataFor(sessionId: string, name = 'Long Take.wav') {
  return { filename: name, filetype: 'audio/wav', fileType: 'track', artistName: 'Maya Rivers', sessionId };
}

/** Uploads with tus-js-client; `stopAfter` aborts the transfer once that many bytes are acknowledged. */
function runUpload(
  base: string,
  file: Buffer,
  options: { metadata: Record<string, string>; uploadUrl?: string; stopAfter?: number },
): Promise<{ url: string; acknowledged: number; finished: boolean }> {
  return new Promise((resolve, reject) => {
    let acknowledged = 0;
    const upload: tus.Upload = new tus.Upload(file, {
      endpoint: `${base}/api/uploads/resumable`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      chunkSize: 1 * MiB,
      retryDelays: [],
      metadata: options.metadata,
      headers: { origin: base },
      onChunkComplete: (_chunk, accepted) => {
        acknowledged = accepted;
        if (options.stopAfter !== undefined && accepted >= options.stopAfter) {
          void upload.abort().then(() => resolve({ url: upload.url ?? '', acknowledged, finished: false }));
        }
      },
      onSuccess: () => resolve({ url: upload.url ?? '', acknowledged: file.length, finished: true }),
      onError: reject,
    });
    upload.start();
  });
}

/**
 * A PATCH whose body goes out in 256 KiB pieces with chunked transfer encoding (no Content-Length),
 * over a plain socket, read as it arrives. The server stops reading when it refuses the bytes: it
 * answers and closes, or, when tus has already torn the request down, just closes (status 0).
 */
function sendChunked(
  url: string,
  bytes: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => {
      received += text;
    });
    socket.on('error', () => {}); // a reset connection is one of the answers
    socket.on('close', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      // The body may itself be chunked: keep the text lines between the size lines.
      const body = /transfer-encoding: chunked/i.test(head)
        ? rest
            .join('\r\n\r\n')
            .split('\r\n')
            .filter((_line, index) => index % 2 === 1)
            .join('')
        : rest.join('\r\n\r\n');
      resolve({ status, body });
    });
    socket.on('connect', async () => {
      const lines = Object.entries({
        ...headers,
        host: `${hostname}:${port}`,
        'transfer-encoding': 'chunked',
      });
      socket.write(
        `PATCH ${pathname} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`,
      );
      for (let sent = 0; sent < bytes.length && received === '' && !socket.destroyed; sent += 256 * 1024) {
        const piece = bytes.subarray(sent, sent + 256 * 1024);
        socket.write(`${piece.length.toString(16)}\r\n`);
        socket.write(piece);
        socket.write('\r\n');
        await new Promise((wait) => setTimeout(wait, 5));
      }
      if (received === '' && !socket.destroyed) socket.write('0\r\n\r\n');
    });
  });
}

describe.each(['local', 's3'] as const)('resumable uploads on the %s driver', (driver) => {
  let dataDir: string;
  let server: Started;
  const env = () => (driver === 's3' ? s3.env : {});

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-resumable-'));
    server = await start(dataDir, env());
  });
  afterAll(async () => {
    await server.ctx.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('continues after a dropped connection and after a server restart, from the last acknowledged byte', async () => {
    const wav = makeWav({ channels: 2, sampleRate: 44_100, bitDepth: 16, seconds: 60 }); // ~10 MB
    const sessionId = `resume-${driver}-0001`;

    const first = await runUpload(server.base, wav, { metadata: metadataFor(sessionId), stopAfter: 3 * MiB });
    expect(first.finished).toBe(false);
    expect(first.acknowledged).toBeGreaterThanOrEqual(3 * MiB);
    const fileId = first.url.split('/').pop() ?? '';
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);

    // The server goes down and comes back on the same port, data directory and database.
    const port = Number(new URL(server.base).port);
    await server.ctx.close();
    server = await start(dataDir, env(), port);

    const head = await fetch(`${server.base}/api/uploads/resumable/${fileId}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(Number(head.headers.get('upload-offset'))).toBe(first.acknowledged);

    const second = await runUpload(server.base, wav, {
      metadata: metadataFor(sessionId),
      uploadUrl: first.url,
    });
    expect(second.finished).toBe(true);

    const processed = await server.ctx.app.inject({
      method: 'POST',
      url: '/api/storage/process-upload',
      headers: { origin: server.ctx.config.publicUrl },
      payload: {
        fileName: fileId,
        bucketName: 'resumable',
        artistName: 'Maya Rivers',
        fileType: 'track',
        sessionId,
      },
    });
    expect(processed.statusCode).toBe(200);
    const result = uploadResultSchema.parse(processed.json());
    expect(result).toMatchObject({
      fileId,
      uploadMethod: 'CLOUD_STORAGE_DIRECT',
      originalSize: wav.length,
      fileName: 'Long Take.wav',
    });
    const served = await fetch(new URL(result.url ?? '', server.base));
    expect(Buffer.from(await served.arrayBuffer()).equals(wav)).toBe(true);
    const [row] = await database.db.select().from(uploads).where(eq(uploads.id, fileId));
    expect(row).toMatchObject({ status: 'ready' });
    expect(row?.media).toMatchObject({ format: 'wav', channels: 2 });
    // Nothing is left in the tus store once the bytes are filed.
    await expect(server.ctx.app.providers.resumable.store.getUpload(fileId)).rejects.toMatchObject({
      status_code: 404,
    });
    for (const key of server.ctx.app.providers.resumable.bookkeepingKeysOf(fileId)) {
      expect(await server.ctx.app.providers.storage.head(key)).toBeUndefined();
    }
  });

  it('keeps what arrived of a PATCH whose connection drops mid-body, and goes on from there', async () => {
    const wav = makeWav({ seconds: 30 }); // ~5 MB
    const sessionId = `resume-cut-${driver}-0001`;
    const created = await createResumableUpload(server.base, wav.length, metadataFor(sessionId));
    const url = new URL(created.headers.get('location') ?? '', server.base);
    const fileId = url.pathname.split('/').pop() ?? '';
    const tusHeaders = { origin: server.base, 'tus-resumable': '1.0.0' };
    const offsetNow = async () =>
      Number((await fetch(url, { method: 'HEAD', headers: tusHeaders })).headers.get('upload-offset'));

    // The whole file announced, 2 MiB of it sent, then the connection is gone.
    const socket = net.connect(Number(url.port), url.hostname);
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PATCH ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\norigin: ${server.base}\r\n` +
        'tus-resumable: 1.0.0\r\nupload-offset: 0\r\ncontent-type: application/offset+octet-stream\r\n' +
        `content-length: ${wav.length}\r\n\r\n`,
    );
    socket.write(wav.subarray(0, 2 * MiB));
    // On the local driver the bytes show in the file as they are written (a HEAD now would wait for
    // the PATCH's lock); S3 keeps them once the request ends.
    const file = path.join(dataDir, 'files', 'resumable', fileId);
    if (driver === 'local')
      await vi.waitFor(async () => expect((await fs.stat(file)).size).toBe(2 * MiB), 10_000);
    else await new Promise((resolve) => setTimeout(resolve, 500));
    socket.destroy();
    let kept = 0;
    await vi.waitFor(async () => {
      kept = await offsetNow();
      expect(kept).toBeGreaterThan(0);
    }, 10_000);
    expect(kept).toBeLessThanOrEqual(2 * MiB);
    if (driver === 'local') expect(kept).toBe(2 * MiB);

    const rest = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': String(kept),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(wav.subarray(kept)),
    });
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(wav.length);
    const processed = await server.ctx.app.inject({
      method: 'POST',
      url: '/api/storage/process-upload',
      headers: { origin: server.ctx.config.publicUrl },
      payload: {
        fileName: fileId,
        bucketName: 'resumable',
        artistName: 'Maya Rivers',
        fileType: 'track',
        sessionId,
      },
    });
    expect(processed.statusCode).toBe(200);
    const served = await fetch(new URL(uploadResultSchema.parse(processed.json()).url ?? '', server.base));
    expect(Buffer.from(await served.arrayBuffer()).equals(wav)).toBe(true);
  });

  it('checks name, type and size when the upload is created', async () => {
    const create = (metadata: Record<string, string>, length: number) =>
      createResumableUpload(server.base, length, metadata);
    const tooBig = await create(metadataFor('resume-refused-01'), 200 * MiB + 1);
    expect(tooBig.status).toBe(413);
    const text = await create(
      { ...metadataFor('resume-refused-01', 'notes.txt'), filetype: 'text/plain' },
      1000,
    );
    expect(text.status).toBe(400);
    expect(await text.text()).toBe('Invalid audio file format');
  });

  it('deletes the bytes of a chunk that runs past the declared length at once, with the upload', async () => {
    const wav = makeWav({ seconds: 30 }); // ~5 MB declared
    const sessionId = `resume-overlong-${driver}`;
    const created = await createResumableUpload(server.base, wav.length, metadataFor(sessionId));
    expect(created.status).toBe(201);
    const fileId = created.headers.get('location')?.split('/').pop() ?? '';
    // Sent without Content-Length (chunked), so tus learns the chunk is too long only while
    // storing it: 12 MB of bytes for a 5 MB upload, arriving over time as from a slow client.
    const chunk = Buffer.concat([wav, Buffer.alloc(7 * MiB, 7)]);
    const patch = await sendChunked(`${server.base}/api/uploads/resumable/${fileId}`, chunk, {
      origin: server.base,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    });
    // tus tears down a request whose bytes it refuses; whether the 413 reaches the client before
    // the connection closes is a race. When it does, it says why.
    expect([0, 413]).toContain(patch.status);
    if (patch.status === 413) expect(patch.body).toBe(RESUMABLE_CHUNK_TOO_LONG);

    // Nothing of it is left for the hourly clean-up: not the bytes, not the store's records, not the
    // row (waited for: with the connection gone, the client may hear of the refusal first).
    const { storage, resumable } = server.ctx.app.providers;
    await vi.waitFor(async () => {
      expect(await database.db.select().from(uploads).where(eq(uploads.id, fileId))).toEqual([]);
    }, 10_000);
    expect(await storage.head(resumable.keyOf(fileId))).toBeUndefined();
    for (const key of resumable.bookkeepingKeysOf(fileId)) expect(await storage.head(key)).toBeUndefined();
    await expect(resumable.store.getUpload(fileId)).rejects.toMatchObject({ status_code: 404 });
    if (driver === 'local') {
      expect(await fs.readdir(path.join(dataDir, 'files', 'resumable'))).not.toContain(fileId);
    }
    const head = await fetch(`${server.base}/api/uploads/resumable/${fileId}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
  });

  it('refuses to process an upload that is not complete', async () => {
    const wav = makeWav({ seconds: 30 });
    const sessionId = `resume-partial-${driver}`;
    const partial = await runUpload(server.base, wav, {
      metadata: metadataFor(sessionId),
      stopAfter: 1 * MiB,
    });
    const fileId = partial.url.split('/').pop();
    const processed = await server.ctx.app.inject({
      method: 'POST',
      url: '/api/storage/process-upload',
      headers: { origin: server.ctx.config.publicUrl },
      payload: {
        fileName: fileId,
        bucketName: 'resumable',
        artistName: 'Maya Rivers',
        fileType: 'track',
        sessionId,
      },
    });
    expect(processed.statusCode).toBe(400);
    expect(processed.json().error).toBe('The file has not been uploaded yet');
  });
});
