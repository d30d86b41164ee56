import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { STORAGE_FULL } from '../domain';
import { type Database, openDatabase } from './db/client';
import { DATABASE_FULL_MESSAGE, isDatabaseFull } from './db/database-errors';
import { errorReports, jobs, outboxMessages, providerStatus, submissions, uploads } from './db/schema';
import { LocalStorage } from './providers/storage/local-storage';
import { STORAGE_FULL_HOLD_MS, StorageSpace } from './providers/storage/storage-full';
import {
  FillingResumableStore,
  type FillingStorage,
  filesUnder,
  fillingStorage,
  mountSmallFilesystem,
  type SmallFilesystem,
} from './test/full-storage';
import { makeJpeg, makeWav } from './test/media-fixtures';
import { createResumableUpload, multipartBody } from './test/multipart';
import { postSubmission, prepareTestSubmission } from './test/submission-fixtures';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from './test/test-context';

/**
 * A full disk (spec: "Full disk"): uploads answer 507 in words and keep nothing, health reports
 * storage failing, staff get one error event however many uploads fail, and a database write
 * refused for space answers 503 and keeps nothing of its transaction. Simulated with a storage
 * wrapper everywhere; on a real small file system (tmpfs) where this machine may mount one.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

let nextIp = 1;
/** Each upload from its own network: the per-IP upload limit must not decide what a test sees. */
const freshIp = () => `198.51.100.${(nextIp++ % 200) + 1}`;

function uploadRequest(ctx: TestContext, file: Buffer, sessionId = 'session-full-disk-0001') {
  const { contentType, body } = multipartBody([
    { field: 'artistName', value: 'Maya Rivers' },
    { field: 'fileType', value: 'track' },
    { field: 'sessionId', value: sessionId },
    { name: 'First Light.wav', type: 'audio/wav', body: file },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload/storage?_t=1',
    headers: { 'content-type': contentType, origin: ctx.config.publicUrl },
    payload: body,
    remoteAddress: freshIp(),
  });
}

/** Creates a resumable upload of `length` bytes and sends them in one PATCH. */
async function resumableUpload(base: string, body: Buffer, sessionId: string) {
  const created = await createResumableUpload(base, body.length, {
    filename: 'Long Take.wav',
    filetype: 'audio/wav',
    fileType: 'track',
    artistName: 'Maya Rivers',
    sessionId,
  });
  expect(created.status).toBe(201);
  const url = new URL(created.headers.get('location') ?? '', base);
  const patch = await fetch(url, {
    method: 'PATCH',
    headers: {
      origin: base,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(body),
  });
  return { fileId: url.pathname.split('/').pop() ?? '', status: patch.status, text: await patch.text() };
}

describe('storage that runs out of room', () => {
  let ctx: TestContext;
  let dataDir: string;
  let storage: FillingStorage;
  let resumableStore: FillingResumableStore;
  let now = Date.now();
  const space = new StorageSpace(() => now);

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-full-disk-'));
    const root = path.join(dataDir, 'files');
    storage = fillingStorage(new LocalStorage(root), 64 * 1024);
    resumableStore = new FillingResumableStore({ directory: path.join(root, 'resumable') });
    resumableStore.room = 64 * 1024;
    ctx = await createTestContext({
      database,
      dataDir,
      // This machine's own free space must not decide the health check.
      env: { STORAGE_MIN_FREE_MB: '0' },
      providers: {
        storage,
        storageSpace: space,
        resumable: {
          store: resumableStore,
          keyOf: (id) => `resumable/${id}`,
          bookkeepingKeysOf: (id) => [`resumable/${id}.json`],
        },
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const reports = () => ctx.database.db.select().from(errorReports);
  const storageStatus = async () =>
    (await ctx.database.db.select().from(providerStatus).where(eq(providerStatus.provider, 'storage')))[0];

  it('answers an upload 507 in words, keeps no byte of it, and records one outage', async () => {
    const response = await uploadRequest(ctx, makeWav({ seconds: 1 }));
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ success: false, error: STORAGE_FULL });
    // The outage is recorded by the provider check the failure set off, beside the answer.
    await vi.waitFor(async () => expect(await reports()).toHaveLength(1), 10_000);
    const [report] = await reports();
    expect(report).toMatchObject({ source: 'provider', stage: 'storage' });
    expect(report?.message).toMatch(/^local disk \(storage\) is down: no space left in storage \(ENOSPC/);
    expect(await filesUnder(path.join(dataDir, 'files'))).toEqual([]);
    expect(await ctx.database.db.select().from(uploads)).toEqual([]);
  });

  it('reports storage failing in /api/health, in words for staff', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'fail',
      checks: { storage: { status: 'fail', message: 'storage unavailable' } },
      issues: ['File storage is down'],
    });
    expect(await storageStatus()).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/^no space left/),
    });
  });

  it('makes one error report of two hundred failed uploads', async () => {
    storage.room = 1024;
    const file = Buffer.alloc(2048);
    for (let batch = 0; batch < 4; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => uploadRequest(ctx, file)));
      for (const answer of answers) expect(answer.statusCode).toBe(507);
    }
    expect(await reports()).toHaveLength(1);
  });

  it('ends a direct upload whose bytes find no room, keeping nothing', async () => {
    const wav = makeWav({ seconds: 1 });
    const target = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/generate-upload-url',
      headers: { origin: ctx.config.publicUrl },
      remoteAddress: freshIp(),
      payload: {
        fileName: 'First Light.wav',
        fileSize: wav.length,
        contentType: 'audio/wav',
        artistName: 'Maya Rivers',
        fileType: 'track',
        sessionId: 'session-full-disk-0001',
      },
    });
    expect(target.statusCode, target.body).toBe(200);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: target.json().uploadUrl,
      headers: { 'content-type': 'audio/wav' },
      payload: wav,
    });
    expect(put.statusCode).toBe(507);
    expect(put.json()).toEqual({ success: false, error: STORAGE_FULL });
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.json().fileName));
    expect(row?.status).toBe('staged');
    expect(await storage.head(row?.storageKey ?? '')).toBeUndefined();
  });

  it('ends a resumable upload whose chunk finds no room: its bytes and row are gone', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const sent = await resumableUpload(base, makeWav({ seconds: 1 }), 'session-full-disk-0002');
    expect(sent.status).toBe(507);
    expect(sent.text).toBe(STORAGE_FULL);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.id, sent.fileId))).toEqual([]);
    expect(await filesUnder(path.join(dataDir, 'files', 'resumable'))).toEqual([]);
    expect(await reports()).toHaveLength(1);
  });

  it('clears once a check passes after the hold, and a new outage is a new report', async () => {
    now += STORAGE_FULL_HOLD_MS;
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(await storageStatus()).toMatchObject({ status: 'ok' });

    // A job's write refused for space counts too: the job is retried, not given up.
    storage.room = Number.POSITIVE_INFINITY;
    const jpeg = await makeJpeg({ width: 640, height: 640 });
    const { contentType, body } = multipartBody([
      { field: 'artistName', value: 'Maya Rivers' },
      { field: 'fileType', value: 'artwork' },
      { name: 'cover.jpg', type: 'image/jpeg', body: jpeg },
    ]);
    const stored = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/storage?_t=1',
      headers: { 'content-type': contentType, origin: ctx.config.publicUrl },
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(stored.statusCode, stored.body).toBe(200);
    storage.room = 100;
    await ctx.app.jobs.runOnce();
    const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.type, 'uploads.image-variants'));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job?.lastError).toMatch(/no space left in storage/);
    await vi.waitFor(async () => expect(await reports()).toHaveLength(2), 10_000);
    expect(await storageStatus()).toMatchObject({ status: 'fail' });
  });
});

describe('a database that runs out of room', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ database });
  });
  afterAll(async () => ctx.close());

  async function counts() {
    const count = async (table: typeof submissions | typeof outboxMessages | typeof jobs) =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
    const [claimed] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(uploads)
      .where(sql`${uploads.claimedAt} is not null`);
    return {
      submissions: await count(submissions),
      mails: await count(outboxMessages),
      jobs: await count(jobs),
      claimed: claimed?.n,
    };
  }

  it('answers a submission it cannot save 503 with Retry-After, keeps nothing of it, and takes it later', async () => {
    const { payload } = await prepareTestSubmission(ctx.app);
    const before = await counts();
    const reportsBefore = (await ctx.database.db.select().from(errorReports)).length;
    // PostgreSQL's own disk_full, raised where a full disk would: extending a table mid-transaction,
    // after the submission's row is written.
    await ctx.database.db.execute(sql`
      create function imprint_test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/5/16385": No space left on device' using errcode = 'disk_full';
      end $$`);
    await ctx.database.db.execute(sql`
      create trigger imprint_test_disk_full before insert on submission_tracks
      for each row execute function imprint_test_disk_full()`);
    try {
      const refused = await postSubmission(ctx.app, payload);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('120');
      expect(refused.json()).toEqual({ success: false, error: DATABASE_FULL_MESSAGE });
      expect(await counts()).toEqual(before);
      expect(await ctx.database.db.select().from(errorReports)).toHaveLength(reportsBefore);
    } finally {
      await ctx.database.db.execute(sql`drop trigger imprint_test_disk_full on submission_tracks`);
      await ctx.database.db.execute(sql`drop function imprint_test_disk_full()`);
    }
    const accepted = await postSubmission(ctx.app, payload);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function countRows(db: Database, table: string): Promise<number | undefined> {
  return (await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n;
}

/**
 * Fills `disk` but for 32 KiB (a few pages of the table, not the next megabyte), then writes a row
 * and 2 MB more into `table` in one transaction: the database refuses with disk_full, and the
 * first row goes with the rest.
 */
async function expectRolledBackOnFullDisk(db: Database, disk: string, table: string) {
  const { bavail, bsize } = await fs.statfs(disk);
  await fs.writeFile(path.join(disk, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - 32 * 1024)));
  const failure = await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`insert into ${table} (body) values ('kept only with the rest')`));
      await tx.execute(
        sql.raw(`insert into ${table} (body) select repeat('x', 1000) from generate_series(1, 2000)`),
      );
    })
    .catch((error: unknown) => error);
  expect(isDatabaseFull(failure)).toBe(true);
  expect((failure as Error).cause).toMatchObject({
    code: '53100',
    message: expect.stringMatching(/No space left on device/),
  });
  expect(await countRows(db, table)).toBe(0);
}

describe('on a real small file system', () => {
  let small: SmallFilesystem;
  let forDatabase: SmallFilesystem;
  beforeAll(async () => {
    // PGlite's own files take some 40 MB before any table of Imprint's; PostgreSQL's table needs
    // only a tablespace there.
    const databaseMegabytes = inject('testDatabase').kind === 'pglite' ? 96 : 8;
    [small, forDatabase] = await Promise.all([
      mountSmallFilesystem(4),
      mountSmallFilesystem(databaseMegabytes),
    ]);
  });
  afterAll(async () => {
    for (const mounted of [small, forDatabase]) if ('unmount' in mounted) await mounted.unmount();
  });

  it('an upload larger than the room left answers 507 and leaves no file, on every path', async (context) => {
    if ('skipped' in small) return context.skip(small.skipped);
    const ctx = await createTestContext({ database, dataDir: small.dir, env: { STORAGE_MIN_FREE_MB: '1' } });
    try {
      await ctx.database.db.delete(providerStatus);
      const wav = makeWav({ seconds: 30 }); // ~5 MB on a 4 MB disk
      const standard = await uploadRequest(ctx, wav, 'session-small-disk-0001');
      expect(standard.statusCode).toBe(507);
      expect(standard.json()).toEqual({ success: false, error: STORAGE_FULL });

      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const resumable = await resumableUpload(base, wav, 'session-small-disk-0001');
      expect(resumable.status).toBe(507);
      expect(resumable.text).toBe(STORAGE_FULL);
      expect(
        await ctx.database.db.select().from(uploads).where(eq(uploads.sessionId, 'session-small-disk-0001')),
      ).toEqual([]);

      const files = path.join(small.dir, 'files');
      await vi.waitFor(async () => expect(await filesUnder(files)).toEqual([]), 10_000);
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      const [status] = await ctx.database.db
        .select()
        .from(providerStatus)
        .where(eq(providerStatus.provider, 'storage'));
      expect(status?.message).toMatch(/^no space left in storage \(ENOSPC: no space left on device/);
    } finally {
      await ctx.app.close();
    }
  });

  it("PGlite's files on a full disk: 53100, the transaction rolled back, writes again once freed", async (context) => {
    if ('skipped' in forDatabase) return context.skip(forDatabase.skipped);
    const testDatabase = inject('testDatabase');
    if (testDatabase.kind !== 'pglite') return context.skip('PGlite on disk: the tests run on PostgreSQL');
    const disk = forDatabase.dir;
    const handle = await openDatabase({
      pgliteDir: path.join(disk, 'pglite'),
      pgliteSnapshot: new Blob([await fs.readFile(testDatabase.snapshotPath)]),
    });
    const filler = path.join(disk, 'filler');
    try {
      const { db } = handle;
      await db.execute(sql`create table takes (id serial primary key, body text)`);
      await expectRolledBackOnFullDisk(db, disk, 'takes');
      await fs.rm(filler);
      await db.execute(sql`insert into takes (body) values ('after')`);
      expect(await countRows(db, 'takes')).toBe(1);
    } finally {
      await handle.close();
      await fs.rm(filler, { force: true });
    }
  });

  it('PostgreSQL with a table on a full disk: 53100, the transaction rolled back', async (context) => {
    if ('skipped' in forDatabase) return context.skip(forDatabase.skipped);
    if (inject('testDatabase').kind !== 'postgres') return context.skip('the tests run on PGlite');
    const { db } = database;
    const [setting] = await rowsOf<{ dir: string }>(db, sql`select current_setting('data_directory') as dir`);
    // The server's own account must own the tablespace's folder: only a server on this machine.
    const owner = await fs.stat(setting?.dir ?? '').catch(() => undefined);
    if (!owner) return context.skip('the PostgreSQL server runs on another machine');
    const location = path.join(forDatabase.dir, 'tablespace');
    await fs.mkdir(location);
    await fs.chown(location, owner.uid, owner.gid);
    const tablespace = `imprint_test_full_${process.pid}`;
    const filler = path.join(forDatabase.dir, 'filler');
    await db.execute(sql.raw(`create tablespace ${tablespace} location '${location}'`));
    try {
      await db.execute(
        sql.raw(`create table full_takes (id serial primary key, body text) tablespace ${tablespace}`),
      );
      await expectRolledBackOnFullDisk(db, forDatabase.dir, 'full_takes');
    } finally {
      await db.execute(sql`drop table if exists full_takes`);
      await db.execute(sql.raw(`drop tablespace if exists ${tablespace}`));
      await fs.rm(filler, { force: true });
    }
  });
});
