import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { promisify } from 'node:util';
import { LocalResumableStore } from '../providers/storage/local-resumable-store';
import type { StorageProvider } from '../providers/storage/storage';

/** The error a write(2) to a full disk gives in Node. */
export function noSpaceError(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

export interface FillingStorage extends StorageProvider {
  /** Bytes one put may still write before its next chunk fails with ENOSPC; Infinity: no limit. */
  room: number;
}

/**
 * A storage driver on a disk that is nearly full: each put's bytes reach the driver until `room`
 * would be passed, then the body fails with ENOSPC as the disk write would. The driver does the
 * rest as on a real full disk (its temporary file removed, StorageFullError raised). Everything
 * else is the driver's own.
 */
export function fillingStorage(inner: StorageProvider, room: number): FillingStorage {
  const storage = Object.create(inner) as FillingStorage;
  storage.room = room;
  storage.put = (key, body, options) => {
    let written = 0;
    const disk = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        if (written > storage.room) done(noSpaceError());
        else done(null, chunk);
      },
    });
    // As the driver's own pipeline would: a failing write destroys the body it was reading.
    pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, disk, () => {});
    return inner.put(key, disk, options);
  };
  return storage;
}

/** tus's local store on the same nearly full disk: each PATCH may write `room` bytes. */
export class FillingResumableStore extends LocalResumableStore {
  room = Number.POSITIVE_INFINITY;

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    let written = 0;
    const room = this.room;
    const disk = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        if (written > room) done(noSpaceError());
        else done(null, chunk);
      },
    });
    pipeline(readable, disk, () => {});
    return super.write(disk, id, offset);
  }
}

const run = promisify(execFile);

export type SmallFilesystem = { dir: string; unmount(): Promise<void> } | { skipped: string };

/**
 * A real file system of `megabytes` (tmpfs), where writes past its size fail with ENOSPC. Needs
 * root (or CAP_SYS_ADMIN) and a `mount` that may mount; otherwise says why it is skipped.
 */
export async function mountSmallFilesystem(megabytes: number): Promise<SmallFilesystem> {
  if (process.platform !== 'linux') return { skipped: 'tmpfs mounts need Linux' };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-small-fs-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    const words = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    return { skipped: `cannot mount a ${megabytes} MB tmpfs here (${words})` };
  }
  return {
    dir,
    unmount: async () => {
      await run('umount', ['-l', dir]).catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir`, relative to it (directories left out). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
