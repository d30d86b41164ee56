import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { jobs } from '../../db/schema';
import type { BackupManifest } from './backup-manifest';
import { listTables, quoteIdentifier } from './dump-database';
import { migrateTo, readJournal } from './migration-level';

/** Rows per INSERT, and the most text one INSERT carries (a batch of large rows goes sooner). */
const INSERT_ROWS = 1_000;
const INSERT_CHARS = 8 * 1024 * 1024;

type Rows<T> = { rows: T[] };

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

async function foreignKeys(tx: Executor): Promise<ForeignKey[]> {
  const result = (await tx.execute(sql`
    select format('%I.%I', n.nspname, t.relname) as "table", c.conname as name,
           pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_namespace n on n.oid = t.relnamespace
     where c.contype = 'f' and n.nspname = 'public'
     order by 1, 2`)) as unknown as Rows<ForeignKey>;
  return result.rows;
}

async function insertRows(tx: Executor, table: string, lines: string[]): Promise<void> {
  const qualified = `public.${quoteIdentifier(table)}`;
  await tx.execute(
    sql`insert into ${sql.raw(qualified)} select * from json_populate_recordset(null::${sql.raw(qualified)}, ${`[${lines.join(',')}]`}::json)`,
  );
}

/** One table's JSON lines into the table, INSERT_ROWS at a time; the number of rows. */
async function loadTable(tx: Executor, table: string, source: Readable): Promise<number> {
  let batch: string[] = [];
  let chars = 0;
  let rows = 0;
  for await (const line of createInterface({ input: source, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line === '') continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= INSERT_ROWS || chars >= INSERT_CHARS) {
      await insertRows(tx, table, batch);
      rows += batch.length;
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) {
    await insertRows(tx, table, batch);
    rows += batch.length;
  }
  return rows;
}

/**
 * Loads an archive's rows into a database migrated exactly to the archive's level, in one
 * transaction: the foreign keys are dropped and the tables' own triggers switched off (the search
 * text, the status counts, the change announcements: their results are in the rows already), the
 * rows inserted as they were, each sequence set where it stood, and the foreign keys made again,
 * which checks every reference. A failure anywhere rolls all of it back. Only what a table's owner
 * may do, so it works for an unprivileged PostgreSQL user as on PGlite.
 */
export async function loadRows(
  db: Database,
  database: BackupManifest['database'],
  open: (entry: string) => Promise<Readable>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const present = new Set(await listTables(tx));
    const missing = database.tables.filter((table) => !present.has(table.name)).map((table) => table.name);
    if (missing.length > 0)
      throw new Error(
        `The database at migration ${database.migrations.lastTag} has no table ${missing.join(', ')}: the archive does not match its own migration level.`,
      );
    const keys = await foreignKeys(tx);
    for (const key of keys)
      await tx.execute(sql.raw(`alter table ${key.table} drop constraint ${quoteIdentifier(key.name)}`));
    for (const table of database.tables) {
      const qualified = `public.${quoteIdentifier(table.name)}`;
      await tx.execute(sql.raw(`alter table ${qualified} disable trigger user`));
      const rows = await loadTable(tx, table.name, await open(table.entry));
      if (rows !== table.rows)
        throw new Error(`${table.entry} holds ${rows} rows, the manifest says ${table.rows}`);
      await tx.execute(sql.raw(`alter table ${qualified} enable trigger user`));
    }
    for (const sequence of database.sequences) {
      const qualified = `public.${quoteIdentifier(sequence.name)}`;
      await tx.execute(
        sql`select setval(${qualified}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
    }
    for (const key of keys)
      await tx.execute(
        sql.raw(`alter table ${key.table} add constraint ${quoteIdentifier(key.name)} ${key.definition}`),
      );
  });
}

/**
 * The whole database part of a restore into an empty database: the migrations up to the archive's
 * level, its rows, then the migrations it is behind (an upgrade, as the server's start would run
 * it). Jobs that were running when the backup was taken are pending again: the process that held
 * them is not this one.
 */
export async function restoreDatabase(
  db: Database,
  database: BackupManifest['database'],
  open: (entry: string) => Promise<Readable>,
): Promise<void> {
  const journal = readJournal();
  await migrateTo(db, database.migrations.applied);
  await loadRows(db, database, open);
  await migrateTo(db, journal.length);
  await db
    .update(jobs)
    .set({ status: 'pending', lockedBy: null, lockedUntil: null })
    .where(sql`${jobs.status} = 'running'`);
}
