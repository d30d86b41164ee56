import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type StorageProvider, type StoredObject } from './storage';

/**
 * Files on local disk under `root` (DATA_DIR/files), outside any web root. The content type is
 * kept in a sidecar `.meta.json`, since the file system has nowhere else to keep it.
 */
export class LocalStorage implements StorageProvider {
  readonly driver = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(
    key: string,
    body: Readable | Buffer,
    options: { contentType?: string } = {},
  ): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write to a temporary name and rename: a reader never sees half a file, and a failed
    // upload leaves nothing behind under the real key.
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(temporary, { flags: 'wx' }),
      );
      await fs.writeFile(`${temporary}.meta`, JSON.stringify({ contentType: options.contentType ?? null }));
      await fs.rename(`${temporary}.meta`, `${target}.meta.json`);
      await fs.rename(temporary, target);
    } catch (error) {
      await Promise.all([fs.rm(temporary, { force: true }), fs.rm(`${temporary}.meta`, { force: true })]);
      throw error;
    }
    const stat = await fs.stat(target);
    return { key, size: stat.size, contentType: options.contentType };
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fs.access(file);
    return createReadStream(file);
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    try {
      const stat = await fs.stat(file);
      const meta = await fs
        .readFile(`${file}.meta.json`, 'utf8')
        .then((text) => JSON.parse(text) as { contentType: string | null })
        .catch(() => ({ contentType: null }));
      return { key, size: stat.size, contentType: meta.contentType ?? undefined };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.meta.json`, { force: true })]);
  }

  async check(): Promise<void> {
    const key = `health/${randomUUID()}.txt`;
    const probe = Buffer.from('imprint storage probe');
    await this.put(key, probe, { contentType: 'text/plain' });
    try {
      const stream = await this.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      if (!Buffer.concat(chunks).equals(probe)) throw new Error('storage probe read back different bytes');
    } finally {
      await this.delete(key);
    }
  }
}
