import fs from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadResultSchema } from '../../../domain';
import { jobs, uploads } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { makeJpeg, makePng, makeWav, renamedTextFile, wavStream } from '../../test/media-fixtures';
import { multipartBody, sendStream } from '../../test/multipart';
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

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

describe.each(['local', 's3'] as const)('uploads on the %s driver', (driver) => {
  let ctx: TestContext;
  let base: string;
  let origin: string;

  beforeAll(async () => {
    ctx = await createTestContext({ database, env: driver === 's3' ? s3.env : {} });
    base = await listen(ctx.app);
    origin = ctx.config.publicUrl;
  });
  afterAll(async () => ctx.close());

  const upload = (parts: Parameters<typeof multipartBody>[0]) => {
    const { contentType, body } = multipartBody(parts);
    return sendStream(`${base}/api/upload/storage?_t=${Date.now()}`, {
      method: 'POST',
      headers: { 'content-type': contentType, origin },
      body,
    });
  };
  const fields = (fileType: 'track' | 'artwork', extra: Record<string, string> = {}) =>
    Object.entries({
      artistName: 'Maya Rivers',
      fileType,
      sessionId: `session-${driver}-0001`,
      ...extra,
    }).map(([field, value]) => ({ field, value }));

  async function fetchBytes(url: string, headers: Record<string, string> = {}) {
    // File links are relative to the page that asked.
    expect(url).toMatch(/^\/files\//);
    const response = await fetch(`${base}${url}`, { headers });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  async function storedKeys(): Promise<string[]> {
    const rows = await ctx.database.db.select({ key: uploads.storageKey }).from(uploads);
    return rows.map((row) => row.key);
  }

  it('stores a WAV sent before its fields, records what is in it, and answers the upload result', async () => {
    const wav = makeWav({ channels: 2, sampleRate: 48_000, bitDepth: 24, seconds: 2 });
    const response = await upload([
      { name: 'First Light (master).wav', type: 'audio/wav', body: wav },
      ...fields('track', { trackTitle: 'First Light', releaseTitle: 'Dawn' }),
    ]);
    expect(response.status).toBe(200);
    const result = uploadResultSchema.parse(response.json());
    expect(result).toMatchObject({
      success: true,
      fileName: 'First Light (master).wav',
      artistName: 'Maya Rivers',
      fileType: 'track',
      folderType: 'audio',
      uploadMethod: 'APP_ENGINE',
      originalSize: wav.length,
      sessionId: `session-${driver}-0001`,
    });
    expect(result.folderStructure?.artist.id).toMatch(/^maya-rivers-[0-9a-f]{16}$/);
    expect(result.folderStructure?.audio.id).toBe(`${result.folderStructure?.artist.id}.audio`);

    const [row] = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, result.fileId ?? ''));
    expect(row?.media).toMatchObject({
      kind: 'audio',
      format: 'wav',
      channels: 2,
      sampleRate: 48_000,
      bitDepth: 24,
    });
    expect((row?.media as { durationSeconds?: number } | undefined)?.durationSeconds).toBeCloseTo(2, 3);
    expect(row?.storageKey).toMatch(
      new RegExp(`^uploads/${result.folderStructure?.artist.id}/audio/${result.fileId}\\.wav$`),
    );

    const inline = await fetchBytes(result.url ?? '');
    expect(inline.response.status).toBe(200);
    expect(inline.bytes.equals(wav)).toBe(true);
    expect(inline.response.headers.get('content-type')).toBe('audio/wav');
    expect(inline.response.headers.get('content-disposition')).toBe(
      `inline; filename="First Light (master).wav"; filename*=UTF-8''First%20Light%20(master).wav`,
    );
    const download = await fetchBytes(result.downloadUrl ?? '');
    expect(download.response.headers.get('content-disposition')).toMatch(/^attachment; /);

    const ranged = await fetchBytes(result.url ?? '', { range: 'bytes=0-43' });
    expect(ranged.response.status).toBe(206);
    expect(ranged.response.headers.get('content-range')).toBe(`bytes 0-43/${wav.length}`);
    expect(ranged.bytes.equals(wav.subarray(0, 44))).toBe(true);
  });

  it('accepts the fields before the file too', async () => {
    const response = await upload([
      ...fields('track'),
      { name: 'b.wav', type: 'audio/wav', body: makeWav({ seconds: 1 }) },
    ]);
    expect(response.status).toBe(200);
  });

  it('decides by content: a renamed text file or a PNG sent as a track is refused, and nothing stays', async () => {
    const before = await storedKeys();
    const text = await upload([
      { name: 'song.wav', type: 'audio/wav', body: renamedTextFile() },
      ...fields('track'),
    ]);
    expect(text.status).toBe(400);
    expect(text.json()).toEqual({ success: false, error: 'Invalid audio file format' });
    const png = await upload([
      { name: 'song.wav', type: 'audio/wav', body: await makePng({ width: 10, height: 10 }) },
      ...fields('track'),
    ]);
    expect(png.json().error).toBe('Invalid audio file format');
    const notImage = await upload([
      { name: 'cover.jpg', type: 'image/jpeg', body: makeWav({ seconds: 1 }) },
      ...fields('artwork'),
    ]);
    expect(notImage.status).toBe(400);
    expect(notImage.json().error).toBe('Invalid image file format');
    expect(await storedKeys()).toEqual(before);
  });

  it('stores artwork with its size and makes AVIF, WebP and JPEG variants in the background', async () => {
    const jpeg = await makeJpeg({ width: 1600, height: 1600 });
    const response = await upload([
      ...fields('artwork'),
      { name: 'cover.jpg', type: 'image/jpeg', body: jpeg },
    ]);
    expect(response.status).toBe(200);
    const result = uploadResultSchema.parse(response.json());
    expect(result).toMatchObject({ fileType: 'artwork', folderType: 'images' });
    const [row] = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, result.fileId ?? ''));
    expect(row?.media).toMatchObject({ kind: 'image', format: 'jpeg', width: 1600, height: 1600 });

    while (await ctx.app.jobs.runOnce()) {}
    const [done] = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, result.fileId ?? ''));
    const variants = (done?.variants ?? {}) as Record<string, { key: string; format: string; width: number }>;
    expect(Object.keys(variants).sort()).toEqual(
      [80, 160, 320, 480, 640].flatMap((w) => [`avif-${w}`, `webp-${w}`, `jpeg-${w}`]).sort(),
    );
    const extensions: Record<string, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
    for (const [name, variant] of Object.entries(variants)) {
      expect(variant).toMatchObject({ format: name.split('-')[0], width: Number(name.split('-')[1]) });
      // Beside the original, in storage.
      expect(variant.key).toBe(row?.storageKey.replace(/\.jpg$/, `.${name}.${extensions[variant.format]}`));
      expect(await ctx.app.providers.storage.head(variant.key)).toMatchObject({ size: expect.any(Number) });
    }
  });

  it('makes the variants again over an earlier set, and deletes the files of the earlier one', async () => {
    const jpeg = await makeJpeg({ width: 300, height: 300 });
    const response = await upload([
      ...fields('artwork'),
      { name: 'small.jpg', type: 'image/jpeg', body: jpeg },
    ]);
    const { fileId } = uploadResultSchema.parse(response.json());
    while (await ctx.app.jobs.runOnce()) {}
    const [row] = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, fileId ?? ''));
    if (!row) throw new Error('no upload row');
    // As the WebP-by-viewport set recorded it.
    const oldKey = row.storageKey.replace(/\.jpg$/, '.thumbnail.webp');
    await ctx.app.providers.storage.put(oldKey, Buffer.from('old'), { contentType: 'image/webp' });
    await ctx.database.db
      .update(uploads)
      .set({ variants: { thumbnail: { key: oldKey, width: 300, height: 300, bytes: 3 } } })
      .where(eq(uploads.id, row.id));
    await enqueueJob(ctx.database.db, 'uploads.image-variants', { uploadId: row.id });
    while (await ctx.app.jobs.runOnce()) {}

    const [remade] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, row.id));
    // 300 px wide: the widths below it, and its own.
    expect(Object.keys(remade?.variants ?? {}).sort()).toEqual(
      [80, 160, 300].flatMap((w) => [`avif-${w}`, `webp-${w}`, `jpeg-${w}`]).sort(),
    );
    expect(await ctx.app.providers.storage.head(oldKey)).toBeUndefined();
  });

  it('refuses artwork over 20 MB with the spec message', async () => {
    const big = Buffer.concat([await makeJpeg({ width: 8, height: 8 }), Buffer.alloc(20 * MiB)]);
    const response = await upload([
      ...fields('artwork'),
      { name: 'huge.jpg', type: 'image/jpeg', body: big },
    ]);
    expect(response.status).toBe(413);
    expect(response.json().error).toBe('Image size exceeds 20MB limit');
  });

  it('answers clear errors for a request without a file or without its fields', async () => {
    const noFile = await upload(fields('track'));
    expect(noFile.status).toBe(400);
    expect(noFile.json().error).toBe('No file uploaded');
    const noFields = await upload([{ name: 'a.wav', type: 'audio/wav', body: makeWav({ seconds: 1 }) }]);
    expect(noFields.status).toBe(400);
  });

  it('takes the direct path: signed URL, PUT, then the content check', async () => {
    const wav = makeWav({ seconds: 3 });
    const sessionId = `direct-${driver}-0001`;
    const generated = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/generate-upload-url',
      headers: { origin },
      payload: {
        fileName: 'Big Track.wav',
        fileSize: wav.length,
        contentType: 'audio/wav',
        artistName: 'Maya Rivers',
        fileType: 'track',
        sessionId,
      },
    });
    expect(generated.statusCode).toBe(200);
    const { uploadUrl, fileName, bucketName } = generated.json();
    expect(bucketName).toBe(driver === 's3' ? s3.bucket : 'local');
    const put = await fetch(uploadUrl.replace(ctx.config.publicUrl, base), {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav', origin },
      body: new Uint8Array(wav),
    });
    expect(put.status).toBe(200);

    const wrongSession = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/process-upload',
      headers: { origin },
      payload: {
        fileName,
        bucketName,
        artistName: 'Maya Rivers',
        fileType: 'track',
        sessionId: 'someone-else-0001',
      },
    });
    expect(wrongSession.statusCode).toBe(404);
    expect(wrongSession.json().error).toBe('Upload not found');

    const processed = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/process-upload',
      headers: { origin },
      payload: {
        fileName,
        bucketName,
        artistName: 'Maya Rivers',
        fileType: 'track',
        trackTitle: 'Big Track',
        sessionId,
      },
    });
    expect(processed.statusCode).toBe(200);
    const result = uploadResultSchema.parse(processed.json());
    expect(result).toMatchObject({
      uploadMethod: 'CLOUD_STORAGE_DIRECT',
      fileName: 'Big Track.wav',
      originalSize: wav.length,
    });
    expect((await fetchBytes(result.url ?? '')).bytes.equals(wav)).toBe(true);
  });

  it('lets the browser reach the bucket for presigned uploads (CSP connect-src)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    const csp = String(response.headers['content-security-policy']);
    if (driver === 's3') expect(csp).toContain(`connect-src 'self' ${new URL(s3.endpoint).origin}`);
    else expect(csp).toContain("connect-src 'self';");
  });

  it('refuses a direct upload by name, type or size before any byte is sent', async () => {
    const ask = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/storage/generate-upload-url',
        headers: { origin },
        payload: { artistName: 'Maya Rivers', sessionId: 'direct-refused-01', ...payload },
      });
    const text = await ask({
      fileName: 'notes.txt',
      fileSize: 100,
      contentType: 'text/plain',
      fileType: 'track',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('Invalid audio file format');
    const big = await ask({
      fileName: 'long.wav',
      fileSize: 200 * MiB + 1,
      contentType: 'audio/wav',
      fileType: 'track',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('File size exceeds 200MB limit');
  });

  it('removes the files of a session that never became a submission within its lifetime', async () => {
    const response = await upload([
      { name: 'old.wav', type: 'audio/wav', body: makeWav({ seconds: 1 }) },
      ...fields('track', { sessionId: 'abandoned-session-01' }),
    ]);
    const { fileId } = response.json();
    const recent = await upload([
      { name: 'recent.wav', type: 'audio/wav', body: makeWav({ seconds: 1 }) },
      ...fields('track', { sessionId: 'recent-session-01' }),
    ]);
    // Seven days old: gone. Six days old: the artist may still come back to the draft.
    await ctx.database.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '7 days 1 hour'` })
      .where(eq(uploads.id, fileId));
    await ctx.database.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '6 days'` })
      .where(eq(uploads.id, recent.json().fileId));
    await ctx.database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` });
    const { enqueueJob } = await import('../../jobs/queue');
    await enqueueJob(
      ctx.database.db,
      'uploads.remove-abandoned',
      {},
      { uniqueKey: 'uploads.remove-abandoned-test' },
    );
    while (await ctx.app.jobs.runOnce()) {}
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.id, fileId))).toHaveLength(0);
    expect(
      await ctx.database.db.select().from(uploads).where(eq(uploads.id, recent.json().fileId)),
    ).toHaveLength(1);
  });
});

describe('a 200 MB limit enforced while streaming', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext({ database });
    base = await listen(ctx.app);
  });
  afterAll(async () => ctx.close());

  const send = (bytes: number) => {
    const { contentType, body } = multipartBody([
      { field: 'artistName', value: 'Maya Rivers' },
      { field: 'fileType', value: 'track' },
      { field: 'sessionId', value: 'limit-session-0001' },
      { name: 'long.wav', type: 'audio/wav', body: wavStream({ bytes }) },
    ]);
    return sendStream(`${base}/api/upload/storage`, {
      method: 'POST',
      headers: { 'content-type': contentType, origin: ctx.config.publicUrl },
      body,
    });
  };

  it('accepts exactly 200 MB and refuses 200 MB + 1 byte with 413, keeping nothing and little memory', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const over = await send(200 * MiB + 1);
      expect(over.status).toBe(413);
      expect(over.json()).toEqual({ success: false, error: 'File size exceeds 200MB limit' });
      if (ctx.config.storage.driver !== 'local') throw new Error('this test runs on local storage');
      const files = await fs.readdir(ctx.config.storage.root, { recursive: true }).catch(() => []);
      expect(files.filter((f) => String(f).includes('.wav') || String(f).startsWith('staging/'))).toEqual([]);

      const exact = await send(200 * MiB);
      expect(exact.status).toBe(200);
      expect(exact.json()).toMatchObject({ originalSize: 200 * MiB });
    } finally {
      clearInterval(sampler);
    }
    // The file passed through in chunks: memory grew by far less than the 400 MB that went by.
    expect(peak - rssBefore).toBeLessThan(100 * MiB);
  });
});
