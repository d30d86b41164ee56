import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { databaseUrlFor } from './database-url';

/**
 * Runs once per `vitest run`: migrates one database that every test file then copies.
 * - PGlite (default): a migrated in-memory database dumped to a tarball; each test file loads it
 *   (creating a PGlite database from scratch costs seconds and hundreds of MB).
 * - PostgreSQL (TEST_DATABASE_URL set, as in CI): a migrated template database; each test file
 *   gets `CREATE DATABASE ... TEMPLATE` of it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `imprint_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(serverUrl, template),
      maxConnections: 1,
    });
    await database.migrate();
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', serverUrl, template });
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'imprint_test_%' or datname = $1`,
        [template],
      );
      for (const { datname } of leftovers.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('PGlite dump unavailable');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-test-db-'));
  const snapshotPath = path.join(dir, 'migrated.tar');
  await fs.writeFile(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', snapshotPath });
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'pglite'; snapshotPath: string }
      | { kind: 'postgres'; serverUrl: string; template: string };
  }
}
