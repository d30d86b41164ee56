import { z } from 'zod';

/**
 * What one backup archive holds (docs/decisions/0002-backup-format.md): a ZIP with
 * - `database/<table>.jsonl`: the table's rows, one `row_to_json` per line, read in one snapshot;
 * - `files/<key>`: every object of file storage, byte for byte;
 * - `data-dir/<path>`: the files of DATA_DIR that are not in the database or storage (the seal);
 * - `manifest.json`: this schema, with the SHA-256 of every entry's bytes.
 */
export const BACKUP_FORMAT = 'imprint-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

export const tableEntry = (table: string) => `database/${table}.jsonl`;
export const objectEntry = (key: string) => `files/${key}`;
export const dataDirEntry = (relative: string) => `data-dir/${relative}`;

/**
 * Tables whose rows no backup keeps (the tables themselves are made by the migrations): a restored
 * instance starts with everyone signed out, and nothing of a short-lived secret survives it.
 */
export const TABLES_LEFT_OUT: Readonly<Record<string, string>> = {
  sessions: 'signed-in sessions: a restored instance starts with everyone signed out',
  sign_in_tokens: 'sign-in links and codes, valid for 15 minutes',
  rate_limit_counters: 'counts of the current rate-limit windows',
};

/** The folders of DATA_DIR a backup keeps, besides the database and file storage. */
export const DATA_DIR_FOLDERS = ['seal'] as const;

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const countSchema = z.number().int().nonnegative();

/** An entry of the archive as the manifest records it: its uncompressed size and SHA-256. */
const entrySchema = z.object({ entry: z.string().min(1), size: countSchema, sha256: sha256Schema });

export const migrationLevelSchema = z.object({
  /** Migrations of drizzle/ applied, in journal order. */
  applied: countSchema,
  /** The last one's tag and journal time (`__drizzle_migrations.created_at`); null for none. */
  lastTag: z.string().nullable(),
  lastWhen: z.number().int().nullable(),
});
export type MigrationLevel = z.infer<typeof migrationLevelSchema>;

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  imprintVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: migrationLevelSchema,
    /** How long the snapshot transaction was open (on PGlite every other query waits meanwhile). */
    snapshotMs: z.number().nonnegative(),
    tables: z.array(entrySchema.extend({ name: z.string().min(1), rows: countSchema })),
    /** Tables whose rows were left out (TABLES_LEFT_OUT). */
    leftOut: z.array(z.string()),
    /** Every sequence of the schema as it stood: setval(name, lastValue, isCalled) on restore. */
    sequences: z.array(
      z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
    ),
  }),
  storage: z.object({
    driver: z.enum(['local', 's3']),
    objects: z.array(entrySchema.extend({ key: z.string().min(1), contentType: z.string().nullable() })),
    /** Objects listed, then gone before they were read (deleted meanwhile): not in the archive. */
    vanished: z.array(z.string()),
  }),
  dataDir: z.object({
    files: z.array(entrySchema.extend({ path: z.string().min(1), mode: z.number().int() })),
  }),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** Every entry the manifest names, with the size and hash it must have. */
export function manifestEntries(manifest: BackupManifest): z.infer<typeof entrySchema>[] {
  return [...manifest.database.tables, ...manifest.storage.objects, ...manifest.dataDir.files];
}
