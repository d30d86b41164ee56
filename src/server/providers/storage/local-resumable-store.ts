import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, isPathInsideDirectory } from '@tus/utils';
import { WRITE_BUFFER_BYTES } from './local-storage';
import { isNoSpaceError, StorageFullError } from './storage-full';

/**
 * tus's FileStore (DATA_DIR/files/resumable: one file per upload, its record in `<id>.json`), with
 * a leaner PATCH: one write stream at the upload's offset, with LocalStorage's 1 MiB buffer, and
 * the count taken from what the stream wrote instead of from a counting Transform in between. A
 * PATCH cut off keeps the bytes that arrived, as FileStore's does: the next resumes from the file's
 * size. Errors are FileStore's (any failure of the write is FILE_WRITE_ERROR), except StorageFullError
 * for a write refused for space.
 */
export class LocalResumableStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const file = path.join(this.directory, id);
    if (!isPathInsideDirectory(this.directory, file)) throw ERRORS.FILE_NOT_FOUND;
    const target = createWriteStream(file, {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, target);
    } catch (error) {
      // A full disk is told apart: the upload then ends (resumable-uploads.ts) rather than wait.
      throw isNoSpaceError(error) ? new StorageFullError(error) : ERRORS.FILE_WRITE_ERROR;
    }
    return offset + target.bytesWritten;
  }
}
