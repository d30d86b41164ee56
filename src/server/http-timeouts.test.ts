import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMED_OUT } from '../domain';
import { loadConfig } from './config';
import { uploads } from './db/schema';
import { filesUnder } from './test/full-storage';
import { makeWav } from './test/media-fixtures';
import { createResumableUpload } from './test/multipart';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from './test/test-context';

/**
 * No client holds a connection by going quiet, and an upload that keeps sending goes
 * on however long it takes. The limits are configured short here (fractions of a second); what is
 * asserted is what the client gets, never how long it took.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

interface RawAnswer {
  /** The status of the answer, or undefined when the connection closed without one. */
  status: number | undefined;
  body: string;
}

/** Sends `head` (and then whatever `drip` writes) on a raw socket and reads until the server closes it. */
function rawRequest(
  port: number,
  head: string | Buffer,
  drip?: (socket: net.Socket) => Promise<void>,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the client is still writing: what it answered is the result.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n'),
      });
    });
    socket.on('connect', () => {
      socket.write(head);
      if (drip) drip(socket).catch(() => socket.destroy());
    });
  });
}

async function uploadRows(ctx: TestContext): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}

/** Files left under DATA_DIR/files (staged or stored), so a cut-off upload can be seen to leave none. */
const storedFiles = (ctx: TestContext) => filesUnder(path.join(ctx.dataDir, 'files'));

/** The signed URL a direct upload of `wav` PUTs to. */
async function directUploadUrl(ctx: TestContext, fileName: string, wav: Buffer): Promise<URL> {
  const generated = await ctx.app.inject({
    method: 'POST',
    url: '/api/storage/generate-upload-url',
    headers: { origin: ctx.config.publicUrl },
    payload: {
      fileName,
      fileSize: wav.length,
      contentType: 'audio/wav',
      artistName: 'Maya',
      fileType: 'track',
    },
  });
  expect(generated.statusCode, generated.body).toBe(200);
  return new URL(generated.json().uploadUrl as string);
}

/** Sends `body` in ten pieces 150 ms apart, then ends the request: slow, but never quiet for long. */
async function writeSteadily(request: http.ClientRequest, body: Buffer): Promise<void> {
  const pieces = 10;
  const size = Math.ceil(body.length / pieces);
  for (let i = 0; i < pieces; i++) {
    request.write(body.subarray(i * size, (i + 1) * size));
    await sleep(150);
  }
  request.end();
}

/** The app on the file's database with these limits (seconds), listening on a port of its own. */
async function listeningApp(limits: { headers: string; idle: string; request: string }) {
  const ctx = await createTestContext({
    database,
    env: {
      HTTP_HEADERS_TIMEOUT_SECONDS: limits.headers,
      HTTP_IDLE_TIMEOUT_SECONDS: limits.idle,
      HTTP_REQUEST_TIMEOUT_SECONDS: limits.request,
    },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, port: (ctx.app.server.address() as net.AddressInfo).port };
}

function multipartHead(port: number, boundary: string, length?: number): string {
  return (
    'POST /api/upload/storage HTTP/1.1\r\n' +
    `Host: 127.0.0.1:${port}\r\n` +
    `Origin: http://127.0.0.1:${port}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
    'Connection: close\r\n' +
    (length === undefined ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
    '\r\n'
  );
}

function wavUploadBody(boundary: string, wav: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\ntrack\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="artistName"\r\n\r\nMaya Rivers\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    wav,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe('the limits in the configuration', () => {
  it('default to 30 s for headers and silence and 15 minutes for a whole request', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({ headersMs: 30_000, idleMs: 30_000, requestMs: 900_000 });
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '0' }).httpTimeouts.requestMs).toBe(0);
  });

  it('refuse a headers limit above the whole request’s, and a limit that is not a number', () => {
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '60', HTTP_REQUEST_TIMEOUT_SECONDS: '30' }),
    ).toThrow(/HTTP_REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_SECONDS: 'soon' })).toThrow(/HTTP_IDLE_TIMEOUT_SECONDS/);
  });
});

describe('a request that goes quiet (idle limit)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ({ ctx, port } = await listeningApp({ headers: '5', idle: '0.4', request: '60' }));
  });
  afterAll(async () => ctx.close());

  it('answers 408 JSON to a multipart upload whose closing boundary never comes, and keeps nothing', async () => {
    const boundary = 'quiet-boundary';
    const body = wavUploadBody(boundary, makeWav({ seconds: 1 }));
    const before = await uploadRows(ctx);
    // Announces the whole body, sends all but its last bytes, then says nothing more.
    const answer = await rawRequest(port, multipartHead(port, boundary, body.length), async (socket) => {
      socket.write(body.subarray(0, body.length - 20));
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: REQUEST_TIMED_OUT });
    expect(await uploadRows(ctx)).toBe(before);
    // The handler cleans up once the connection is gone, after the answer: waited for.
    await vi.waitFor(async () => expect(await storedFiles(ctx)).toEqual([]), { timeout: 5000 });
  });

  it('answers 408 JSON to a direct upload PUT that stops sending', async () => {
    const wav = makeWav({ seconds: 1 });
    const url = await directUploadUrl(ctx, 'slow.wav', wav);
    const head =
      `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: audio/wav\r\nContent-Length: ${wav.length}\r\n\r\n`;
    const answer = await rawRequest(port, head, async (socket) => {
      socket.write(wav.subarray(0, 1000));
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: REQUEST_TIMED_OUT });
    // The handler cleans up once the connection is gone, after the answer: waited for.
    await vi.waitFor(async () => expect(await storedFiles(ctx)).toEqual([]), { timeout: 5000 });
  });

  it('closes a connection that never sends a request', async () => {
    const answer = await rawRequest(port, '');
    // Closed, with nothing or a 408: never left open.
    expect([undefined, 408]).toContain(answer.status);
  });

  it('lets an upload that keeps sending run past the idle limit many times over', async () => {
    const boundary = 'steady-boundary';
    const wav = makeWav({ seconds: 2 });
    const body = wavUploadBody(boundary, wav);
    const pieces = 12;
    const size = Math.ceil(body.length / pieces);
    // Chunked, a piece every 150 ms: never 0.4 s without a byte, 1.8 s in all.
    const answer = await rawRequest(port, multipartHead(port, boundary), async (socket) => {
      for (let i = 0; i < pieces; i++) {
        const piece = body.subarray(i * size, (i + 1) * size);
        socket.write(`${piece.length.toString(16)}\r\n`);
        socket.write(piece);
        socket.write('\r\n');
        await sleep(150);
      }
      socket.write('0\r\n\r\n');
    });
    expect(answer.status, answer.body).toBe(200);
    const result = JSON.parse(answer.body.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, ''));
    expect(result).toMatchObject({ success: true, fileType: 'track', originalSize: wav.length });
  });

  it('lets a direct upload PUT that keeps sending run past the idle limit', async () => {
    const wav = makeWav({ seconds: 2 });
    const url = await directUploadUrl(ctx, 'steady.wav', wav);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `${url.pathname}${url.search}`,
          headers: { 'content-type': 'audio/wav', 'content-length': wav.length },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      void writeSteadily(request, wav);
    });
    expect(status).toBe(200);
  });

  it('lets a resumable (tus) PATCH that keeps sending run past the idle limit', async () => {
    const wav = makeWav({ seconds: 2 });
    const metadata = { filename: 'steady.wav', filetype: 'audio/wav', fileType: 'track', artistName: 'Maya' };
    const created = await createResumableUpload(`http://127.0.0.1:${port}`, wav.length, metadata);
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') ?? '', `http://127.0.0.1:${port}`);
    const answer = await new Promise<{ status: number; offset: string | undefined }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'PATCH',
          path: location.pathname,
          headers: {
            origin: `http://127.0.0.1:${port}`,
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': wav.length,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              offset: response.headers['upload-offset'] as string,
            }),
          );
        },
      );
      request.on('error', reject);
      void writeSteadily(request, wav);
    });
    expect(answer).toEqual({ status: 204, offset: String(wav.length) });
  });
});

describe('headers that never finish arriving (headers limit)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ({ ctx, port } = await listeningApp({ headers: '0.5', idle: '5', request: '60' }));
  });
  afterAll(async () => ctx.close());

  it('answers 408 JSON to headers dripped a byte at a time (slowloris)', async () => {
    let stopped = false;
    const answer = await rawRequest(
      port,
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      async (socket) => {
        // One header byte every 100 ms: never idle, never done.
        for (let i = 0; i < 200 && !stopped && !socket.destroyed; i++) {
          socket.write('X');
          await sleep(100);
        }
      },
    );
    stopped = true;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: REQUEST_TIMED_OUT });
  });
});

describe('a body that drips for longer than a whole request may take (request limit)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ({ ctx, port } = await listeningApp({ headers: '0.5', idle: '5', request: '1' }));
  });
  afterAll(async () => ctx.close());

  it('answers 408 JSON and keeps nothing', async () => {
    const boundary = 'drip-boundary';
    const body = wavUploadBody(boundary, makeWav({ seconds: 1 }));
    const before = await uploadRows(ctx);
    let stopped = false;
    const answer = await rawRequest(port, multipartHead(port, boundary, body.length), async (socket) => {
      // 100 bytes every 100 ms: never idle, but the whole body would take over 8 s.
      for (let offset = 0; offset < body.length && !stopped && !socket.destroyed; offset += 100) {
        socket.write(body.subarray(offset, offset + 100));
        await sleep(100);
      }
    });
    stopped = true;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: REQUEST_TIMED_OUT });
    expect(await uploadRows(ctx)).toBe(before);
    // The handler cleans up once the connection is gone, after the answer: waited for.
    await vi.waitFor(async () => expect(await storedFiles(ctx)).toEqual([]), { timeout: 5000 });
  });
});
