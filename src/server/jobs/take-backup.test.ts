import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports } from '../db/schema';
import { backUpIntoDirectory, listArchives, readBackupStatus } from '../services/backup/backup-directory';
import { type SignedIn, signInStaff } from '../test/sign-in';
import { createTestContext, type TestContext } from '../test/test-context';
import type { JobContext } from './define-job';
import { msUntilNextBackup, takeBackupJob } from './take-backup';

/**
 * The daily backup job into BACKUP_DIR: an archive, the newest BACKUP_KEEP kept, the outcome in the
 * folder's status file and on the analytics page; a failure becomes an error event for staff.
 */

let ctx: TestContext;
let backupDir: string;
let staff: SignedIn;

function run(context: TestContext) {
  const jobContext = {
    job: {} as JobContext['job'],
    now: new Date('2026-03-01T10:00:00Z'),
    db: context.database.db,
    providers: context.app.providers,
    config: context.config,
    log: context.app.log,
    signal: new AbortController().signal,
  } satisfies JobContext;
  return takeBackupJob.handle({}, jobContext);
}

beforeAll(async () => {
  backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-backups-'));
  ctx = await createTestContext({ env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '2' } });
  staff = await signInStaff(ctx.app, ctx.database.db, 'avery@label.example');
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(backupDir, { recursive: true, force: true });
});

describe('the backup job', () => {
  it('runs each night at 02:00 UTC', () => {
    expect(msUntilNextBackup(new Date('2026-03-01T10:00:00Z'))).toBe(16 * 3600_000);
    expect(msUntilNextBackup(new Date('2026-03-01T01:59:00Z'))).toBe(60_000);
  });

  it('writes an archive into BACKUP_DIR, keeps the newest BACKUP_KEEP, and records the outcome', async () => {
    const sources = { db: ctx.database.db, storage: ctx.app.providers.storage, dataDir: ctx.dataDir };
    for (const day of ['2020-02-26', '2020-02-27'])
      await backUpIntoDirectory(sources, { dir: backupDir, keep: 2, now: new Date(`${day}T02:00:00Z`) });
    expect(await run(ctx)).toEqual({ rescheduleAfterMs: 16 * 3600_000 });
    const archives = await listArchives(backupDir);
    expect(archives).toHaveLength(2);
    expect(archives[0]?.name).toBe('imprint-backup-20200227T020000Z.zip');
    const status = await readBackupStatus(backupDir);
    expect(status).toMatchObject({
      result: 'succeeded',
      fileName: archives[1]?.name,
      bytes: archives[1]?.bytes,
    });

    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/analytics/backups',
      headers: staff.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      enabled: true,
      keep: 2,
      archives: 2,
      last: { result: 'succeeded', fileName: archives[1]?.name },
    });
  });

  it('reports a failure to staff as an error event, and runs again the next night', async () => {
    const blocked = path.join(backupDir, 'not-a-folder');
    await fs.writeFile(blocked, 'a file where the folder should be');
    const failing = { ...ctx, config: { ...ctx.config, backup: { dir: blocked, keep: 2 } } };
    expect(await run(failing)).toEqual({ rescheduleAfterMs: 16 * 3600_000 });
    const [event] = await ctx.database.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.stage, 'maintenance.backup'));
    expect(event).toMatchObject({ source: 'job', category: 'job', severity: 'HIGH' });
    expect(event?.message).toContain(`Backup into ${blocked} failed`);
  });

  it('does nothing without BACKUP_DIR, and the analytics page says backups are off', async () => {
    const off = { ...ctx, config: { ...ctx.config, backup: { dir: undefined, keep: 7 } } };
    const before = await listArchives(backupDir);
    await run(off);
    expect(await listArchives(backupDir)).toEqual(before);
    const plain = await createTestContext({ database: ctx.database });
    try {
      const answer = await plain.app.inject({
        method: 'GET',
        url: '/api/analytics/backups',
        headers: staff.headers,
      });
      expect(answer.json()).toMatchObject({ enabled: false, last: null });
    } finally {
      await plain.close();
    }
  });
});
