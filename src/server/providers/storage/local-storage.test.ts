import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage';

let root: string;
let storage: LocalStorage;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-storage-'));
  storage = new LocalStorage(root);
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('LocalStorage', () => {
  it('stores a stream, reports its size and type, reads it back and deletes it', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const stored = await storage.put(
      'artists/a1/audio/track.wav',
      Readable.from([body.subarray(0, 100), body.subarray(100)]),
      {
        contentType: 'audio/wav',
      },
    );
    expect(stored).toEqual({
      key: 'artists/a1/audio/track.wav',
      size: body.length,
      contentType: 'audio/wav',
    });
    expect(await storage.head('artists/a1/audio/track.wav')).toEqual(stored);
    expect((await readAll(await storage.get('artists/a1/audio/track.wav'))).equals(body)).toBe(true);
    await storage.delete('artists/a1/audio/track.wav');
    expect(await storage.head('artists/a1/audio/track.wav')).toBeUndefined();
    await expect(storage.get('artists/a1/audio/track.wav')).rejects.toThrow();
  });

  it('leaves nothing behind when the incoming stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('artists/a1/audio/broken.wav', failing)).rejects.toThrow('connection reset');
    expect(await storage.head('artists/a1/audio/broken.wav')).toBeUndefined();
    expect(await fs.readdir(path.join(root, 'artists/a1/audio'))).toEqual([]);
  });

  it.each(['../escape', 'a/../../b', '/absolute', '', 'a//b', 'a/.hidden', 'a/b\\c'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    },
  );

  it('passes its health check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(await fs.readdir(path.join(root, 'health'))).toEqual([]);
  });
});
