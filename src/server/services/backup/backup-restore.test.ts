import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { createStorage } from '../../providers';
import type { StorageProvider } from '../../providers/storage/storage';
import { signArtistAgreement } from '../../test/agreement-signing';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import {
  postSubmission,
  prepareTestSubmission,
  runDueJobs,
  submitSignedIn,
} from '../../test/submission-fixtures';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../../test/test-context';
import { addStaff } from '../staff/manage-staff';
import { ArchiveReader } from './archive-reader';
import { type BackupManifest, backupManifestSchema, MANIFEST_ENTRY } from './backup-manifest';
import { type BackupSummary, createBackup } from './create-backup';
import { quoteIdentifier } from './dump-database';
import { openVerifiedArchive, RestoreRefusedError, restoreBackup } from './restore-backup';

/**
 * The restore test CI runs (on PGlite, and on PostgreSQL with TEST_DATABASE_URL): an installation
 * with an artist, staff, a signed and sealed agreement and a submission with its files (in an S3
 * bucket) is backed up while another submission is being written, restored into an empty
 * database, local storage and DATA_DIR, and compared: every table row for row, every file byte for
 * byte, the agreement's verify page, no sessions. Then the refusals: a target with data, an
 * archive with a changed byte.
 */

let source: TestContext;
let s3: S3rverInstance;
let target: { database: TestDatabase; dataDir: string; storage: StorageProvider };
let work: string;
let archive: string;
let summary: BackupSummary;
let manifest: BackupManifest;
let artist: SignedIn;
let agreementId: string;
let submissionsBefore: number;

const ARTIST_EMAIL = 'nova.backup@example.com';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function count(db: Database, table: string): Promise<number> {
  const result = (await db.execute(
    sql.raw(`select count(*)::int as n from public.${quoteIdentifier(table)}`),
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

async function rowsOf(db: Database, table: string): Promise<string[]> {
  const result = (await db.execute(
    sql.raw(`select row_to_json(t)::text as row from public.${quoteIdentifier(table)} t`),
  )) as unknown as { rows: { row: string }[] };
  return result.rows.map((row) => row.row).sort();
}

async function emptyTarget(name: string) {
  const dataDir = await fs.mkdtemp(path.join(work, `${name}-`));
  return {
    database: await createTestDatabase(),
    dataDir,
    storage: createStorage(loadConfig({ DATA_DIR: dataDir }).storage),
  };
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-backup-test-'));
  // Files in an S3 bucket (s3rver), restored onto local disk: both drivers' list, read and write.
  s3 = await startS3rver();
  source = await createTestContext({ env: s3.env });
  await addStaff(source.database.db, 'avery@label.example', 'Avery');
  artist = await signIn(source.app, source.database.db, ARTIST_EMAIL);
  agreementId = await signArtistAgreement(source.app, artist, {
    artistName: 'Nova Lights',
    artistEmail: ARTIST_EMAIL,
  });
  await submitSignedIn(source.app, artist);
  await runDueJobs(source.app);
  submissionsBefore = await count(source.database.db, 'submissions');

  // Its files are uploaded; the submission itself is written while the backup runs.
  const concurrent = await prepareTestSubmission(source.app);
  archive = path.join(work, 'imprint.zip');
  const [backedUp, posted] = await Promise.all([
    createBackup(
      { db: source.database.db, storage: source.app.providers.storage, dataDir: source.dataDir },
      archive,
    ),
    postSubmission(source.app, concurrent.payload, { cookie: artist.cookie }),
  ]);
  expect(posted.statusCode).toBe(200);
  summary = backedUp;
  target = await emptyTarget('restored');
  const reader = await ArchiveReader.open(archive);
  manifest = backupManifestSchema.parse(JSON.parse((await reader.readBuffer(MANIFEST_ENTRY)).toString()));
  await reader.close();
}, 120_000);

afterAll(async () => {
  await source?.close();
  await s3?.stop();
  await target?.database.destroy();
  await fs.rm(work, { recursive: true, force: true });
});

describe('a backup', () => {
  it('records the migration level, row counts and every file with its SHA-256', () => {
    expect(summary.file).toBe(archive);
    expect(manifest.database.migrations.applied).toBeGreaterThan(20);
    expect(manifest.database.leftOut).toEqual(expect.arrayContaining(['sessions', 'sign_in_tokens']));
    expect(manifest.database.tables.map((table) => table.name)).not.toContain('sessions');
    expect(manifest.storage.objects.length).toBeGreaterThanOrEqual(4);
    for (const object of manifest.storage.objects) expect(object.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.dataDir.files.map((file) => file.path)).toEqual([
      'seal/seal.p12',
      'seal/seal.p12.password',
    ]);
  });

  it('is one snapshot: the submission written meanwhile is in it wholly or not at all, with its files', async () => {
    const rows = (name: string) => manifest.database.tables.find((table) => table.name === name)?.rows;
    const submissions = rows('submissions') ?? 0;
    expect([submissionsBefore, submissionsBefore + 1]).toContain(submissions);
    // One track per test submission: the tracks follow the submissions, never half of one.
    expect(rows('submission_tracks')).toBe(submissions);
    const reader = await ArchiveReader.open(archive);
    const uploads = (await reader.readBuffer('database/uploads.jsonl'))
      .toString()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { storage_key: string });
    await reader.close();
    const archived = new Set(manifest.storage.objects.map((object) => object.key));
    for (const upload of uploads) expect(archived, upload.storage_key).toContain(upload.storage_key);
  });
});

describe('a restore refuses an archive with one byte changed in a file', () => {
  it('by its SHA-256, before writing anything', async () => {
    const bytes = await fs.readFile(archive);
    const object = manifest.storage.objects.find((candidate) => candidate.key.endsWith('.wav'));
    if (!object) throw new Error('no WAV in the archive');
    const chunks: Buffer[] = [];
    for await (const chunk of await source.app.providers.storage.get(object.key))
      chunks.push(chunk as Buffer);
    // Stored uncompressed: the file's bytes are in the archive as they are.
    const at = bytes.indexOf(Buffer.concat(chunks).subarray(0, 4096));
    expect(at).toBeGreaterThan(0);
    bytes[at + 2048] = (bytes[at + 2048] ?? 0) ^ 0xff;
    const tampered = path.join(work, 'tampered.zip');
    await fs.writeFile(tampered, bytes);
    await expect(openVerifiedArchive(tampered)).rejects.toThrow(
      `${object.entry} does not match the SHA-256 the manifest records`,
    );
    // The target the next tests restore into: still empty after the refusal.
    const empty = target;
    await expect(
      restoreBackup(tampered, { db: empty.database.db, storage: empty.storage, dataDir: empty.dataDir }),
    ).rejects.toThrow(RestoreRefusedError);
    for await (const object of empty.storage.list()) throw new Error(`${object.key} was written`);
    expect(await count(empty.database.db, 'users')).toBe(0);
    expect(await fs.readdir(empty.dataDir)).toEqual([]);
  });
});

describe('a restore into an empty database, storage and DATA_DIR', () => {
  beforeAll(async () => {
    await restoreBackup(archive, {
      db: target.database.db,
      storage: target.storage,
      dataDir: target.dataDir,
    });
  }, 120_000);

  it('brings back every table row for row, and no sessions', async () => {
    const db = target.database.db;
    const reader = await ArchiveReader.open(archive);
    for (const table of manifest.database.tables) {
      const archived = (await reader.readBuffer(table.entry)).toString().split('\n').filter(Boolean).sort();
      expect(await rowsOf(db, table.name), table.name).toEqual(archived);
    }
    await reader.close();
    expect(await count(db, 'sessions')).toBe(0);
    expect(await count(db, 'sign_in_tokens')).toBe(0);
  });

  it('brings back every file byte for byte, and the seal', async () => {
    for (const object of manifest.storage.objects) {
      const chunks: Buffer[] = [];
      for await (const chunk of await target.storage.get(object.key)) chunks.push(chunk as Buffer);
      const restored = Buffer.concat(chunks);
      expect(sha256(restored), object.key).toBe(object.sha256);
      expect((await target.storage.head(object.key))?.contentType ?? null).toBe(object.contentType);
    }
    for (const file of ['seal.p12', 'seal.p12.password']) {
      const [restored, original] = await Promise.all([
        fs.readFile(path.join(target.dataDir, 'seal', file)),
        fs.readFile(path.join(source.dataDir, 'seal', file)),
      ]);
      expect(restored.equals(original)).toBe(true);
    }
  });

  it('serves the signed agreement, whose verify page still matches', async () => {
    const restored = await createTestContext({ database: target.database, dataDir: target.dataDir });
    try {
      const staff = await signInStaff(restored.app, restored.database.db, 'avery@label.example');
      const info = await restored.app.inject({
        method: 'GET',
        url: `/api/contracts/${agreementId}/verify`,
        headers: staff.headers,
      });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ status: 'signed', storedCopyMatches: true });
      expect(info.json().signature).toMatchObject({ intact: true, coversWholeFile: true });
    } finally {
      await restored.app.close();
    }
  });
});

describe('a restore refuses a target that holds data', () => {
  it('and writes nothing', async () => {
    const before = await count(source.database.db, 'submissions');
    const refused = restoreBackup(archive, {
      db: source.database.db,
      storage: source.app.providers.storage,
      dataDir: source.dataDir,
    });
    await expect(refused).rejects.toThrow(RestoreRefusedError);
    await expect(refused).rejects.toThrow(/the database holds rows .*file storage \(s3\) holds objects/);
    expect(await count(source.database.db, 'submissions')).toBe(before);
  });
});
