import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type Database, databaseKindOf } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/storage';
import { appVersion } from '../../version';
import { ArchiveWriter } from './archive-writer';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATA_DIR_FOLDERS,
  dataDirEntry,
  MANIFEST_ENTRY,
  objectEntry,
} from './backup-manifest';
import { dumpDatabase } from './dump-database';

/** What a backup reads: the database, file storage, and DATA_DIR (for the seal). */
export interface BackupSources {
  db: Database;
  storage: StorageProvider;
  dataDir: string;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  createdAt: string;
  migration: string | null;
  tables: number;
  rows: number;
  objects: number;
  objectBytes: number;
  vanished: number;
  /** How long the database snapshot was open: on PGlite, how long other queries waited. */
  snapshotMs: number;
  durationMs: number;
}

/** A read that found nothing at the key (deleted since it was listed), on either driver. */
function isMissing(error: unknown): boolean {
  const { code, name, $metadata } = (error ?? {}) as {
    code?: string;
    name?: string;
    $metadata?: { httpStatusCode?: number };
  };
  return (
    code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
  );
}

/** The files of DATA_DIR's kept folders, relative to it with '/', and their modes. */
async function dataDirFiles(dataDir: string): Promise<{ relative: string; mode: number }[]> {
  const files: { relative: string; mode: number }[] = [];
  for (const folder of DATA_DIR_FOLDERS) {
    const root = path.join(dataDir, folder);
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      const { mode } = await fs.stat(absolute);
      files.push({
        relative: path.relative(dataDir, absolute).split(path.sep).join('/'),
        mode: mode & 0o777,
      });
    }
  }
  return files.sort((a, b) => (a.relative < b.relative ? -1 : 1));
}

/**
 * Writes one archive of everything Imprint keeps to `file` (which must not exist), while the
 * server goes on serving:
 * 1. the database, as one snapshot (dumpDatabase), into a temporary folder beside `file`;
 * 2. then every object storage lists, read one at a time: every object the snapshot refers to was
 *    stored before the row that names it was committed, so it is listed; objects stored after the
 *    snapshot may be in too, which is harmless (a file no row names); one deleted between the
 *    listing and its read is recorded as vanished (an abandoned upload or a replaced image variant
 *    being cleared away);
 * 3. DATA_DIR's seal (the label's signing certificate);
 * 4. the manifest, with every entry's size and SHA-256.
 * The archive is written as `<file>.partial` and renamed when complete, so `file` is never half a
 * backup.
 */
export async function createBackup(
  sources: BackupSources,
  file: string,
  options: { now?: Date } = {},
): Promise<BackupSummary> {
  const started = performance.now();
  const createdAt = options.now ?? new Date();
  const target = path.resolve(file);
  if (
    await fs.stat(target).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${target} exists already: a backup never replaces a file.`);
  const filesRoot = path.join(path.resolve(sources.dataDir), 'files');
  if (sources.storage.driver === 'local' && !path.relative(filesRoot, target).startsWith('..'))
    throw new Error(`${target} is inside ${filesRoot}: each backup would hold the ones before it.`);
  const folder = path.dirname(target);
  await fs.mkdir(folder, { recursive: true });
  const partial = `${target}.partial`;
  await fs.rm(partial, { force: true });
  const scratch = await fs.mkdtemp(path.join(folder, '.imprint-backup-'));
  let writer: ArchiveWriter | undefined;
  try {
    const dump = await dumpDatabase(sources.db, scratch);
    writer = new ArchiveWriter(partial, createdAt);
    for (const table of dump.tables) {
      const source = dump.files.get(table.entry);
      if (!source) throw new Error(`${table.entry} was not dumped`);
      await writer.add(table.entry, createReadStream(source), { compress: true });
    }
    const objects: BackupManifest['storage']['objects'] = [];
    const vanished: string[] = [];
    for await (const listed of sources.storage.list()) {
      let body: Readable;
      let contentType: string | undefined;
      try {
        const head = await sources.storage.head(listed.key);
        if (!head) throw Object.assign(new Error('gone'), { code: 'ENOENT' });
        contentType = head.contentType;
        body = await sources.storage.get(listed.key);
      } catch (error) {
        if (!isMissing(error)) throw error;
        vanished.push(listed.key);
        continue;
      }
      const entry = objectEntry(listed.key);
      const written = await writer.add(entry, body, { compress: false });
      objects.push({ key: listed.key, entry, contentType: contentType ?? null, ...written });
    }
    const files: BackupManifest['dataDir']['files'] = [];
    for (const { relative, mode } of await dataDirFiles(sources.dataDir)) {
      const entry = dataDirEntry(relative);
      const written = await writer.add(entry, createReadStream(path.join(sources.dataDir, relative)), {
        compress: false,
        mode: 0o100000 | mode,
      });
      files.push({ path: relative, entry, mode, ...written });
    }
    const { files: _temporary, ...database } = dump;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      imprintVersion: appVersion,
      createdAt: createdAt.toISOString(),
      database: { kind: databaseKindOf(sources.db), ...database },
      storage: { driver: sources.storage.driver, objects, vanished },
      dataDir: { files },
    };
    writer.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    await fs.rename(partial, target);
    const { size: bytes } = await fs.stat(target);
    return {
      file: target,
      bytes,
      createdAt: manifest.createdAt,
      migration: database.migrations.lastTag,
      tables: database.tables.length,
      rows: database.tables.reduce((sum, table) => sum + table.rows, 0),
      objects: objects.length,
      objectBytes: objects.reduce((sum, object) => sum + object.size, 0),
      vanished: vanished.length,
      snapshotMs: database.snapshotMs,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    writer?.abort();
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
