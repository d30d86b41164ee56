import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage';
import type { StorageProvider } from './storage';

// What only the local driver does: its files, sidecars and temporary names on disk. The shared
// behaviour is in storage-contract.test.ts.

let root: string;
let storage: LocalStorage;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-storage-'));
  storage = new LocalStorage(root);
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('LocalStorage', () => {
  it('keeps each object as a plain file under the root, its type in a sidecar', async () => {
    await storage.put('artists/a1/audio/track.wav', Buffer.from('RIFF'), { contentType: 'audio/wav' });
    expect(await fs.readFile(path.join(root, 'artists/a1/audio/track.wav'), 'utf8')).toBe('RIFF');
    expect(
      JSON.parse(await fs.readFile(path.join(root, 'artists/a1/audio/track.wav.meta.json'), 'utf8')),
    ).toEqual({
      contentType: 'audio/wav',
    });
  });

  it.each(['a/track.wav.meta.json', 'a/track.wav.1234.partial'])(
    'refuses the key %j, which would collide with its bookkeeping files',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(storage.head(key)).rejects.toThrow('Invalid storage key');
    },
  );

  it('reports no content type for an object stored without one', async () => {
    await storage.put('a/untyped.bin', Buffer.from('untyped'));
    expect(await storage.head('a/untyped.bin')).toEqual({
      key: 'a/untyped.bin',
      size: 7,
      contentType: undefined,
    });
  });

  it('does not let the replaced sidecar describe a moved object that lost its own', async () => {
    await storage.put('a/typed.jpg', Buffer.from('typed'), { contentType: 'image/jpeg' });
    await storage.put('a/moved.bin', Buffer.from('moved'), { contentType: 'audio/wav' });
    await fs.rm(path.join(root, 'a/moved.bin.meta.json'));
    await storage.move('a/moved.bin', 'a/typed.jpg');
    expect(await storage.head('a/typed.jpg')).toEqual({
      key: 'a/typed.jpg',
      size: 5,
      contentType: undefined,
    });
    expect(await fs.readdir(path.join(root, 'a'))).toEqual(['typed.jpg']);
  });

  it('offers no presigned upload: browsers upload to Imprint itself', () => {
    const provider: StorageProvider = storage;
    expect(provider.createPresignedUpload).toBeUndefined();
  });

  it('fails its health check when the disk refuses writes', async () => {
    await fs.writeFile(path.join(root, 'not-a-directory'), '');
    await expect(new LocalStorage(path.join(root, 'not-a-directory', 'files')).check()).rejects.toThrow();
  });
});
