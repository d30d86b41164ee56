import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { countWaitingQueries } from './pglite-queue';
import { enableNamedStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code is written against, whether PGlite or PostgreSQL is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations in drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other instances from (tests). */
  dump?(): Promise<Blob>;
  /** PGlite only: queries waiting behind the one running (db/pglite-queue.ts). */
  waitingQueries?(): number;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; in memory when omitted. */
  pgliteDir?: string | undefined;
  /** A PGlite data dump (from dumpDataDir) to start from: tests load a migrated snapshot. */
  pgliteSnapshot?: Blob | undefined;
  maxConnections?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      // A server that accepts no connection must fail the request (503), not hang it.
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) await fs.mkdir(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    // The board's search uses trigram indexes (drizzle/0014_board_triage).
    extensions: { pg_trgm },
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  // Each SQL text parsed once, under a name (db/pglite-statements.ts).
  await enableNamedStatements(client);
  // Counted before drizzle sees the client, so every query of the app passes the counter.
  const waitingQueries = countWaitingQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    waitingQueries,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** The installation's database: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/db. */
export function openInstallationDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Which engine is behind a database object (drizzle keeps its driver's client as `$client`). */
export function databaseKindOf(db: Database): DatabaseHandle['kind'] {
  return (db as { $client?: unknown }).$client instanceof pg.Pool ? 'postgres' : 'pglite';
}
