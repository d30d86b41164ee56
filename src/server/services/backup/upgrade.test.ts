import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage } from '../../providers';
import type { StorageProvider } from '../../providers/storage/storage';
import { FIXTURE_MIGRATION, fixtureIds, UPGRADE_FIXTURE } from '../../test/make-upgrade-fixture';
import { signInStaff } from '../../test/sign-in';
import { createTestContext, createTestDatabase, type TestDatabase } from '../../test/test-context';
import { ArchiveReader } from './archive-reader';
import { type BackupManifest, backupManifestSchema, MANIFEST_ENTRY } from './backup-manifest';
import { quoteIdentifier } from './dump-database';
import { readJournal, readMigrationLevel } from './migration-level';
import { type RestoreSummary, restoreBackup } from './restore-backup';

/**
 * Upgrades keep data: an installation written by an older schema (the fixture made by
 * make-upgrade-fixture.ts with the migrations up to 0022, before delivery to stores) is restored
 * into an empty database and migrated forward to this code's latest migration, and every row and
 * file it held is still there, unchanged; its agreement's verify page still matches. On PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */

let database: TestDatabase;
let dataDir: string;
let storage: StorageProvider;
let manifest: BackupManifest;
let summary: RestoreSummary;

/** A row as the fixture has it: only the columns the old schema had, in a fixed order. */
function projected(row: Record<string, unknown>, columns: string[]): string {
  return JSON.stringify(columns.map((column) => [column, row[column]]));
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-upgrade-'));
  storage = createStorage(loadConfig({ DATA_DIR: dataDir }).storage);
  database = await createTestDatabase({ empty: true });
  const reader = await ArchiveReader.open(UPGRADE_FIXTURE);
  manifest = backupManifestSchema.parse(JSON.parse((await reader.readBuffer(MANIFEST_ENTRY)).toString()));
  await reader.close();
  summary = await restoreBackup(UPGRADE_FIXTURE, { db: database.db, storage, dataDir });
}, 120_000);

afterAll(async () => {
  await database?.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('an installation from an older schema', () => {
  it('is migrated from its level to the latest', async () => {
    const journal = readJournal();
    expect(manifest.database.migrations.lastTag).toBe(FIXTURE_MIGRATION);
    expect(summary.migration).toBe(FIXTURE_MIGRATION);
    expect(summary.migrationsRun).toBe(journal.length - manifest.database.migrations.applied);
    expect(summary.migrationsRun).toBeGreaterThan(0);
    expect((await readMigrationLevel(database.db))?.lastTag).toBe(journal.at(-1)?.tag);
  });

  it('keeps every row of every table, each value as it was', async () => {
    const reader = await ArchiveReader.open(UPGRADE_FIXTURE);
    try {
      for (const table of manifest.database.tables) {
        const archived = (await reader.readBuffer(table.entry))
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        const columns = Object.keys(archived[0] ?? {}).sort();
        const result = (await database.db.execute(
          sql.raw(`select row_to_json(t)::text as row from public.${quoteIdentifier(table.name)} t`),
        )) as unknown as { rows: { row: string }[] };
        const restored = result.rows.map((row) => JSON.parse(row.row) as Record<string, unknown>);
        expect(restored.map((row) => projected(row, columns)).sort(), table.name).toEqual(
          archived.map((row) => projected(row, columns)).sort(),
        );
      }
    } finally {
      await reader.close();
    }
    const sessions = (await database.db.execute(sql`select count(*)::int as n from sessions`)) as unknown as {
      rows: { n: number }[];
    };
    expect(sessions.rows[0]?.n).toBe(0);
  });

  it('keeps every file byte for byte', async () => {
    expect(manifest.storage.objects).toHaveLength(3);
    for (const object of manifest.storage.objects) {
      const hash = createHash('sha256');
      for await (const chunk of await storage.get(object.key)) hash.update(chunk as Buffer);
      expect(hash.digest('hex'), object.key).toBe(object.sha256);
    }
  });

  it('serves its signed agreement, whose stored copy still matches', async () => {
    const app = await createTestContext({ database, dataDir });
    try {
      const staff = await signInStaff(app.app, app.database.db, 'avery@label.example');
      const info = await app.app.inject({
        method: 'GET',
        url: `/api/contracts/${fixtureIds.agreement}/verify`,
        headers: staff.headers,
      });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({
        status: 'signed',
        signerName: 'Maya Rivers',
        storedCopyMatches: true,
      });
    } finally {
      await app.app.close();
    }
  });
});
