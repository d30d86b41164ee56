import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SubmissionStatus, siteConfigResponseSchema } from '../../domain';
import { jobs, submissionEvents } from '../db/schema';
import {
  queueResponseRecord,
  RESPONSE_RECORD_JOB,
  refreshResponseRecordIfStale,
} from '../services/response-promise/response-record';
import { getSetting, setSetting } from '../services/settings/app-settings';
import { insertPlannedSubmission, insertTestArtist } from '../test/planned-submissions';
import { type SignedIn, signInStaff } from '../test/sign-in';
import { runDueJobs } from '../test/submission-fixtures';
import { createTestContext, type TestContext } from '../test/test-context';

/**
 * `review.response-record` (domain/review/response-record.ts): the figures `/submit` and the
 * dashboard show, from decisions seeded straight into the tables, on the worker's clock T.
 */

const DAY = 86_400_000;
/** Noon UTC tomorrow: jobs queued at the real time are due on it, and no day straddles a midnight. */
const T = new Date(`${new Date(Date.now() + DAY).toISOString().slice(0, 10)}T12:00:00.000Z`);
/** Unset while signing in: the sign-in mail is sent on the real clock. */
let clock: Date | undefined;
const daysBefore = (days: number) => new Date(T.getTime() - days * DAY);

let ctx: TestContext;
let staff: SignedIn;
let artistId: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { LABEL_TIME_ZONE: 'UTC' },
    jobWorker: { now: () => clock ?? new Date() },
  });
  artistId = await insertTestArtist(db(), 'record@example.com');
  staff = await signInStaff(ctx.app, db(), 'record.keeper@label.example');
  clock = T;
});
afterAll(async () => ctx.close());

/** A submission sent `sentDaysAgo` days before T, answered (left Pending) `tookDays` days later. */
async function decided(
  sentDaysAgo: number,
  tookDays: number | null,
  answer: { type?: 'status_changed' | 'changes_requested'; to?: SubmissionStatus } = {},
): Promise<string> {
  const to = answer.to ?? 'approved';
  const id = await insertPlannedSubmission(db(), {
    artistId,
    email: 'record@example.com',
    releaseDate: null,
    status: tookDays === null ? 'pending' : to,
    createdAt: daysBefore(sentDaysAgo),
  });
  if (tookDays !== null) {
    await db()
      .insert(submissionEvents)
      .values({
        submissionId: id,
        type: answer.type ?? 'status_changed',
        fromStatus: 'pending',
        toStatus: to,
        createdAt: daysBefore(sentDaysAgo - tookDays),
      });
  }
  return id;
}

async function runRecordJob() {
  await queueResponseRecord(db());
  await runDueJobs(ctx.app);
  return getSetting(db(), 'responsePromiseRecord');
}

async function siteConfig() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
  expect(response.statusCode, response.body).toBe(200);
  return siteConfigResponseSchema.parse(response.json());
}

describe('the response promise record', () => {
  it('has no figures with no decisions, and the promise alone in public', async () => {
    await decided(3, null);
    const record = await runRecordJob();
    expect(record).toMatchObject({
      computedAt: T.toISOString(),
      promiseDays: 10,
      windowDays: 90,
      decisions: 0,
      onTimePercent: null,
      medianDays: null,
    });
    expect((await siteConfig()).responsePromise).toEqual({ days: 10, record: null });
  });

  it('counts first answers on time and late, once there are 20 of them in 90 days', async () => {
    // 15 on time (3 days; one a change request, one a decline), 4 late (14 days).
    for (let n = 0; n < 13; n += 1) await decided(20 + n, 3);
    await decided(40, 3, { type: 'changes_requested', to: 'changes_requested' });
    await decided(41, 3, { to: 'rejected' });
    for (let n = 0; n < 4; n += 1) await decided(30 + n, 14, { to: 'rejected' });
    // Not decisions in the window: answered 100 days ago, still waiting past the promise.
    await decided(110, 10);
    await decided(25, null);
    expect(await runRecordJob()).toMatchObject({ decisions: 19, onTimePercent: null, medianDays: null });

    // A resubmitted one answered again: only its first answer (late) counts.
    const twice = await decided(50, 20);
    await db()
      .insert(submissionEvents)
      .values({
        submissionId: twice,
        type: 'status_changed',
        fromStatus: 'pending',
        toStatus: 'approved',
        createdAt: daysBefore(5),
      });
    const record = await runRecordJob();
    // 15 of 20 on time; days sorted: fifteen 3s, four 14s, one 20: the middle two are 3 and 3.
    expect(record).toMatchObject({ promiseDays: 10, decisions: 20, onTimePercent: 75, medianDays: 3 });
    expect((await siteConfig()).responsePromise).toEqual({
      days: 10,
      record: { windowDays: 90, decisions: 20, onTimePercent: 75, medianDays: 3 },
    });
  });

  it('is judged again when staff change the promise', async () => {
    await db().delete(jobs);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/response-promise',
      headers: { cookie: staff.cookie, origin: ctx.config.publicUrl },
      payload: { promiseDays: 14 },
    });
    expect(response.statusCode, response.body).toBe(200);
    // Until the job has run, the old figures (judged against 10 days) are not shown.
    expect((await siteConfig()).responsePromise).toEqual({ days: 14, record: null });
    const queued = await db().select().from(jobs).where(eq(jobs.type, RESPONSE_RECORD_JOB));
    expect(queued.map((job) => job.payload)).toEqual([{ refresh: true }]);
    await runDueJobs(ctx.app);
    expect((await siteConfig()).responsePromise).toEqual({
      days: 14,
      record: { windowDays: 90, decisions: 20, onTimePercent: 95, medianDays: 3 },
    });
    // A one-off run ends: it does not stay scheduled beside the daily one.
    const left = await db().select().from(jobs).where(eq(jobs.type, RESPONSE_RECORD_JOB));
    expect(left.map((job) => job.status)).toEqual(['done']);
  });

  it('is computed again at start when stale', async () => {
    await db().delete(jobs);
    expect(await refreshResponseRecordIfStale(db(), T)).toBe(false);
    expect(await refreshResponseRecordIfStale(db(), new Date(T.getTime() + 2 * DAY))).toBe(true);
    await setSetting(db(), 'responsePromiseRecord', null);
    expect(await refreshResponseRecordIfStale(db(), T)).toBe(true);
    // Queued once, however often asked.
    expect(await db().select().from(jobs).where(eq(jobs.type, RESPONSE_RECORD_JOB))).toHaveLength(1);
  });
});
