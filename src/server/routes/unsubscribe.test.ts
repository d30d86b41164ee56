import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_PREFERENCE_MESSAGES, mailPreferencesResponseSchema } from '../../domain';
import { mailPreferences, outboxMessages, submissions, users } from '../db/schema';
import { queueMail } from '../services/mail/queue-mail';
import { issueUnsubscribeToken } from '../services/mail/unsubscribe-token';
import { sendDeadlineReminders } from '../services/release-planning/send-deadline-reminders';
import { composeScheduleToSignMail } from '../services/release-schedules/schedule-mail';
import { setSetting } from '../services/settings/app-settings';
import { addStaff } from '../services/staff/manage-staff';
import {
  composeNewSubmissionNotice,
  composeStatusChangeMail,
} from '../services/submissions/submission-mails';
import { insertPlannedSubmission, insertTestArtist } from '../test/planned-submissions';
import { signIn } from '../test/sign-in';
import { createTestContext, type TestContext } from '../test/test-context';

/**
 * One-click unsubscribe of reminders and notices (RFC 8058) through the real app: the mail job
 * adds the headers and the link, the link's POST turns the kind off, the job then skips that
 * kind for that address, and the profile's switch turns it on again. A release on 2031-04-10 has
 * its delivery deadline on 2031-03-13 and its pitch deadline on 2031-04-03; with reminders 3 days
 * before, they are due on 2031-03-10 and 2031-03-31.
 */

const ARTIST = 'maya@example.com';
const REVIEWER = 'rita@label.example';
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
let webRoot: string;
let reviewerId: string;
let artistId: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  // A stand-in for the built web app, so the link's GET is served the page as in production.
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-unsubscribe-web-'));
  await fs.writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><!--imprint-head--></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({ webRoot });
  await addStaff(db(), REVIEWER, 'Rita Reviewer');
  const [reviewer] = await db().select({ id: users.id }).from(users).where(eq(users.email, REVIEWER));
  reviewerId = reviewer?.id ?? '';
  artistId = await insertTestArtist(db(), ARTIST);
  await setSetting(db(), 'deliveryLeadDays', 28);
  await setSetting(db(), 'pitchLeadDays', 7);
  await setSetting(db(), 'reminderDaysBefore', 3);
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});
beforeEach(async () => {
  await db().delete(submissions);
  await db().delete(mailPreferences);
  await db().delete(outboxMessages);
});

async function sendAll() {
  while (await ctx.app.jobs.runOnce()) {}
}

/** The newest mail the outbox holds to `to` whose subject matches, with its .eml as sent. */
async function sentMail(to: string, subject: RegExp) {
  const rows = await db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt));
  const row = rows.find((mail) => subject.test(mail.subject));
  if (!row) return undefined;
  const eml = await fs.readFile(row.emlPath ?? '', 'utf8');
  // Header fields unfolded (RFC 5322 §2.2.3), the body as it is.
  const headers = (eml.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  return { row, eml, headers };
}

function unsubscribeLinkOf(headers: string): string {
  const link = headers.match(/^List-Unsubscribe: <(https?:\/\/[^>]+)>$/im)?.[1];
  if (!link) throw new Error(`no List-Unsubscribe in\n${headers}`);
  return link;
}

async function plannedRelease() {
  return insertPlannedSubmission(db(), {
    artistId,
    email: ARTIST,
    releaseTitle: 'Tidewater',
    releaseDate: '2031-04-10',
    assignedUserId: reviewerId,
  });
}

const remind = (iso: string) => sendDeadlineReminders({ db: db(), config: ctx.config }, at(iso));

const oneClick = (url: string, payload = 'List-Unsubscribe=One-Click') =>
  ctx.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    // What a mail receiver sends (RFC 8058 §3.2): no cookie, no Origin.
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

async function preferenceRow(email: string, kind: 'reminders' | 'notices') {
  const [row] = await db()
    .select()
    .from(mailPreferences)
    .where(and(eq(mailPreferences.email, email), eq(mailPreferences.kind, kind)));
  return row;
}

describe('List-Unsubscribe on reminders and notices', () => {
  it('gives a reminder the RFC 8058 headers and a line with the link; a sign-in mail gets neither', async () => {
    await plannedRelease();
    expect(await remind('2031-03-10T07:00:00Z')).toEqual({ queued: 2 });
    await sendAll();

    const reminder = await sentMail(ARTIST, /^Reminder: delivery deadline/);
    if (!reminder) throw new Error('no reminder sent');
    const link = unsubscribeLinkOf(reminder.headers);
    expect(link.startsWith(`${ctx.config.publicUrl}/unsubscribe/u1.`)).toBe(true);
    expect(reminder.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(reminder.row.text).toContain(`Turn these mails off: ${link}`);
    expect(reminder.row.html).toContain(`<a href="${link}">`);
    // The reviewer's reminder carries a link of their own address.
    const reviewers = await sentMail(REVIEWER, /^Deadline is in 3 days/);
    expect(unsubscribeLinkOf(reviewers?.headers ?? '')).not.toBe(link);

    await signIn(ctx.app, db(), 'someone@example.com');
    const signInMail = await sentMail('someone@example.com', /sign-in link/);
    expect(signInMail?.headers).toBeDefined();
    expect(signInMail?.headers).not.toMatch(/^List-Unsubscribe/im);
    expect(signInMail?.row.text).not.toContain('Turn these mails off');
  });

  it('gives staff notices the link too, and never legal or transactional mail', async () => {
    const form = {
      uploadType: 'new-music' as const,
      releaseTitle: 'Tidewater',
      releaseType: 'single' as const,
      releaseStrategy: 'together' as const,
      releaseDate: '2031-04-10',
      fullReleaseDate: '',
      primaryGenre: 'Pop',
      subGenre: '',
      catalogueItems: [],
      tracks: [{ title: 'Tidewater' }],
      email: ARTIST,
    };
    await queueMail(
      db(),
      composeNewSubmissionNotice(ctx.config, REVIEWER, '00000000-0000-4000-8000-000000000001', 'Maya', form),
    );
    await queueMail(
      db(),
      composeScheduleToSignMail(ctx.config, ARTIST, {
        artistName: 'Maya',
        releaseTitle: 'Tidewater',
        version: 1,
        submissionId: '00000000-0000-4000-8000-000000000001',
      }),
    );
    await queueMail(
      db(),
      composeStatusChangeMail(ctx.config, ARTIST, {
        artistName: 'Maya',
        releaseTitle: 'Tidewater',
        status: 'approved',
      }),
    );
    await sendAll();
    expect((await sentMail(REVIEWER, /^New submission/))?.headers).toMatch(/^List-Unsubscribe-Post: /im);
    expect((await sentMail(ARTIST, /^Sign the release schedule/))?.headers).not.toMatch(
      /^List-Unsubscribe/im,
    );
    expect((await sentMail(ARTIST, /^Your submission/))?.headers).not.toMatch(/^List-Unsubscribe/im);
  });
});

describe('the unsubscribe link', () => {
  async function reminderLink() {
    await plannedRelease();
    await remind('2031-03-10T07:00:00Z');
    await sendAll();
    return unsubscribeLinkOf((await sentMail(ARTIST, /^Reminder: delivery deadline/))?.headers ?? '');
  }

  it('opened (GET) shows the page and changes nothing; the page reads what it stands for', async () => {
    const link = await reminderLink();
    const token = new URL(link).pathname.split('/').at(-1) ?? '';
    const page = await ctx.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, kind: 'reminders', email: ARTIST, enabled: true });
    expect(await preferenceRow(ARTIST, 'reminders')).toBeUndefined();
  });

  it('POSTed with List-Unsubscribe=One-Click turns reminders off: the next one is not sent, other mail still is', async () => {
    const link = await reminderLink();
    const response = await oneClick(link);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: true, kind: 'reminders', email: ARTIST, enabled: false });
    const first = await preferenceRow(ARTIST, 'reminders');
    expect(first).toMatchObject({ changedVia: 'one_click', turnedOffAt: expect.any(Date) });
    // A receiver that POSTs again changes nothing: off since the first time.
    expect((await oneClick(link)).statusCode).toBe(200);
    expect((await preferenceRow(ARTIST, 'reminders'))?.turnedOffAt).toEqual(first?.turnedOffAt);

    // The pitch deadline's reminders: queued for both, sent only to the reviewer.
    expect(await remind('2031-03-31T07:00:00Z')).toEqual({ queued: 2 });
    await sendAll();
    expect(await sentMail(ARTIST, /^Reminder: editorial pitch deadline/)).toBeUndefined();
    expect(await sentMail(REVIEWER, /^Deadline is in 3 days: Editorial pitch deadline/)).toBeDefined();
    // A decision on the artist's own submission is not a reminder: it goes.
    await queueMail(
      db(),
      composeStatusChangeMail(ctx.config, ARTIST, {
        artistName: 'Maya',
        releaseTitle: 'Tidewater',
        status: 'approved',
      }),
    );
    await sendAll();
    expect(await sentMail(ARTIST, /^Your submission/)).toBeDefined();
  });

  it('works for a long address, whose token is longer than a route parameter may be', async () => {
    const email = `${'a'.repeat(64)}@${'mail.'.repeat(20)}label.example`;
    const token = issueUnsubscribeToken(ctx.app.signingKey, { email, kind: 'notices' });
    expect(token.length).toBeGreaterThan(200);
    const response = await oneClick(`${ctx.config.publicUrl}/unsubscribe/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, kind: 'notices', email, enabled: false });
  });

  it('takes the same field as JSON from the unsubscribe page', async () => {
    const link = await reminderLink();
    const response = await ctx.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { origin: ctx.config.publicUrl },
      payload: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(response.statusCode).toBe(200);
    expect((await preferenceRow(ARTIST, 'reminders'))?.turnedOffAt).toBeInstanceOf(Date);
  });

  it('refuses a forged, altered or foreign token, and a POST without the one-click body, in words', async () => {
    const link = await reminderLink();
    const pathname = new URL(link).pathname;
    const token = pathname.split('/').at(-1) ?? '';
    const [version, payload, mac] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify(['reminders', 'someone-else@example.com'])).toString(
      'base64url',
    );
    const legal = Buffer.from(JSON.stringify(['legal', ARTIST])).toString('base64url');
    const legalMac = createHmac('sha256', ctx.app.signingKey)
      .update(`unsubscribe\nu1\n${legal}`)
      .digest('base64url');
    const refused = [
      'nonsense',
      `${version}.${otherPayload}.${mac}`,
      `${version}.${payload}.${mac?.slice(0, -2)}AA`,
      `u2.${payload}.${mac}`,
      issueUnsubscribeToken(Buffer.alloc(32, 7), { email: ARTIST, kind: 'reminders' }),
      `u1.${legal}.${legalMac}`,
    ];
    for (const forged of refused) {
      const response = await oneClick(`${ctx.config.publicUrl}/unsubscribe/${forged}`);
      expect(response.statusCode, forged).toBe(400);
      expect(response.json(), forged).toEqual({
        success: false,
        error: MAIL_PREFERENCE_MESSAGES.invalidLink,
      });
      const read = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${forged}` });
      expect(read.statusCode, forged).toBe(400);
      expect(read.json().error, forged).toBe(MAIL_PREFERENCE_MESSAGES.invalidLink);
    }
    for (const body of ['', 'List-Unsubscribe=Yes', 'a=1&b=%']) {
      const response = await oneClick(link, body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error, body).toBe(MAIL_PREFERENCE_MESSAGES.notOneClick);
    }
    expect(await preferenceRow(ARTIST, 'reminders')).toBeUndefined();
    expect(await preferenceRow('someone-else@example.com', 'reminders')).toBeUndefined();
  });
});

describe('mail settings of the signed-in reader', () => {
  it('show the artist their reminders, off after the link, and turn them on again: the next reminder goes', async () => {
    const artist = await signIn(ctx.app, db(), ARTIST);
    const link = await (async () => {
      await plannedRelease();
      await remind('2031-03-10T07:00:00Z');
      await sendAll();
      return unsubscribeLinkOf((await sentMail(ARTIST, /^Reminder: delivery deadline/))?.headers ?? '');
    })();
    await oneClick(link);

    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/mail-preferences',
      headers: { cookie: artist.cookie },
    });
    expect(read.statusCode).toBe(200);
    const before = mailPreferencesResponseSchema.parse(read.json());
    expect(before).toEqual({
      success: true,
      email: ARTIST,
      preferences: [{ kind: 'reminders', enabled: false, turnedOffAt: expect.any(String) }],
    });

    // Artists get no staff notices: not theirs to switch.
    const notices = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/mail-preferences',
      headers: artist.headers,
      payload: { kind: 'notices', enabled: false },
    });
    expect(notices.statusCode).toBe(400);
    expect(notices.json().error).toBe(MAIL_PREFERENCE_MESSAGES.notYours);

    const on = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/mail-preferences',
      headers: artist.headers,
      payload: { kind: 'reminders', enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().preferences).toEqual([{ kind: 'reminders', enabled: true, turnedOffAt: null }]);
    expect(await preferenceRow(ARTIST, 'reminders')).toMatchObject({
      turnedOffAt: null,
      changedVia: 'profile',
    });

    await remind('2031-03-31T07:00:00Z');
    await sendAll();
    expect(await sentMail(ARTIST, /^Reminder: editorial pitch deadline/)).toBeDefined();
  });

  it('show staff their reminders and notices, and switch notices off from the profile', async () => {
    const staff = await signIn(ctx.app, db(), REVIEWER);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/mail-preferences',
      headers: staff.headers,
      payload: { kind: 'notices', enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      success: true,
      email: REVIEWER,
      preferences: [
        { kind: 'reminders', enabled: true, turnedOffAt: null },
        { kind: 'notices', enabled: false, turnedOffAt: expect.any(String) },
      ],
    });
    expect(await preferenceRow(REVIEWER, 'notices')).toMatchObject({ changedVia: 'profile' });
  });

  it('are for the signed-in only, and take a known kind and a yes or no', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/me/mail-preferences' });
    expect(visitor.statusCode).toBe(401);
    const artist = await signIn(ctx.app, db(), ARTIST);
    for (const [payload, message] of [
      [{ kind: 'legal', enabled: false }, MAIL_PREFERENCE_MESSAGES.unknownKind],
      [{ kind: 'reminders', enabled: 'no' }, MAIL_PREFERENCE_MESSAGES.enabledRequired],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/mail-preferences',
        headers: artist.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });
});
