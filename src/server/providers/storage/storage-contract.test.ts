import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startS3rver } from '../../test/s3rver';
import { createStorage } from '../index';
import { RangeNotSatisfiableError } from './byte-range';
import { SizeLimitExceededError, type StorageProvider } from './storage';

/** One storage driver, built from environment variables as Imprint builds it. */
interface Harness {
  storage: StorageProvider;
  /**
   * Everything the driver holds under a prefix, in any state: for local disk every file (temporary
   * files and sidecars included), for S3 every object and every pending multipart upload.
   */
  leftovers(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

async function startLocal(): Promise<Harness> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-storage-'));
  const root = path.join(dataDir, 'files');
  return {
    storage: createStorage(loadConfig({ DATA_DIR: dataDir }).storage),
    async leftovers(prefix) {
      const files = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return files
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .filter((file) => file.startsWith(prefix));
    },
    close: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

async function startS3(): Promise<Harness> {
  const s3 = await startS3rver();
  const admin = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    storage: createStorage(loadConfig(s3.env).storage),
    async leftovers(prefix) {
      const objects = await admin.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
      const uploads = await admin.send(
        new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: prefix }),
      );
      return [
        ...(objects.Contents ?? []).map((object) => object.Key ?? ''),
        ...(uploads.Uploads ?? [])
          .filter((upload) => upload.Key?.startsWith(prefix))
          .map((upload) => `pending multipart upload of ${upload.Key}`),
      ];
    },
    async close() {
      admin.destroy();
      await s3.stop();
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `body` as a stream of uneven chunks, the way bytes arrive from a network. */
function chunked(body: Buffer, chunkSizes = [1, 100, 65_536, 1_000_003]): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0, index = 0; offset < body.length; index++) {
    const size = chunkSizes[index % chunkSizes.length] ?? 1;
    chunks.push(body.subarray(offset, offset + size));
    offset += size;
  }
  return Readable.from(chunks, { objectMode: false });
}

/** Sends `sentBytes` and then fails, as a dropped connection does. */
function failingAfter(sentBytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= sentBytes) {
        this.destroy(new Error('connection reset'));
        return;
      }
      const chunk = randomBytes(Math.min(64 * 1024, sentBytes - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const MiB = 1024 * 1024;

describe.each([
  { driver: 'local', start: startLocal },
  { driver: 's3', start: startS3 },
])('storage contract: $driver', ({ driver, start }) => {
  let harness: Harness;
  let storage: StorageProvider;
  // Each test works under its own prefix, so "nothing left" means nothing of that test.
  let prefix: string;
  beforeAll(async () => {
    harness = await start();
    storage = harness.storage;
  });
  afterAll(async () => harness.close());
  beforeEach(() => {
    prefix = `t-${randomUUID()}/`;
  });

  it('names its driver', () => {
    expect(storage.driver).toBe(driver);
  });

  it('stores a 3 MB stream arriving in chunks and reads it back byte for byte, with its type', async () => {
    const body = randomBytes(3 * MiB);
    const key = `${prefix}audio/track.wav`;
    const stored = await storage.put(key, chunked(body), { contentType: 'audio/wav' });
    expect(stored).toEqual({ key, size: body.length, contentType: 'audio/wav' });
    expect(await storage.head(key)).toEqual(stored);
    expect((await readAll(await storage.get(key))).equals(body)).toBe(true);
  });

  it('stores a Buffer', async () => {
    const key = `${prefix}images/cover.jpg`;
    const body = randomBytes(1000);
    expect(await storage.put(key, body, { contentType: 'image/jpeg' })).toEqual({
      key,
      size: 1000,
      contentType: 'image/jpeg',
    });
    expect((await readAll(await storage.get(key))).equals(body)).toBe(true);
  });

  it('replaces an object put again under the same key', async () => {
    const key = `${prefix}images/cover.jpg`;
    await storage.put(key, Buffer.from('first version'), { contentType: 'image/jpeg' });
    await storage.put(key, Buffer.from('second'), { contentType: 'image/png' });
    expect(await storage.head(key)).toEqual({ key, size: 6, contentType: 'image/png' });
    expect((await readAll(await storage.get(key))).toString()).toBe('second');
  });

  it('answers head and get for a missing key', async () => {
    expect(await storage.head(`${prefix}missing.wav`)).toBeUndefined();
    await expect(storage.get(`${prefix}missing.wav`)).rejects.toThrow();
  });

  describe('byte ranges', () => {
    let key: string;
    const body = randomBytes(100_000);
    beforeEach(async () => {
      key = `${prefix}audio/ranged.wav`;
      await storage.put(key, body, { contentType: 'audio/wav' });
    });

    it('reads the first 44 bytes (a WAV header)', async () => {
      expect(
        (await readAll(await storage.get(key, { start: 0, end: 43 }))).equals(body.subarray(0, 44)),
      ).toBe(true);
    });

    it('reads a slice from the middle, both ends inclusive', async () => {
      const slice = await readAll(await storage.get(key, { start: 40_000, end: 59_999 }));
      expect(slice.equals(body.subarray(40_000, 60_000))).toBe(true);
    });

    it('reads from an offset to the end', async () => {
      expect((await readAll(await storage.get(key, { start: 99_000 }))).equals(body.subarray(99_000))).toBe(
        true,
      );
    });

    it('stops at the last byte when the end lies beyond it', async () => {
      const tail = await readAll(await storage.get(key, { start: 99_990, end: 500_000 }));
      expect(tail.equals(body.subarray(99_990))).toBe(true);
    });

    it('refuses a range that starts past the end', async () => {
      await expect(storage.get(key, { start: 100_000 })).rejects.toThrow(RangeNotSatisfiableError);
    });

    it.each([{ start: -1, end: 10 }, { start: 10, end: 9 }, { start: 1.5 }])(
      'refuses the malformed range %j',
      async (range) => {
        await expect(storage.get(key, range)).rejects.toThrow('Invalid byte range');
      },
    );
  });

  it('deletes an object, and deleting it again is fine', async () => {
    const key = `${prefix}audio/gone.wav`;
    await storage.put(key, Buffer.from('bytes'), { contentType: 'audio/wav' });
    await storage.delete(key);
    expect(await storage.head(key)).toBeUndefined();
    await expect(storage.get(key)).rejects.toThrow();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await harness.leftovers(prefix)).toEqual([]);
  });

  describe('move', () => {
    it('moves the bytes and the type to a new key under a new folder; the old key is gone', async () => {
      const body = randomBytes(200_000);
      const from = `${prefix}staging/upload.wav`;
      const to = `${prefix}artists/a1/audio/track.wav`;
      await storage.put(from, body, { contentType: 'audio/wav' });
      await storage.move(from, to);
      expect(await storage.head(from)).toBeUndefined();
      expect(await storage.head(to)).toEqual({ key: to, size: body.length, contentType: 'audio/wav' });
      expect((await readAll(await storage.get(to))).equals(body)).toBe(true);
      expect(await harness.leftovers(prefix)).toEqual(
        driver === 'local' ? expect.arrayContaining([to, `${to}.meta.json`]) : [to],
      );
      expect((await harness.leftovers(prefix)).filter((file) => file.includes('staging/'))).toEqual([]);
    });

    it('replaces an object already at the target key', async () => {
      const from = `${prefix}staging/new.jpg`;
      const to = `${prefix}images/cover.jpg`;
      await storage.put(to, Buffer.from('old cover'), { contentType: 'image/png' });
      await storage.put(from, Buffer.from('new cover!'), { contentType: 'image/jpeg' });
      await storage.move(from, to);
      expect(await storage.head(to)).toEqual({ key: to, size: 10, contentType: 'image/jpeg' });
      expect((await readAll(await storage.get(to))).toString()).toBe('new cover!');
      expect(await storage.head(from)).toBeUndefined();
    });

    it('refuses to move a missing object and creates nothing', async () => {
      await expect(
        storage.move(`${prefix}staging/missing.wav`, `${prefix}audio/track.wav`),
      ).rejects.toThrow();
      expect(await harness.leftovers(prefix)).toEqual([]);
    });

    it('keeps an object moved onto its own key', async () => {
      const key = `${prefix}audio/same.wav`;
      await storage.put(key, Buffer.from('same'), { contentType: 'audio/wav' });
      await storage.move(key, key);
      expect(await storage.head(key)).toEqual({ key, size: 4, contentType: 'audio/wav' });
    });
  });

  describe('maxBytes', () => {
    it('accepts an object of exactly the limit', async () => {
      const key = `${prefix}audio/exact.wav`;
      const body = randomBytes(1000);
      expect(
        await storage.put(key, chunked(body, [333]), { maxBytes: 1000, contentType: 'audio/wav' }),
      ).toEqual({
        key,
        size: 1000,
        contentType: 'audio/wav',
      });
      expect((await readAll(await storage.get(key))).equals(body)).toBe(true);
    });

    it('refuses one byte more and keeps nothing of it', async () => {
      const key = `${prefix}audio/over.wav`;
      await expect(storage.put(key, chunked(randomBytes(1001), [333]), { maxBytes: 1000 })).rejects.toThrow(
        SizeLimitExceededError,
      );
      await expect(storage.put(key, randomBytes(1001), { maxBytes: 1000 })).rejects.toThrow(
        SizeLimitExceededError,
      );
      expect(await storage.head(key)).toBeUndefined();
      expect(await harness.leftovers(prefix)).toEqual([]);
    });

    // Above 5 MiB the S3 driver uploads in parts: the limit must also end a multipart upload.
    it('accepts 11 MiB at an 11 MiB limit (several parts on S3), byte for byte', async () => {
      const key = `${prefix}audio/large.wav`;
      const body = randomBytes(11 * MiB);
      const stored = await storage.put(key, chunked(body), { maxBytes: 11 * MiB, contentType: 'audio/wav' });
      expect(stored.size).toBe(11 * MiB);
      expect((await readAll(await storage.get(key))).equals(body)).toBe(true);
    });

    it('refuses 11 MiB + 1 byte at an 11 MiB limit and leaves no object and no pending upload', async () => {
      const key = `${prefix}audio/large-over.wav`;
      const error = await storage
        .put(key, chunked(randomBytes(11 * MiB + 1)), { maxBytes: 11 * MiB, contentType: 'audio/wav' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SizeLimitExceededError);
      expect((error as SizeLimitExceededError).maxBytes).toBe(11 * MiB);
      expect(await harness.leftovers(prefix)).toEqual([]);
    });

    it('stops reading the body soon after the limit is passed', async () => {
      let pulled = 0;
      const endless = new Readable({
        read() {
          pulled += 1;
          this.push(Buffer.alloc(MiB));
        },
      });
      await expect(storage.put(`${prefix}audio/endless.wav`, endless, { maxBytes: 2 * MiB })).rejects.toThrow(
        SizeLimitExceededError,
      );
      expect(pulled).toBeLessThan(10);
      expect(await harness.leftovers(prefix)).toEqual([]);
    });
  });

  it.each([
    { size: 1024, what: 'in its first part' },
    { size: 7 * MiB, what: 'after a first part on S3' },
  ])('leaves nothing when the incoming stream fails $what', async ({ size }) => {
    const key = `${prefix}audio/broken.wav`;
    await expect(storage.put(key, failingAfter(size), { contentType: 'audio/wav' })).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.head(key)).toBeUndefined();
    expect(await harness.leftovers(prefix)).toEqual([]);
  });

  it.each(['../escape', 'a/../../b', '/absolute', '', 'a//b', 'a/.hidden', 'a/b\\c', 'a/b c', 'a/ü'])(
    'refuses the key %j everywhere',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.head(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.move(key, `${prefix}ok.wav`)).rejects.toThrow('Invalid storage key');
      await expect(storage.move(`${prefix}ok.wav`, key)).rejects.toThrow('Invalid storage key');
    },
  );

  it('passes its health check and leaves no probe behind', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(await harness.leftovers('health/')).toEqual([]);
  });
});
