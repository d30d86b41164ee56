import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorReports, jobs } from '../db/schema';
import { queueBoardSync } from '../services/board-sync/queue-board-sync';
import { DELIVERY_MAX_ATTEMPTS } from '../services/delivery/send-delivery';
import { queueMail } from '../services/mail/queue-mail';
import { createTestContext, createTestDatabase, type TestDatabase } from '../test/test-context';
import { allJobs, scheduleRecurringJobs } from './index';
import { jobPayloads } from './job-names';
import { enqueueJob } from './queue';
import { sendDeliveryJob } from './send-delivery';
import { sendMailJob } from './send-mail';
import { syncBoardInvitationJob } from './sync-board-invitation';
import { syncBoardSubmissionJob } from './sync-board-submission';

describe('allJobs', () => {
  it('names every job once, as <area>.<what>', () => {
    const names = allJobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+\.[a-z-]+$/);
  });

  it('keeps the names stored in existing databases', () => {
    expect(allJobs.map((job) => job.name).sort()).toEqual([
      'board.sync-invitation',
      'board.sync-submission',
      'contracts.prepare-schedule',
      'contracts.seal',
      'delivery.make-cover',
      'delivery.read-acknowledgement',
      'delivery.send',
      'mail.send',
      'maintenance.analytics-retention',
      'maintenance.backup',
      'maintenance.clean-up',
      'maintenance.vacuum-embedded-database',
      'media.audio-peaks',
      'media.measure-loudness',
      'media.social-clips',
      'monitoring.check-providers',
      'planner.remind-deadlines',
      'privacy.delete-erased-files',
      'review.decline-overdue',
      'review.response-record',
      'uploads.image-variants',
      'uploads.remove-abandoned',
    ]);
  });

  it('defines one job for each name in job-names.ts, with the payload given there', () => {
    expect(allJobs.map((job) => job.name).sort()).toEqual(Object.keys(jobPayloads).sort());
    for (const job of allJobs) expect(job.payload, job.name).toBe(jobPayloads[job.name]);
  });

  it('has recurring jobs that take an empty payload', () => {
    for (const job of allJobs.filter((job) => job.recurring)) {
      expect(job.payload.safeParse({}).success, job.name).toBe(true);
    }
  });
});

describe('with a database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  it('schedules every recurring job once, keyed by its name, however often it is called', async () => {
    await scheduleRecurringJobs(database.db);
    await scheduleRecurringJobs(database.db);
    const rows = await database.db.select().from(jobs);
    const recurring = allJobs.filter((job) => job.recurring).map((job) => job.name);
    expect(recurring.sort()).toEqual([
      'maintenance.analytics-retention',
      'maintenance.backup',
      'maintenance.clean-up',
      'maintenance.vacuum-embedded-database',
      'monitoring.check-providers',
      'planner.remind-deadlines',
      'review.decline-overdue',
      'review.response-record',
      'uploads.remove-abandoned',
    ]);
    expect(rows.map((row) => [row.type, row.uniqueKey, row.payload, row.status]).sort()).toEqual(
      recurring.map((name) => [name, name, {}, 'pending']).sort(),
    );
  });

  it('stores the attempts a definition declares when its service enqueues it', async () => {
    await queueMail(database.db, {
      kind: 'transactional',
      to: 'artist@example.com',
      subject: 'Hello',
      text: 'Hi',
    });
    const entityId = '00000000-0000-4000-8000-000000000001';
    await queueBoardSync(database.db, 'submission', entityId);
    await queueBoardSync(database.db, 'invitation', entityId);
    const withLimits = [sendMailJob, syncBoardSubmissionJob, syncBoardInvitationJob];
    // A new job with a limit of its own needs its enqueuer checked here too. A delivery is queued
    // only for a deliverable release: its row's limit is checked in deliveries.test.ts, its
    // constant here.
    expect(allJobs.filter((job) => job.maxAttempts !== undefined).map((job) => job.name)).toEqual([
      ...withLimits.map((job) => job.name),
      sendDeliveryJob.name,
    ]);
    expect(sendDeliveryJob.maxAttempts).toBe(DELIVERY_MAX_ATTEMPTS);
    for (const job of withLimits) {
      const [row] = await database.db.select().from(jobs).where(eq(jobs.type, job.name));
      expect(job.maxAttempts, job.name).toBeGreaterThan(5);
      expect(row?.maxAttempts, job.name).toBe(job.maxAttempts);
    }
  });
});

describe('the app’s worker', () => {
  it('records a job that failed for good as an error event', async () => {
    const ctx = await createTestContext();
    try {
      const db = ctx.database.db;
      // Malformed: fails for good at once.
      await enqueueJob(db, 'uploads.image-variants', { uploadId: 'not-a-uuid' });
      expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'failed' });
      const events = await db.select().from(errorReports);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ source: 'job', category: 'job', stage: 'uploads.image-variants' });
      expect(events[0]?.message).toBe(
        'Job uploads.image-variants failed after 1 attempt: PermanentJobError: Invalid uploads payload (uploads.image-variants): ✖ Invalid UUID\n  → at uploadId',
      );
    } finally {
      await ctx.close();
    }
  });
});
