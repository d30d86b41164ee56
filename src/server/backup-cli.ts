import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './config';
import { type DatabaseHandle, openInstallationDatabase } from './db/client';
import { createStorage } from './providers';
import { backUpIntoDirectory } from './services/backup/backup-directory';
import {
  BACKUP_SECRET_HEADER,
  type BackupRequestState,
  removeBackupRequest,
  writeBackupRequest,
} from './services/backup/backup-requests';
import { type BackupSummary, createBackup } from './services/backup/create-backup';
import { readJournal, readMigrationLevel } from './services/backup/migration-level';
import { RestoreRefusedError, restoreBackup } from './services/backup/restore-backup';

export const BACKUP_USAGE = `backup FILE             write one archive of the database and every stored file to FILE
                          (a running server on the embedded database is asked to write it)
  restore FILE            restore an archive into an empty DATA_DIR, or an empty database and
                          bucket; runs the migrations the archive is behind`;

interface Output {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** The embedded database's own marker: PGlite keeps `postmaster.pid` there while a process has it open. */
export function embeddedDatabaseInUse(config: Pick<AppConfig, 'dataDir'>): boolean {
  return existsSync(path.join(config.dataDir, 'db', 'postmaster.pid'));
}

/**
 * Why a command must not open the embedded database now, or undefined. PGlite does not lock its
 * files: a second process opening them sees a stale database and its writes can corrupt the
 * server's. A killed server leaves its marker behind, hence the second sentence.
 */
export function embeddedDatabaseInUseMessage(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
): string | undefined {
  if (config.databaseUrl || !embeddedDatabaseInUse(config)) return undefined;
  const marker = path.join(config.dataDir, 'db', 'postmaster.pid');
  return `The embedded database in ${path.join(config.dataDir, 'db')} is open in another process (an Imprint server?), and PGlite cannot be opened by two processes at once. Stop the server and run this again. If no Imprint process is running (it was killed), remove ${marker} first.`;
}

function describeSummary(summary: BackupSummary): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `Backup written: ${summary.file} (${mb(summary.bytes)}): ${summary.rows} rows in ${summary.tables} tables at migration ${summary.migration}, ${summary.objects} files (${mb(summary.objectBytes)})${summary.vanished ? `, ${summary.vanished} deleted while the backup ran` : ''}. The database snapshot took ${summary.snapshotMs} ms, the whole backup ${(summary.durationMs / 1000).toFixed(1)} s.\n`;
}

/** Where the running server answers on this machine. */
function serverUrl(config: Pick<AppConfig, 'host' | 'port'>): string {
  const anyAddress = ['0.0.0.0', '::', '', 'localhost'].includes(config.host);
  const host = anyAddress ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** Asks the server that holds the embedded database to write the archive, and waits for it. */
async function backUpThroughServer(config: AppConfig, file: string, out: Output): Promise<number> {
  const base = serverUrl(config);
  const { id, secret } = await writeBackupRequest(config.dataDir, file);
  const url = `${base}/api/backup/requests/${id}`;
  const headers = { [BACKUP_SECRET_HEADER]: secret };
  try {
    const started = await fetch(url, { method: 'POST', headers }).catch(() => undefined);
    if (started?.status !== 202) {
      const reason = started
        ? `it answered ${started.status}: ${await started.text()}`
        : 'nothing answers there';
      out.stderr.write(
        `The embedded database is open in another process, and no Imprint server took the backup request at ${base} (${reason}). If the server listens elsewhere, run this with its PORT and HOST. ${embeddedDatabaseInUseMessage(config) ?? ''}\n`,
      );
      return 1;
    }
    out.stdout.write(`The server at ${base} is writing the backup…\n`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const answer = await fetch(url, { headers });
      if (answer.status !== 200) {
        out.stderr.write(`The server stopped answering about the backup (${answer.status}).\n`);
        return 1;
      }
      const state = (await answer.json()) as BackupRequestState;
      if (state.state === 'done') {
        out.stdout.write(describeSummary(state.summary));
        return 0;
      }
      if (state.state === 'failed') {
        out.stderr.write(`The backup failed: ${state.error}\n`);
        return 1;
      }
    }
  } finally {
    // Taken by the server if it answered; otherwise it must not wait there for a later one.
    await removeBackupRequest(config.dataDir, id);
  }
}

/** `backup FILE`: directly from the database (PostgreSQL, or PGlite nobody has open), or through the server. */
export async function runBackup(config: AppConfig, args: string[], out: Output): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) {
    out.stderr.write('Usage: npm run imprint -- backup FILE\n');
    return 2;
  }
  const target = path.resolve(file);
  if (existsSync(target)) {
    out.stderr.write(`${target} exists already: a backup never replaces a file.\n`);
    return 1;
  }
  if (!config.databaseUrl) {
    if (embeddedDatabaseInUse(config)) return backUpThroughServer(config, target, out);
    if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
      out.stderr.write(`There is no embedded database in ${path.join(config.dataDir, 'db')} to back up.\n`);
      return 1;
    }
  }
  const database = await openInstallationDatabase(config);
  try {
    const summary = await createBackup(
      { db: database.db, storage: createStorage(config.storage), dataDir: config.dataDir },
      target,
    );
    out.stdout.write(describeSummary(summary));
    return 0;
  } finally {
    await database.close();
  }
}

/** `restore FILE`: into an empty target only (restoreBackup refuses anything else). */
export async function runRestore(config: AppConfig, args: string[], out: Output): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) {
    out.stderr.write('Usage: npm run imprint -- restore FILE\n');
    return 2;
  }
  const dbDir = path.join(config.dataDir, 'db');
  const embedded = !config.databaseUrl;
  if (embedded && (await fs.readdir(dbDir).catch(() => [])).length > 0) {
    out.stderr.write(
      `Refusing to restore over existing data: ${dbDir} holds a database. Restore into an empty DATA_DIR. Nothing was restored.\n`,
    );
    return 1;
  }
  let database: DatabaseHandle | undefined;
  try {
    database = await openInstallationDatabase(config);
    const summary = await restoreBackup(path.resolve(file), {
      db: database.db,
      storage: createStorage(config.storage),
      dataDir: config.dataDir,
    });
    out.stdout.write(
      `Restored the backup of ${summary.createdAt} (Imprint ${summary.imprintVersion}, migration ${summary.migration}): ${summary.rows} rows in ${summary.tables} tables, ${summary.objects} files${summary.migrationsRun > 0 ? `, then ${summary.migrationsRun} newer migrations` : ''}. Everyone signs in again.\n`,
    );
    return 0;
  } catch (error) {
    await database?.close();
    database = undefined;
    // The embedded database this restore created holds nothing worth keeping.
    if (embedded) await fs.rm(dbDir, { recursive: true, force: true });
    if (error instanceof RestoreRefusedError) {
      out.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

/**
 * Before `migrate` applies anything to a database that has data, with BACKUP_DIR set: an archive
 * `…-before-migrate.zip` there (the database as it was, at its old migration level, which any
 * later Imprint restores and upgrades). A failed backup stops the migration.
 */
export async function backUpBeforeMigrate(
  config: AppConfig,
  database: DatabaseHandle,
  out: Output,
): Promise<void> {
  if (!config.backup.dir) return;
  const level = await readMigrationLevel(database.db);
  if (!level || level.applied === 0 || level.applied >= readJournal().length) return;
  const summary = await backUpIntoDirectory(
    { db: database.db, storage: createStorage(config.storage), dataDir: config.dataDir },
    { dir: config.backup.dir, keep: config.backup.keep, reason: 'before-migrate' },
  );
  out.stdout.write(describeSummary(summary));
}
