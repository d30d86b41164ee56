import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deadlineReminders,
  jobs,
  outboxMessages,
  submissionEvents,
  submissions,
  submissionTracks,
  users,
} from '../db/schema';
import { sendDeadlineReminders } from '../services/release-planning/send-deadline-reminders';
import { setSetting } from '../services/settings/app-settings';
import { addStaff } from '../services/staff/manage-staff';
import { insertPlannedSubmission, insertTestArtist } from '../test/planned-submissions';
import { createTestContext, type TestContext } from '../test/test-context';
import { enqueueJob } from './queue';
import { msUntilNextReminderRun, remindDeadlinesJob } from './remind-deadlines';

/**
 * The deadline reminder job with the worker's clock set: a release on 2031-04-10 has its
 * delivery deadline on 2031-03-13 and its pitch deadline on 2031-04-03 (28 and 7 days before);
 * with the default offset the reminders are due from 2031-03-10 and 2031-03-31.
 */

const REVIEWER = 'rita@label.example';
const RELEASE = '2031-04-10';
let clock = new Date('2031-03-10T07:00:00Z');
let ctx: TestContext;
let reviewerId: string;
let artistId: string;

const db = () => ctx.database.db;
const at = (iso: string) => new Date(iso);
const run = (now: Date) => sendDeadlineReminders({ db: db(), config: ctx.config }, now);

beforeAll(async () => {
  ctx = await createTestContext({ jobWorker: { now: () => clock } });
  await addStaff(db(), REVIEWER, 'Rita Reviewer');
  const [reviewer] = await db().select({ id: users.id }).from(users).where(eq(users.email, REVIEWER));
  reviewerId = reviewer?.id ?? '';
  artistId = await insertTestArtist(db(), 'maya@example.com');
});
afterAll(async () => ctx.close());

beforeEach(async () => {
  // Each test counts only its own submissions' reminders; the queue starts empty.
  await db().delete(submissions);
  await db().delete(jobs);
  await setSetting(db(), 'deliveryLeadDays', 28);
  await setSetting(db(), 'pitchLeadDays', 7);
  await setSetting(db(), 'reminderDaysBefore', 3);
});

/** The reminder mails queued for a submission: [recipient, subject], as the mail jobs hold them. */
async function queuedMails(submissionId: string) {
  const rows = await db()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.type, 'mail.send'), sql`${jobs.payload}->'audit'->>'submissionId' = ${submissionId}`));
  return rows
    .map(
      ({ payload }) => payload as { to: string; subject: string; text: string; audit: { purpose: string } },
    )
    .map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text, purpose: mail.audit.purpose }))
    .sort((a, b) => `${a.to}${a.subject}`.localeCompare(`${b.to}${b.subject}`));
}

async function recorded(submissionId: string) {
  const rows = await db()
    .select()
    .from(deadlineReminders)
    .where(eq(deadlineReminders.submissionId, submissionId));
  return rows.map((row) => [row.deadlineKey, row.deadlineDate, row.recipient, row.recipientRole]).sort();
}

describe('planner.remind-deadlines', () => {
  it('is daily, in the morning: it runs again at the next 07:00 UTC', () => {
    expect(msUntilNextReminderRun(at('2031-03-10T06:00:00Z'))).toBe(3600_000);
    expect(msUntilNextReminderRun(at('2031-03-10T07:00:00Z'))).toBe(24 * 3600_000);
    expect(msUntilNextReminderRun(at('2031-03-10T19:30:00Z'))).toBe(11.5 * 3600_000);
    expect(remindDeadlinesJob.recurring).toBe(true);
  });

  it('with the clock set, mails the artist and the assigned reviewer once per deadline, and never again on a rerun', async () => {
    const id = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseTitle: 'Tidewater',
      releaseDate: RELEASE,
      assignedUserId: reviewerId,
    });

    // The day before the window: nothing is due.
    clock = at('2031-03-09T07:00:00Z');
    await enqueueJob(db(), 'planner.remind-deadlines', {}, { uniqueKey: 'planner.remind-deadlines' });
    expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'rescheduled' });
    expect(await queuedMails(id)).toEqual([]);

    // Three days before the delivery deadline: the rescheduled run is due, and both get one mail.
    clock = at('2031-03-10T07:00:00Z');
    expect(await ctx.app.jobs.runOnce()).toMatchObject({
      job: { type: 'planner.remind-deadlines' },
      result: 'rescheduled',
    });
    const [row] = await db()
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.type, 'planner.remind-deadlines'));
    expect(row?.runAt.toISOString()).toBe('2031-03-11T07:00:00.000Z');
    const mails = await queuedMails(id);
    expect(mails.map(({ to, subject, purpose }) => ({ to, subject, purpose }))).toEqual([
      {
        to: 'maya@example.com',
        subject: 'Reminder: delivery deadline is in 3 days (Tidewater)',
        purpose: 'deadline_reminder',
      },
      {
        to: REVIEWER,
        subject: 'Deadline is in 3 days: Delivery deadline for Maya Rivers - Tidewater',
        purpose: 'deadline_reminder',
      },
    ]);
    expect(mails[0]?.text).toContain('on March 13, 2031');
    expect(mails[0]?.text).toContain(`${ctx.config.publicUrl}/submission/${id}`);
    expect(mails[1]?.text).toContain(`${ctx.config.publicUrl}/details/${id}`);
    expect(await recorded(id)).toEqual([
      ['release:delivery', '2031-03-13', 'maya@example.com', 'artist'],
      ['release:delivery', '2031-03-13', REVIEWER, 'reviewer'],
    ]);

    // A rerun the same day, a second process, and every day up to the deadline: nothing more.
    for (const day of [
      '2031-03-10T07:00:00Z',
      '2031-03-10T15:00:00Z',
      '2031-03-11T07:00:00Z',
      '2031-03-13T07:00:00Z',
    ]) {
      expect(await run(at(day))).toEqual({ queued: 0 });
    }
    // After the deadline, none; then the pitch deadline's window opens.
    expect(await run(at('2031-03-14T07:00:00Z'))).toEqual({ queued: 0 });
    expect(await run(at('2031-03-31T07:00:00Z'))).toEqual({ queued: 2 });
    expect(await run(at('2031-04-02T07:00:00Z'))).toEqual({ queued: 0 });
    expect((await queuedMails(id)).map((mail) => mail.subject)).toEqual([
      'Reminder: delivery deadline is in 3 days (Tidewater)',
      'Reminder: editorial pitch deadline is in 3 days (Tidewater)',
      'Deadline is in 3 days: Delivery deadline for Maya Rivers - Tidewater',
      'Deadline is in 3 days: Editorial pitch deadline for Maya Rivers - Tidewater',
    ]);
  });

  it('sends each reminder once when two processes run at the same moment', async () => {
    const id = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseDate: RELEASE,
      assignedUserId: reviewerId,
    });
    const now = at('2031-03-11T07:00:00Z');
    const results = await Promise.all([run(now), run(now), run(now)]);
    expect(results.reduce((sum, result) => sum + result.queued, 0)).toBeGreaterThanOrEqual(2);
    expect((await queuedMails(id)).map((mail) => mail.to)).toEqual(['maya@example.com', REVIEWER]);
    expect(await recorded(id)).toHaveLength(2);
  });

  it('catches up on a day missed, and sends nothing for a deadline already passed', async () => {
    const id = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseTitle: 'Catch Up',
      releaseDate: RELEASE,
    });
    // The job did not run from 03-10 to 03-12: the reminder goes on the 12th, the deadline's eve.
    expect(await run(at('2031-03-12T07:00:00Z'))).toEqual({ queued: 1 });
    expect((await queuedMails(id)).map((mail) => mail.subject)).toEqual([
      'Reminder: delivery deadline is tomorrow (Catch Up)',
    ]);
    const late = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseDate: RELEASE,
    });
    // Made after its delivery deadline: only the pitch reminder ever goes (and the first one's).
    expect(await run(at('2031-03-14T07:00:00Z'))).toEqual({ queued: 0 });
    expect(await run(at('2031-04-03T07:00:00Z'))).toEqual({ queued: 2 });
    expect(await recorded(late)).toEqual([['release:pitch', '2031-04-03', 'maya@example.com', 'artist']]);
  });

  it('mails nothing about a declined submission or a catalogue transfer, and only the artist when no reviewer is assigned', async () => {
    const declined = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseDate: RELEASE,
      status: 'rejected',
      assignedUserId: reviewerId,
    });
    const transfer = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseDate: RELEASE,
      uploadType: 'transfer',
    });
    const live = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseDate: RELEASE,
      status: 'approved',
    });
    await run(at('2031-03-10T07:00:00Z'));
    expect(await queuedMails(declined)).toEqual([]);
    expect(await queuedMails(transfer)).toEqual([]);
    expect((await queuedMails(live)).map((mail) => mail.to)).toEqual(['maya@example.com']);
  });

  it('reminds of each single of a singles-first plan on its own deadlines, not only of the full release', async () => {
    const id = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseTitle: 'Harbour',
      releaseDate: '2031-09-05',
      strategy: 'singles_first',
      tracks: [
        { title: 'Low Tide', single: '2031-04-10' },
        { title: 'High Water', single: '2031-06-12' },
        { title: 'Undertow' },
      ],
    });
    // Only the first single's delivery deadline is near; the full release is months away.
    await run(at('2031-03-10T07:00:00Z'));
    const [mail] = await queuedMails(id);
    expect(mail?.subject).toBe('Reminder: delivery deadline is in 3 days (Single 1: "Low Tide")');
    expect(await recorded(id)).toEqual([
      [`single-${await firstTrackId(id)}:delivery`, '2031-03-13', 'maya@example.com', 'artist'],
    ]);
  });

  it('follows the settings: a reminder on the day itself, and leads staff changed', async () => {
    await setSetting(db(), 'reminderDaysBefore', 0);
    await setSetting(db(), 'deliveryLeadDays', 42);
    const id = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseDate: RELEASE,
    });
    // 42 days before 2031-04-10 is 2031-02-27.
    expect(await run(at('2031-02-26T07:00:00Z'))).toEqual({ queued: 0 });
    expect(await run(at('2031-02-27T07:00:00Z'))).toEqual({ queued: 1 });
    expect((await queuedMails(id))[0]?.subject).toMatch(/^Reminder: delivery deadline is today/);
  });

  it('records each reminder on the audit trail, and the mail job sends it', async () => {
    const id = await insertPlannedSubmission(db(), {
      artistId,
      email: 'maya@example.com',
      releaseTitle: 'Audit Trail',
      releaseDate: RELEASE,
    });
    await run(at('2031-03-10T07:00:00Z'));
    while (await ctx.app.jobs.runOnce()) {}
    const events = await db()
      .select({ type: submissionEvents.type, data: submissionEvents.data })
      .from(submissionEvents)
      .where(
        and(
          eq(submissionEvents.submissionId, id),
          inArray(submissionEvents.type, ['mail_queued', 'mail_sent']),
        ),
      );
    expect(events.map((event) => event.type).sort()).toEqual(['mail_queued', 'mail_sent']);
    expect(events[0]?.data).toMatchObject({ to: 'maya@example.com', purpose: 'deadline_reminder' });
    const sent = await db()
      .select({ subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, 'Reminder: delivery deadline is in 3 days (Audit Trail)'));
    expect(sent).toHaveLength(1);
  });
});

async function firstTrackId(submissionId: string): Promise<string> {
  const [track] = await db()
    .select({ id: submissionTracks.id })
    .from(submissionTracks)
    .where(and(eq(submissionTracks.submissionId, submissionId), eq(submissionTracks.position, 0)));
  return track?.id ?? '';
}
