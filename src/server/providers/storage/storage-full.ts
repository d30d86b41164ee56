import fs from 'node:fs/promises';
import { errorChain } from '../../errors';

/**
 * Storage with no room left: a full disk or a disk quota on local storage, a bucket that takes no
 * more bytes on S3. Every request that meets it answers 507 (app.ts), the health check reports
 * storage failing, and staff get one report per outage instead of one per failed upload
 * (`StorageSpace` below, services/health/provider-monitor.ts).
 */

/** errno codes of a write refused for space: the device is full, or the disk quota is reached. */
const FILE_SYSTEM_NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

/**
 * S3 error codes for a bucket that takes no more bytes. S3 itself never fills up; these are the
 * S3-compatible services':
 * - `XMinioStorageFull` (MinIO, 507): below its minimum free drive space (minio cmd/api-errors.go).
 * - `QuotaExceeded` (Ceph RADOS Gateway and the services built on it, 403): a bucket or user quota.
 * - `InsufficientStorageSpace` (Huawei OBS, 403): a bucket quota.
 * Any answer with status 507 (RFC 4918 §11.5, Insufficient Storage) counts too, whatever its code.
 * Not among them: `EntityTooLarge` (one request's body above a limit: the size rules' business),
 * `ServiceUnavailable`/`SlowDown` (503: throttling, over in seconds).
 */
const S3_NO_SPACE_CODES = new Set(['XMinioStorageFull', 'QuotaExceeded', 'InsufficientStorageSpace']);

/** A MinIO whose disk filled before its own threshold was reached answers 500 with the OS's words. */
const NO_SPACE_WORDS = /no space left on device/i;

export class StorageFullError extends Error {
  override name = 'StorageFullError';
  /** 507 Insufficient Storage: what any request that meets it answers. */
  readonly statusCode = 507;

  constructor(cause: unknown) {
    super(`no space left in storage (${wordsOf(cause)})`, { cause });
  }
}

function wordsOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return `${error.name}: ${error.message}`;
  // Node's file system errors begin with their code already.
  return error.message.includes(code) ? error.message : `${code}: ${error.message}`;
}

function isFileSystemNoSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && FILE_SYSTEM_NO_SPACE.has(code);
}

/** The AWS SDK names an error after the code S3 answered (known to its model or not). */
function isS3NoSpace(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, Code, message, $metadata } = error as {
    name?: unknown;
    Code?: unknown;
    message?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  if ($metadata === undefined) return false;
  if ((typeof name === 'string' && S3_NO_SPACE_CODES.has(name)) || S3_NO_SPACE_CODES.has(String(Code))) {
    return true;
  }
  if ($metadata.httpStatusCode === 507) return true;
  return typeof message === 'string' && NO_SPACE_WORDS.test(message);
}

/** Whether a failed write failed for want of room, on disk or in a bucket (any cause in its chain). */
export function isNoSpaceError(error: unknown): boolean {
  for (const cause of errorChain(error)) {
    if (cause instanceof StorageFullError || isFileSystemNoSpace(cause) || isS3NoSpace(cause)) return true;
  }
  return false;
}

/** What a storage driver throws for a failed write: StorageFullError when it failed for space. */
export function storageFailure(error: unknown): unknown {
  if (error instanceof StorageFullError || !isNoSpaceError(error)) return error;
  return new StorageFullError(error);
}

/**
 * The storage-full failure behind an error met anywhere (a route, a job, the tus server): one a
 * storage driver raised, or this server's own disk refusing a write (every file Imprint writes is
 * under DATA_DIR). S3's codes count only as raised by the storage drivers: a delivery target's
 * bucket being full says nothing about Imprint's own storage.
 */
export function storageFullErrorOf(error: unknown): StorageFullError | undefined {
  for (const cause of errorChain(error)) {
    if (cause instanceof StorageFullError) return cause;
    if (isFileSystemNoSpace(cause)) return new StorageFullError(cause);
  }
  return undefined;
}

/**
 * A space failure keeps storage failing for at least this long, then until a health check passes:
 * the check's probe is a few bytes, which a disk that just refused a 200 MB upload still takes.
 */
export const STORAGE_FULL_HOLD_MS = 60_000;

/**
 * What this process knows about storage's room: set by any write that failed for space (routes,
 * jobs, resumable uploads), read by the storage health check. One per process (`Providers`), so
 * the app's health checks and the recurring provider check agree.
 */
export class StorageSpace {
  private full: { lastAt: number; words: string } | undefined;
  private readonly listeners = new Set<(error: StorageFullError) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A write failed for space. Listeners hear of it once per outage, when it begins. */
  noteFull(error: StorageFullError): void {
    const began = this.full === undefined;
    this.full = { lastAt: this.now(), words: error.message };
    if (!began) return;
    for (const listener of this.listeners) {
      try {
        listener(error);
      } catch {
        // A listener's failure must not change the answer of the request that met the error.
      }
    }
  }

  onFull(listener: (error: StorageFullError) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isFull(): boolean {
    return this.full !== undefined;
  }

  /**
   * The storage check's last step, once its own probes passed: throws the failure's words while a
   * space failure holds (STORAGE_FULL_HOLD_MS since the latest), and forgets it after.
   */
  confirmRoom(): void {
    if (!this.full) return;
    if (this.now() - this.full.lastAt < STORAGE_FULL_HOLD_MS) throw new Error(this.full.words);
    this.full = undefined;
  }
}

const MB = 1024 * 1024;

/**
 * Local storage's free space (for an unprivileged writer: root's reserved blocks do not count),
 * refused below `minFreeBytes`: an upload of the largest size would no longer fit.
 */
export async function checkFreeSpace(directory: string, minFreeBytes: number): Promise<void> {
  const stats = await fs.statfs(directory);
  const free = stats.bavail * stats.bsize;
  if (free >= minFreeBytes) return;
  throw new Error(
    `little space left on the storage disk: ${Math.floor(free / MB)} MB free, below STORAGE_MIN_FREE_MB (${Math.round(minFreeBytes / MB)} MB)`,
  );
}
