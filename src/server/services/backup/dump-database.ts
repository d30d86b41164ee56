import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { type BackupManifest, TABLES_LEFT_OUT, tableEntry } from './backup-manifest';
import { readMigrationLevel } from './migration-level';

/** Rows fetched per round trip: few trips, and a batch of waveform-laden upload rows stays small. */
const FETCH_ROWS = 1_000;

export type DatabaseDump = Omit<BackupManifest['database'], 'kind'> & {
  /** Where each table's rows were written (entry name → temporary file). */
  files: Map<string, string>;
};

/** "name" as SQL writes an identifier, whatever it holds. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

type Rows<T> = { rows: T[] };

/** The tables of the public schema, by name (the catalogue's, not schema.ts': an archive may be older). */
export async function listTables(executor: Executor): Promise<string[]> {
  const result = (await executor.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`)) as unknown as Rows<{
    name: string;
  }>;
  return result.rows.map((row) => row.name);
}

/** Every sequence's state, in one statement. */
async function readSequences(executor: Executor): Promise<BackupManifest['database']['sequences']> {
  const names = (await executor.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by c.relname`)) as unknown as Rows<{
    name: string;
  }>;
  if (names.rows.length === 0) return [];
  const reads = names.rows.map(
    ({ name }) =>
      `select ${quoteLiteral(name)} as name, last_value::text as "lastValue", is_called as "isCalled" from public.${quoteIdentifier(name)}`,
  );
  const state = (await executor.execute(sql.raw(reads.join(' union all ')))) as unknown as Rows<
    BackupManifest['database']['sequences'][number]
  >;
  return state.rows;
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** One table's JSON lines as they are written: its file, and the count, size and hash so far. */
class TableFile {
  private readonly out: WriteStream;
  private readonly hash = createHash('sha256');
  rows = 0;
  size = 0;

  constructor(
    readonly name: string,
    readonly file: string,
  ) {
    this.out = createWriteStream(file, { flags: 'wx' });
  }

  async append(lines: string[]): Promise<void> {
    const text = `${lines.join('\n')}\n`;
    this.hash.update(text);
    this.size += Buffer.byteLength(text);
    this.rows += lines.length;
    await new Promise<void>((resolve, reject) => {
      this.out.write(text, (error) => (error ? reject(error) : resolve()));
    });
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
  }

  summary(): DatabaseDump['tables'][number] {
    return {
      name: this.name,
      rows: this.rows,
      entry: tableEntry(this.name),
      size: this.size,
      sha256: this.hash.digest('hex'),
    };
  }
}

/**
 * Every row of `tables` through one cursor (a UNION ALL of the tables, each row tagged with its
 * table's position), FETCH_ROWS at a time: a round trip per thousand rows, however many tables
 * there are (on PGlite each round trip is a turn every waiting query sits out).
 */
async function dumpTables(tx: Executor, files: TableFile[]): Promise<void> {
  if (files.length === 0) return;
  const selects = files.map(
    (file, index) =>
      `select ${index} as t, row_to_json(r)::text as row from public.${quoteIdentifier(file.name)} r`,
  );
  await tx.execute(sql.raw(`declare backup_rows no scroll cursor for ${selects.join(' union all ')}`));
  for (;;) {
    const batch = (await tx.execute(
      sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`),
    )) as unknown as Rows<{
      t: number;
      row: string;
    }>;
    const byTable = new Map<number, string[]>();
    for (const { t, row } of batch.rows) {
      const lines = byTable.get(Number(t));
      if (lines) lines.push(row);
      else byTable.set(Number(t), [row]);
    }
    for (const [index, lines] of byTable) await files[index]?.append(lines);
    // A short batch was the last: no round trip to learn that the cursor is done.
    if (batch.rows.length < FETCH_ROWS) break;
  }
  await tx.execute(sql.raw('close backup_rows'));
}

/**
 * Every table's rows as one consistent snapshot: a REPEATABLE READ, read-only transaction, each
 * table read through a cursor into a file of `dir` (never to the archive or S3, so the transaction
 * lasts only as long as reading the rows takes). On PGlite, which runs one query at a time, every
 * other query of the server waits for the whole transaction: `snapshotMs` says how long that was.
 * Sequences are read in the same transaction; a sequence is not transactional, so its value is
 * the current one, at least what the snapshot's rows used: a restored sequence never repeats one.
 */
export async function dumpDatabase(db: Database, dir: string): Promise<DatabaseDump> {
  const started = performance.now();
  const dump = await db.transaction(
    async (tx) => {
      const migrations = await readMigrationLevel(tx);
      if (!migrations) throw new Error('The database has never been migrated: there is nothing to back up.');
      const names = await listTables(tx);
      const leftOut = names.filter((name) => name in TABLES_LEFT_OUT);
      const files = names
        .filter((name) => !(name in TABLES_LEFT_OUT))
        .map((name, index) => new TableFile(name, path.join(dir, `${index}.jsonl`)));
      try {
        await dumpTables(tx, files);
      } finally {
        await Promise.all(files.map((file) => file.close()));
      }
      const sequences = await readSequences(tx);
      return {
        migrations,
        tables: files.map((file) => file.summary()),
        leftOut,
        sequences,
        files: new Map(files.map((file) => [tableEntry(file.name), file.file])),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { ...dump, snapshotMs: Math.round(performance.now() - started) };
}
