import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import { createStorage } from '../index';
import { SizeLimitExceededError, type StorageProvider } from './storage';

/** `list(prefix)`, what a backup archives, on both drivers: objects only, in key order, with sizes. */

let dataDir: string;
let s3: S3rverInstance;
const drivers: [string, () => StorageProvider][] = [
  ['local', () => createStorage(loadConfig({ DATA_DIR: dataDir }).storage)],
  ['s3', () => createStorage(loadConfig(s3.env).storage)],
];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-storage-list-'));
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function listed(storage: StorageProvider, prefix?: string) {
  const objects: { key: string; size: number }[] = [];
  for await (const object of storage.list(prefix)) objects.push(object);
  return objects;
}

describe.each(drivers)('%s storage lists', (_name, make) => {
  it('nothing while empty, then every object in key order, without a failed put', async () => {
    const storage = make();
    expect(await listed(storage)).toEqual([]);
    await storage.put('uploads/b/audio/2.wav', Buffer.alloc(3), { contentType: 'audio/wav' });
    await storage.put('uploads/a/image/1.jpg', Buffer.alloc(5));
    await storage.put('agreements/x/1.pdf', Buffer.alloc(7));
    await expect(
      storage.put('uploads/c/audio/3.wav', Readable.from([Buffer.alloc(64)]), { maxBytes: 10 }),
    ).rejects.toThrow(SizeLimitExceededError);
    expect(await listed(storage)).toEqual([
      { key: 'agreements/x/1.pdf', size: 7 },
      { key: 'uploads/a/image/1.jpg', size: 5 },
      { key: 'uploads/b/audio/2.wav', size: 3 },
    ]);
  });

  it('only the keys under a prefix', async () => {
    const storage = make();
    expect((await listed(storage, 'uploads/')).map((object) => object.key)).toEqual([
      'uploads/a/image/1.jpg',
      'uploads/b/audio/2.wav',
    ]);
    expect((await listed(storage, 'uploads/a')).map((object) => object.key)).toEqual([
      'uploads/a/image/1.jpg',
    ]);
    expect(await listed(storage, 'nothing/')).toEqual([]);
  });
});
