import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { type BackupSources, type BackupSummary, createBackup } from './create-backup';

/**
 * BACKUP_DIR: the archives the daily job and `migrate` write, named by their UTC time so a listing
 * sorts them oldest first, and `last-backup.json`, the last attempt's outcome, which the analytics
 * page shows. The folder is the record: there is no table for it, so a restored database does not
 * bring back another installation's backup history.
 */
export const BACKUP_STATUS_FILE = 'last-backup.json';
const ARCHIVE_NAME = /^imprint-backup-\d{8}T\d{6}Z(-[a-z-]+)?\.zip$/;

/** `imprint-backup-20260301T020000Z.zip`, or with a reason: `…-before-migrate.zip`. */
export function archiveName(at: Date, reason?: string): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `imprint-backup-${stamp}${reason ? `-${reason}` : ''}.zip`;
}

export const backupStatusFileSchema = z.object({
  result: z.enum(['succeeded', 'failed']),
  at: z.iso.datetime(),
  fileName: z.string().nullable(),
  bytes: z.number().int().nonnegative().nullable(),
  durationMs: z.number().nonnegative().nullable(),
  snapshotMs: z.number().nonnegative().nullable(),
  error: z.string().nullable(),
});
export type BackupStatusFile = z.infer<typeof backupStatusFileSchema>;

/** The archives in the folder, oldest first, with their sizes. */
export async function listArchives(dir: string): Promise<{ name: string; bytes: number }[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => ARCHIVE_NAME.test(name));
  const archives = await Promise.all(
    names.map(async (name) => ({
      name,
      bytes: (await fs.stat(path.join(dir, name)).catch(() => undefined))?.size,
    })),
  );
  return archives
    .filter((archive): archive is { name: string; bytes: number } => archive.bytes !== undefined)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export async function readBackupStatus(dir: string): Promise<BackupStatusFile | undefined> {
  const text = await fs.readFile(path.join(dir, BACKUP_STATUS_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = backupStatusFileSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

async function writeBackupStatus(dir: string, status: BackupStatusFile): Promise<void> {
  const file = path.join(dir, BACKUP_STATUS_FILE);
  await fs.writeFile(`${file}.tmp`, `${JSON.stringify(status, null, 2)}\n`);
  await fs.rename(`${file}.tmp`, file);
}

/** An error in one line for the status file and the error report: its message and its cause's. */
export function describeBackupError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`.slice(0, 2_000);
}

/**
 * One backup into BACKUP_DIR: the archive, then (only once it is complete) the oldest archives
 * past `keep` deleted, and the outcome recorded in last-backup.json either way. A failure is
 * rethrown after it is recorded.
 */
export async function backUpIntoDirectory(
  sources: BackupSources,
  options: { dir: string; keep: number; reason?: string; now?: Date },
): Promise<BackupSummary> {
  const at = options.now ?? new Date();
  await fs.mkdir(options.dir, { recursive: true });
  try {
    const summary = await createBackup(sources, path.join(options.dir, archiveName(at, options.reason)), {
      now: at,
    });
    const archives = await listArchives(options.dir);
    for (const old of archives.slice(0, Math.max(0, archives.length - options.keep)))
      await fs.rm(path.join(options.dir, old.name), { force: true });
    await writeBackupStatus(options.dir, {
      result: 'succeeded',
      at: at.toISOString(),
      fileName: path.basename(summary.file),
      bytes: summary.bytes,
      durationMs: summary.durationMs,
      snapshotMs: summary.snapshotMs,
      error: null,
    });
    return summary;
  } catch (error) {
    await writeBackupStatus(options.dir, {
      result: 'failed',
      at: at.toISOString(),
      fileName: null,
      bytes: null,
      durationMs: null,
      snapshotMs: null,
      error: describeBackupError(error),
    }).catch(() => {});
    throw error;
  }
}
