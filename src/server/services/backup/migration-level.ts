import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { type Database, type Executor, migrationsFolder } from '../../db/client';
import type { MigrationLevel } from './backup-manifest';

/** One migration of drizzle/, in journal order. */
export interface JournalMigration {
  tag: string;
  /** The journal's `when`, which drizzle stores as `__drizzle_migrations.created_at`. */
  when: number;
}

export function readJournal(folder = migrationsFolder): JournalMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The level of `count` migrations of this journal. */
export function levelAt(journal: JournalMigration[], count: number): MigrationLevel {
  const last = count > 0 ? journal[count - 1] : undefined;
  return { applied: count, lastTag: last?.tag ?? null, lastWhen: last?.when ?? null };
}

export class UnknownMigrationError extends Error {
  override name = 'UnknownMigrationError';
}

/**
 * How far the database's schema is: drizzle's own record of the last migration applied, matched
 * to this code's journal. Undefined when it has never been migrated. A migration this code does
 * not know (a newer Imprint wrote the database) throws.
 */
export async function readMigrationLevel(
  executor: Executor,
  journal = readJournal(),
): Promise<MigrationLevel | undefined> {
  const present = (await executor.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!present.rows[0]?.present) return undefined;
  const last = (await executor.execute(
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )) as unknown as { rows: { when: string | null }[] };
  const when = last.rows[0]?.when;
  if (when === undefined || when === null) return levelAt(journal, 0);
  const index = journal.findIndex((migration) => migration.when === Number(when));
  if (index < 0)
    throw new UnknownMigrationError(
      `The database has a migration (of ${new Date(Number(when)).toISOString()}) that this version of Imprint does not know: it was written by a newer one.`,
    );
  return levelAt(journal, index + 1);
}

/**
 * Applies the journal's first `count` migrations that are not applied yet, as the server's own
 * start does (drizzle's migrator: one transaction, recorded in __drizzle_migrations), so the
 * remaining ones apply later exactly as they would on an installation that never stopped there.
 */
export async function migrateTo(db: Database, count: number, folder = migrationsFolder): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: folder }).slice(0, count);
  // What drizzle's migrate() of either driver does with the whole folder.
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  await dialect.migrate(migrations, session, { migrationsFolder: folder });
}
