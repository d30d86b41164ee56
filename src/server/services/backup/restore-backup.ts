import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/storage';
import { ArchiveFormatError, ArchiveReader } from './archive-reader';
import {
  type BackupManifest,
  backupManifestSchema,
  DATA_DIR_FOLDERS,
  MANIFEST_ENTRY,
  manifestEntries,
} from './backup-manifest';
import { listTables, quoteIdentifier } from './dump-database';
import { restoreDatabase } from './load-database';
import { readJournal, readMigrationLevel, UnknownMigrationError } from './migration-level';

/** Where a restore writes: an empty database, empty file storage and a DATA_DIR without a seal. */
export interface RestoreTarget {
  db: Database;
  storage: StorageProvider;
  dataDir: string;
}

/** A restore that must not go ahead: a damaged archive, or a target that holds data. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreSummary {
  createdAt: string;
  imprintVersion: string;
  /** The archive's migration level, and the migrations run after it (the upgrade). */
  migration: string | null;
  migrationsRun: number;
  tables: number;
  rows: number;
  objects: number;
  objectBytes: number;
}

async function sha256Of(reader: ArchiveReader, entry: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of await reader.open(entry)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Opens an archive and checks all of it before anything is written: the manifest, every entry it
 * names (present, its size, its SHA-256), and that this Imprint knows the archive's migrations.
 */
export async function openVerifiedArchive(
  file: string,
): Promise<{ reader: ArchiveReader; manifest: BackupManifest }> {
  const reader = await ArchiveReader.open(file).catch((error: unknown) => {
    throw new RestoreRefusedError(`${file} is not a readable backup archive: ${(error as Error).message}`);
  });
  try {
    if (!reader.has(MANIFEST_ENTRY))
      throw new RestoreRefusedError(`${file} has no ${MANIFEST_ENTRY}: it is not an Imprint backup.`);
    const parsed = backupManifestSchema.safeParse(
      JSON.parse((await reader.readBuffer(MANIFEST_ENTRY)).toString('utf8')),
    );
    if (!parsed.success)
      throw new RestoreRefusedError(
        `${file}'s manifest is not one this Imprint reads: ${parsed.error.message}`,
      );
    const manifest = parsed.data;
    const journal = readJournal();
    const { applied, lastTag, lastWhen } = manifest.database.migrations;
    if (applied > journal.length || (applied > 0 && journal[applied - 1]?.when !== lastWhen))
      throw new RestoreRefusedError(
        `The archive's database is at migration ${lastTag}, which this version of Imprint does not have: restore it with Imprint ${manifest.imprintVersion} or newer.`,
      );
    for (const expected of manifestEntries(manifest)) {
      if (!reader.has(expected.entry))
        throw new RestoreRefusedError(`${expected.entry} is missing from the archive. Nothing was restored.`);
      const actual = await sha256Of(reader, expected.entry).catch((error: unknown) => {
        if (error instanceof ArchiveFormatError)
          throw new RestoreRefusedError(`${error.message}. Nothing was restored.`);
        throw error;
      });
      if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
        throw new RestoreRefusedError(
          `${expected.entry} does not match the SHA-256 the manifest records: the archive was changed or damaged. Nothing was restored.`,
        );
    }
    return { reader, manifest };
  } catch (error) {
    await reader.close();
    throw error;
  }
}

/** What the target already holds, in words; empty when a restore may write there. */
export async function describeTargetContents(
  target: RestoreTarget,
  manifest: BackupManifest,
): Promise<string[]> {
  const problems: string[] = [];
  try {
    const level = await readMigrationLevel(target.db);
    const tables = await listTables(target.db);
    if (!level && tables.length > 0)
      problems.push(`the database has tables Imprint did not make (${tables.slice(0, 3).join(', ')})`);
    if (level && level.applied > manifest.database.migrations.applied)
      problems.push(
        `the database is migrated to ${level.lastTag}, past the archive's ${manifest.database.migrations.lastTag ?? 'nothing'}: restore into a new, empty database`,
      );
    const filled: string[] = [];
    for (const table of tables) {
      const result = (await target.db.execute(
        sql.raw(`select exists (select 1 from public.${quoteIdentifier(table)}) as filled`),
      )) as unknown as { rows: { filled: boolean }[] };
      if (result.rows[0]?.filled) filled.push(table);
    }
    if (filled.length > 0)
      problems.push(
        `the database holds rows (in ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''})`,
      );
  } catch (error) {
    if (!(error instanceof UnknownMigrationError)) throw error;
    problems.push(`the database was written by a newer Imprint (${error.message})`);
  }
  for await (const object of target.storage.list()) {
    problems.push(`file storage (${target.storage.driver}) holds objects (${object.key}, …)`);
    break;
  }
  for (const folder of DATA_DIR_FOLDERS) {
    const entries = await fs.readdir(path.join(target.dataDir, folder)).catch(() => []);
    if (entries.length > 0) problems.push(`${path.join(target.dataDir, folder)} is not empty`);
  }
  return problems;
}

/**
 * Restores an archive into an empty target: checks the whole archive, refuses a target that holds
 * anything, then writes the files (storage, the seal) and the database (restoreDatabase: the
 * archive's migrations, its rows, then the migrations it is behind). A failure removes the files it
 * wrote, and the database's rows roll back with their transaction; what stays is an empty schema
 * (tables without rows), which a second restore accepts. Sessions are not in archives: everyone
 * signs in again.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreSummary> {
  const { reader, manifest } = await openVerifiedArchive(file);
  const written: string[] = [];
  const madeFolders: string[] = [];
  const madeFiles: string[] = [];
  try {
    const problems = await describeTargetContents(target, manifest);
    if (problems.length > 0)
      throw new RestoreRefusedError(
        `Refusing to restore over existing data: ${problems.join('; ')}. Nothing was restored.`,
      );
    for (const object of manifest.storage.objects) {
      const stored = await target.storage.put(object.key, await reader.open(object.entry), {
        ...(object.contentType ? { contentType: object.contentType } : {}),
      });
      written.push(object.key);
      if (stored.size !== object.size)
        throw new Error(`${object.key} was stored with ${stored.size} bytes, not ${object.size}`);
    }
    for (const file of manifest.dataDir.files) {
      const destination = path.join(target.dataDir, ...file.path.split('/'));
      if (!path.resolve(destination).startsWith(path.resolve(target.dataDir) + path.sep))
        throw new RestoreRefusedError(`${file.path} is outside DATA_DIR`);
      const folder = path.dirname(destination);
      const made = await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      if (made) madeFolders.push(made);
      await fs.writeFile(destination, await reader.readBuffer(file.entry), { mode: file.mode, flag: 'wx' });
      madeFiles.push(destination);
    }
    const before = manifest.database.migrations.applied;
    await restoreDatabase(target.db, manifest.database, (entry) => reader.open(entry));
    return {
      createdAt: manifest.createdAt,
      imprintVersion: manifest.imprintVersion,
      migration: manifest.database.migrations.lastTag,
      migrationsRun: readJournal().length - before,
      tables: manifest.database.tables.length,
      rows: manifest.database.tables.reduce((sum, table) => sum + table.rows, 0),
      objects: manifest.storage.objects.length,
      objectBytes: manifest.storage.objects.reduce((sum, object) => sum + object.size, 0),
    };
  } catch (error) {
    await Promise.all(written.map((key) => target.storage.delete(key).catch(() => {})));
    for (const made of [...madeFiles, ...madeFolders]) await fs.rm(made, { recursive: true, force: true });
    throw error;
  } finally {
    await reader.close();
  }
}
