import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from './byte-limit';
import { assertValidRange, RangeNotSatisfiableError } from './byte-range';
import {
  assertValidKey,
  type ByteRange,
  type ListedObject,
  type PutOptions,
  type StorageProvider,
  type StoredObject,
} from './storage';
import { storageFailure } from './storage-full';
import { probeStorage } from './storage-probe';

const metaSuffix = '.meta.json';
const partialSuffix = '.partial';
/**
 * How much of an upload may wait in memory for the disk. The socket's 64 KiB chunks
 * keep being read while a write is under way, and those waiting go out together in one writev:
 * fewer, larger writes (each a trip to libuv's thread pool) than with the write stream's default
 * 16 KiB, which also stops reading the socket at every chunk until its write is done.
 */
export const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Files on local disk under `root` (DATA_DIR/files), outside any web root. The content type is
 * kept in a sidecar `<file>.meta.json`, since the file system has nowhere else to keep it.
 *
 * A failed put destroys the body stream it was given. No `createPresignedUpload`: browsers upload
 * directly to Imprint's own signed PUT endpoint instead. Directories emptied by delete or move stay: removing them would race a concurrent put that has
 * just created the same directory.
 */
export class LocalStorage implements StorageProvider {
  readonly driver = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    // Sidecars and temporary files live beside the objects under these suffixes; a key ending the
    // same way would collide with another object's bookkeeping.
    const name = key.slice(key.lastIndexOf('/') + 1);
    if (name.endsWith(metaSuffix) || name.endsWith(partialSuffix)) {
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    }
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    const counter = new ByteCounter(options.maxBytes);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write to a temporary name and rename: a reader never sees half a file, and a failed or
    // oversized upload leaves nothing behind under the real key.
    const temporary = `${target}.${randomUUID()}${partialSuffix}`;
    const temporaryMeta = `${temporary}${metaSuffix}`;
    const file = createWriteStream(temporary, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES });
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, counter, file);
      await fs.writeFile(temporaryMeta, JSON.stringify({ contentType: options.contentType ?? null }));
      await fs.rename(temporaryMeta, `${target}${metaSuffix}`);
      await fs.rename(temporary, target);
    } catch (error) {
      // The write stream opens its file asynchronously; removing the file before it has closed
      // could run before the open and leave an empty temporary file behind.
      await closed(file);
      await Promise.all([fs.rm(temporary, { force: true }), fs.rm(temporaryMeta, { force: true })]);
      throw storageFailure(error);
    }
    return { key, size: counter.bytes, contentType: options.contentType };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    assertValidRange(range);
    // One open file handle for the size check and the read, so a concurrent move or delete cannot
    // slip between them.
    const handle = await fs.open(file, 'r');
    try {
      if (range) {
        const { size } = await handle.stat();
        if (range.start >= size) throw new RangeNotSatisfiableError(range);
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    try {
      const stat = await fs.stat(file);
      const meta = await fs
        .readFile(`${file}${metaSuffix}`, 'utf8')
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
    await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}${metaSuffix}`, { force: true })]);
  }

  /**
   * Renames the file and its sidecar. An existing object at `to` is replaced, as with put and as
   * S3's copy does (keys are generated, so a collision means the caller meant it). A missing
   * source rejects with ENOENT and changes nothing.
   */
  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    if (from === to) {
      await fs.access(source);
      return;
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    // The data first: it fails when the source is missing, before any sidecar has moved.
    await fs.rename(source, target);
    try {
      await fs.rename(`${source}${metaSuffix}`, `${target}${metaSuffix}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The source had no content type: the replaced object's sidecar must not describe it.
      await fs.rm(`${target}${metaSuffix}`, { force: true });
    }
  }

  /**
   * Walks the files under the prefix's folder. Sidecars and temporary files are bookkeeping, not
   * objects, and a name that is not a valid key was not written by put.
   */
  async *list(prefix = ''): AsyncIterable<ListedObject> {
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = folder ? path.join(this.root, ...folder.split('/')) : this.root;
    const entries = await fs.readdir(start, { recursive: true, withFileTypes: true }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    const keys = entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .filter((key) => key.startsWith(prefix) && !isBookkeeping(key) && isValidKey(key))
      .sort();
    for (const key of keys) {
      // Gone since the walk (deleted or moved): not an object any more.
      const stat = await fs.stat(path.join(this.root, ...key.split('/'))).catch(() => undefined);
      if (stat) yield { key, size: stat.size };
    }
  }

  async check(): Promise<void> {
    await probeStorage(this);
  }
}

function isBookkeeping(key: string): boolean {
  return key.endsWith(metaSuffix) || key.endsWith(partialSuffix);
}

function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

function closed(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed) resolve();
    else stream.once('close', () => resolve());
  });
}
