import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { databaseUrlFor } from './database-url';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the database (PostgreSQL) or frees it (PGlite). */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file, copied from the snapshot made by global-setup.
 * `rewriteUrl` changes the PostgreSQL address the app connects to (a test's TCP relay); the
 * database is still created and dropped on the server itself. `empty`: never migrated instead (a
 * new PGlite, which takes seconds; PostgreSQL's blank template), for tests that migrate themselves.
 */
export async function createTestDatabase(
  options: { rewriteUrl?: (databaseUrl: string) => string; empty?: boolean } = {},
): Promise<TestDatabase> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const snapshot = options.empty ? undefined : new Blob([await fs.readFile(info.snapshotPath)]);
    const handle = await openDatabase({ pgliteSnapshot: snapshot });
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `imprint_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${options.empty ? 'template0' : info.template}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = databaseUrlFor(info.serverUrl, name);
  const handle = await openDatabase({
    databaseUrl: options.rewriteUrl ? options.rewriteUrl(databaseUrl) : databaseUrl,
    maxConnections: 5,
  });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: info.serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** The whole app over a fresh database and a temporary DATA_DIR; `close()` removes both. */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    database?: TestDatabase;
    /** Reuse a DATA_DIR (to restart the app on the same files); it is then left in place. */
    dataDir?: string;
  } & Omit<BuildAppOptions, 'config' | 'db'> = {},
): Promise<TestContext> {
  const { env, webRoot, database: given, dataDir: givenDataDir, ...buildOptions } = options;
  const database = given ?? (await createTestDatabase());
  const dataDir = givenDataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-test-data-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ...env,
  });
  config.webRoot = webRoot ?? path.join(dataDir, 'no-web-build');
  const app = await buildApp({ config, db: database.db, logger: false, ...buildOptions });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      if (!given) await database.destroy();
      // Retried: a file the app was still writing as it closed makes rmdir fail with ENOTEMPTY.
      if (!givenDataDir) await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
