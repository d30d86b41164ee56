import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadResultSchema } from '../../../domain';
import { uploads } from '../../db/schema';
import { makeWav } from '../../test/media-fixtures';
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

  it('checks name, type and size when the upload is created', async () => {
    const create = (metadata: Record<string, string>, length: number) =>
      fetch(`${server.base}/api/uploads/resumable`, {
        method: 'POST',
        headers: {
          origin: server.base,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': Object.entries(metadata)
            .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
            .join(','),
        },
      });
    const tooBig = await create(metadataFor('resume-refused-01'), 200 * MiB + 1);
    expect(tooBig.status).toBe(413);
    const text = await create(
      { ...metadataFor('resume-refused-01', 'notes.txt'), filetype: 'text/plain' },
      1000,
    );
    expect(text.status).toBe(400);
    expect(await text.text()).toBe('Invalid audio file format');
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
