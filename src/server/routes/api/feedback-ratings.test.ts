import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ArtistDecision,
  authMessages,
  DECISION_NOT_FOUND,
  FEEDBACK_COMMENT_TOO_LONG,
  FEEDBACK_RATING_CLOSED,
  FEEDBACK_RATING_OUT_OF_RANGE,
  type FeedbackRatings,
  formatFeedbackRatingInvitation,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import { decisionRatings, jobs, submissionEvents } from '../../db/schema';
import { ARTISTS_ONLY } from '../../policies/artists';
import { addStaff } from '../../services/staff/manage-staff';
import { type SignedIn, signIn } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';
import { TEST_NOW_HEADER } from '../../test-clock';

/**
 * Answers artists can rate (profile.ts, analytics.ts): the submission's owner rates a decision's
 * feedback 1–5 with a comment, once per decision (a second rating changes it), for 14 days after
 * it (the test clock moves the request's "now"); nobody else can; staff read the ratings per
 * reviewer and per template on the analytics dashboard.
 */

let ctx: TestContext;
let rita: SignedIn;
let sam: SignedIn;
let artistA: SignedIn;
let artistB: SignedIn;
const db = () => ctx.database.db;
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  ctx = await createTestContext({ env: { IMPRINT_TEST_HOOKS: '1' } });
  await addStaff(db(), 'rita@label.example', 'Rita Reviewer');
  await addStaff(db(), 'sam@label.example', 'Sam Second');
  [rita, sam, artistA, artistB] = await Promise.all([
    signIn(ctx.app, db(), 'rita@label.example'),
    signIn(ctx.app, db(), 'sam@label.example'),
    signIn(ctx.app, db(), 'artist.a@example.com'),
    signIn(ctx.app, db(), 'artist.b@example.com'),
  ]);
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';

function call(as: SignedIn | null, method: Method, url: string, payload?: unknown, now?: Date) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      origin: ctx.config.publicUrl,
      ...(as ? { cookie: as.cookie } : {}),
      ...(now ? { [TEST_NOW_HEADER]: now.toISOString() } : {}),
    },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const rateUrl = (itemId: string, decisionId: string) =>
  `/api/profile/submissions/${itemId}/decisions/${decisionId}/rating`;

async function submitAs(as: SignedIn): Promise<string> {
  const prepared = await prepareTestSubmission(ctx.app);
  const response = await postSubmission(ctx.app, prepared.payload, { cookie: as.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.itemId;
}

async function decide(by: SignedIn, itemId: string, status: 'approved' | 'rejected', templateId?: string) {
  const response = await call(by, 'POST', `/api/board/items/${itemId}/status`, {
    status,
    ...(templateId ? { templateId } : { message: 'Thanks for sending this in.' }),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function requestChanges(by: SignedIn, itemId: string) {
  const response = await call(by, 'POST', `/api/board/items/${itemId}/change-requests`, {
    fields: [{ field: 'artwork', note: 'Sharper, please.' }],
    message: 'The cover is blurry at full size.',
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function decisionsOf(as: SignedIn, itemId: string, now?: Date): Promise<ArtistDecision[]> {
  const response = await call(as, 'GET', `/api/profile/submissions/${itemId}`, undefined, now);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().submission.decisions;
}

/** The queued mails whose text holds `text` (the mail job's payload is the composed mail). */
async function mailsMentioning(text: string) {
  return db()
    .select({
      subject: sql<string>`${jobs.payload}->>'subject'`,
      text: sql<string>`${jobs.payload}->>'text'`,
    })
    .from(jobs)
    .where(and(eq(jobs.type, 'mail.send'), sql`${jobs.payload}->>'text' like ${`%${text}%`}`));
}

async function template(kind: 'approve' | 'decline', name: string): Promise<string> {
  const response = await call(rita, 'POST', '/api/decision-templates', {
    kind,
    name,
    body: `Hi {{artistName}}.`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().template.templateId;
}

describe('an artist rates a decision', () => {
  it('offers it in the mail and on the page, saves it, and a second rating changes the one row', async () => {
    const itemId = await submitAs(artistA);
    await requestChanges(rita, itemId);
    const [decision] = await decisionsOf(artistA, itemId);
    expect(decision).toMatchObject({
      kind: 'request_changes',
      status: 'changes_requested',
      message: 'The cover is blurry at full size.',
      points: [{ label: 'The artwork', note: 'Sharper, please.' }],
      changeable: true,
      feedbackRating: null,
    });
    if (!decision) throw new Error('no decision');
    expect(Date.parse(decision.changeableUntil) - Date.parse(decision.decidedAt)).toBe(14 * DAY_MS);

    const [mail] = await mailsMentioning(`#rate-${decision.decisionId}\n`);
    expect(mail?.subject).toBe('Changes requested: "First Light"');
    expect(mail?.text).toContain(
      formatFeedbackRatingInvitation(ctx.config.publicUrl, itemId, decision.decisionId),
    );
    expect(mail?.text).toContain(
      `How helpful was this answer? Rate it: ${ctx.config.publicUrl}/submission/${itemId}#rate-${decision.decisionId}`,
    );

    const first = await call(artistA, 'PUT', rateUrl(itemId, decision.decisionId), {
      rating: 4,
      comment: '  Clear and kind.  ',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().decision.feedbackRating).toMatchObject({ stars: 4, comment: 'Clear and kind.' });

    const second = await call(artistA, 'PUT', rateUrl(itemId, decision.decisionId), { rating: 2 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().decision.feedbackRating).toMatchObject({ stars: 2, comment: null });
    const rows = await db()
      .select()
      .from(decisionRatings)
      .where(eq(decisionRatings.decisionId, Number(decision.decisionId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 2, comment: null, submissionId: itemId });
    expect((await decisionsOf(artistA, itemId))[0]?.feedbackRating).toMatchObject({ stars: 2 });
  });

  it('offers the approval and the decline mails too', async () => {
    const approvedId = await submitAs(artistA);
    await decide(rita, approvedId, 'approved');
    const declinedId = await submitAs(artistA);
    await decide(rita, declinedId, 'rejected');
    for (const itemId of [approvedId, declinedId]) {
      const [decision] = await decisionsOf(artistA, itemId);
      if (!decision) throw new Error('no decision');
      const mails = await mailsMentioning(`#rate-${decision.decisionId}\n`);
      expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your submission/)]);
    }
  });
});

describe('who may rate', () => {
  it("is the submission's owner only: another artist 404, staff 403, a visitor 401; no other event is a decision", async () => {
    const itemId = await submitAs(artistA);
    await requestChanges(rita, itemId);
    const [decision] = await decisionsOf(artistA, itemId);
    if (!decision) throw new Error('no decision');
    const url = rateUrl(itemId, decision.decisionId);

    const other = await call(artistB, 'PUT', url, { rating: 1 });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe(SUBMISSION_NOT_FOUND);
    expect((await call(artistB, 'GET', `/api/profile/submissions/${itemId}`)).statusCode).toBe(404);
    const staff = await call(rita, 'PUT', url, { rating: 5 });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toBe(ARTISTS_ONLY);
    const visitor = await call(null, 'PUT', url, { rating: 5 });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(authMessages.notAuthenticated);

    // The submission's "created" event, another submission's decision, an unknown or malformed id.
    const [created] = await db()
      .select({ id: submissionEvents.id })
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemId), eq(submissionEvents.type, 'created')));
    const otherItem = await submitAs(artistA);
    for (const decisionId of [String(created?.id), '999999999', 'abc', '0', '1e3']) {
      const response = await call(artistA, 'PUT', rateUrl(itemId, decisionId), { rating: 3 });
      expect(response.statusCode, decisionId).toBe(404);
      expect(response.json().error).toBe(DECISION_NOT_FOUND);
    }
    const elsewhere = await call(artistA, 'PUT', rateUrl(otherItem, decision.decisionId), { rating: 3 });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe(DECISION_NOT_FOUND);
    const [nothing] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(decisionRatings)
      .where(eq(decisionRatings.submissionId, itemId));
    expect(nothing?.n).toBe(0);
  });

  it('refuses a rating out of 1–5 or a comment over 1,000 characters, in words', async () => {
    const itemId = await submitAs(artistA);
    await requestChanges(rita, itemId);
    const [decision] = await decisionsOf(artistA, itemId);
    if (!decision) throw new Error('no decision');
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: '4' },
      {},
      { comment: 'x' },
    ]) {
      const response = await call(artistA, 'PUT', rateUrl(itemId, decision.decisionId), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(FEEDBACK_RATING_OUT_OF_RANGE);
    }
    const long = await call(artistA, 'PUT', rateUrl(itemId, decision.decisionId), {
      rating: 3,
      comment: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(FEEDBACK_COMMENT_TOO_LONG);
    const fits = await call(artistA, 'PUT', rateUrl(itemId, decision.decisionId), {
      rating: 3,
      comment: 'x'.repeat(1000),
    });
    expect(fits.statusCode, fits.body).toBe(200);
  });
});

describe('the 14-day window', () => {
  it('lets the rating change until 14 days after the decision, then shows it read-only', async () => {
    const itemId = await submitAs(artistA);
    await requestChanges(rita, itemId);
    const [decision] = await decisionsOf(artistA, itemId);
    if (!decision) throw new Error('no decision');
    const decidedAt = Date.parse(decision.decidedAt);
    const url = rateUrl(itemId, decision.decisionId);

    const lastMinute = new Date(decidedAt + 14 * DAY_MS - 60_000);
    const inTime = await call(artistA, 'PUT', url, { rating: 5 }, lastMinute);
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json().decision.changeable).toBe(true);

    const late = new Date(decidedAt + 14 * DAY_MS + 60_000);
    const refused = await call(artistA, 'PUT', url, { rating: 1 }, late);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(FEEDBACK_RATING_CLOSED);
    expect(FEEDBACK_RATING_CLOSED).toBe('You can change your rating for 14 days after the decision.');
    const [seenLate] = await decisionsOf(artistA, itemId, late);
    expect(seenLate).toMatchObject({ changeable: false, feedbackRating: { stars: 5 } });
  });
});

describe('the analytics dashboard', () => {
  it('counts the window’s ratings per reviewer and per template, with their average and spread', async () => {
    await db().delete(decisionRatings);
    const welcome = await template('approve', 'Welcome aboard');
    const notNow = await template('decline', 'Not now');
    const rate = async (itemId: string, rating: number) => {
      const [decision] = await decisionsOf(artistA, itemId);
      if (!decision) throw new Error('no decision');
      const response = await call(artistA, 'PUT', rateUrl(itemId, decision.decisionId), { rating });
      expect(response.statusCode, response.body).toBe(200);
      return decision.decisionId;
    };
    const changes = await submitAs(artistA);
    await requestChanges(rita, changes);
    await rate(changes, 5);
    const approved = await submitAs(artistA);
    await decide(rita, approved, 'approved', welcome);
    await rate(approved, 4);
    const declined = await submitAs(artistA);
    await decide(sam, declined, 'rejected', notNow);
    await rate(declined, 1);
    // Rated two days ago: outside the last 24 hours.
    const old = await submitAs(artistA);
    await decide(sam, old, 'rejected', notNow);
    const oldDecision = await rate(old, 5);
    await db()
      .update(decisionRatings)
      .set({ updatedAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(decisionRatings.decisionId, Number(oldDecision)));

    const dashboard = async (hours: number): Promise<FeedbackRatings> => {
      const response = await call(rita, 'GET', `/api/analytics/dashboard?hours=${hours}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().feedbackRatings;
    };
    const day = await dashboard(24);
    expect(day.byReviewer).toEqual([
      {
        id: expect.any(String),
        name: 'Rita Reviewer',
        count: 2,
        average: 4.5,
        distribution: [0, 0, 0, 1, 1],
      },
      { id: expect.any(String), name: 'Sam Second', count: 1, average: 1, distribution: [1, 0, 0, 0, 0] },
    ]);
    expect(day.byTemplate).toEqual([
      { id: notNow, name: 'Not now', count: 1, average: 1, distribution: [1, 0, 0, 0, 0] },
      { id: welcome, name: 'Welcome aboard', count: 1, average: 4, distribution: [0, 0, 0, 1, 0] },
      { id: null, name: 'Without a template', count: 1, average: 5, distribution: [0, 0, 0, 0, 1] },
    ]);
    const week = await dashboard(168);
    expect(week.byReviewer.find((group) => group.name === 'Sam Second')).toMatchObject({
      count: 2,
      average: 3,
      distribution: [1, 0, 0, 0, 1],
    });
    // Artists see none of it.
    expect((await call(artistA, 'GET', '/api/analytics/dashboard?hours=24')).statusCode).toBe(403);
  });
});
