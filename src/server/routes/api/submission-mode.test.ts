import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUBMISSIONS_PAUSED } from '../../../domain';
import { submissions, uploads, waitingListEntries } from '../../db/schema';
import { type SignedIn, signInStaff } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * The submission mode is the server's rule, not only the form's. While staff have
 * switched full submissions off (waiting-list mode), a full public submission is refused.
 */
let ctx: TestContext;
let staff: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'curator@label.example');
});
afterAll(async () => ctx.close());

async function setMode(submissionsEnabled: boolean) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/config/set',
    headers: staff.headers,
    payload: { submissionsEnabled },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function submissionCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(submissions);
  return row?.n ?? 0;
}

beforeEach(async () => setMode(true));

describe('create-item in waiting-list mode', () => {
  it('refuses a full public submission with 403 and the waiting-list wording, and claims nothing', async () => {
    const prepared = await prepareTestSubmission(ctx.app);
    await setMode(false);
    const before = await submissionCount();
    const response = await postSubmission(ctx.app, prepared.payload);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ success: false, error: SUBMISSIONS_PAUSED });
    expect(await submissionCount()).toBe(before);
    const [file] = await ctx.database.db
      .select({ claimedAt: uploads.claimedAt })
      .from(uploads)
      .where(eq(uploads.id, prepared.files[0]?.fileId ?? ''));
    expect(file?.claimedAt).toBeNull();

    // Once submissions are open again the same submission goes through.
    await setMode(true);
    const again = await postSubmission(ctx.app, prepared.payload);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('answers a submission stored before the switch with its id (a retry is not a new submission)', async () => {
    const prepared = await prepareTestSubmission(ctx.app);
    const first = await postSubmission(ctx.app, prepared.payload);
    expect(first.statusCode, first.body).toBe(200);
    await setMode(false);
    const retry = await postSubmission(ctx.app, prepared.payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.itemId).toBe(first.json().data.itemId);
  });

  it('still takes an invited artist’s submission: staff asked for it', async () => {
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/artist-invitations/create',
      headers: staff.headers,
      payload: { artistName: 'Maya Rivers', firstName: 'Maya', surname: 'Rivers', email: 'maya@example.com' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = (invited.json() as { invitationUrl: string }).invitationUrl.split('/i/')[1] ?? '';
    const prepared = await prepareTestSubmission(ctx.app);
    prepared.payload.formData.invitationToken = token;
    await setMode(false);
    const response = await postSubmission(ctx.app, prepared.payload);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('does not let an unknown invitation token past the switch', async () => {
    const prepared = await prepareTestSubmission(ctx.app);
    prepared.payload.formData.invitationToken = 'A'.repeat(43);
    await setMode(false);
    const before = await submissionCount();
    const response = await postSubmission(ctx.app, prepared.payload);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await submissionCount()).toBe(before);
  });
});

describe('the waiting list in either mode', () => {
  const entry = {
    firstName: 'Ada',
    surname: 'Lane',
    artistName: 'Nova Lane',
    email: 'ada.lane@example.com',
    country: 'Ireland',
    city: 'Cork',
    listenLink: 'https://soundcloud.com/novalane/tide',
  };

  it.each([
    ['off (waiting-list mode)', false],
    ['on', true],
  ])('accepts an entry while full submissions are %s', async (_label, enabled) => {
    await setMode(enabled);
    const email = `ada.${enabled ? 'on' : 'off'}@example.com`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      headers: { origin: ctx.config.publicUrl },
      remoteAddress: enabled ? '198.51.100.201' : '198.51.100.202',
      payload: { artistData: { ...entry, email } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.email, email));
    expect(rows).toHaveLength(1);
  });
});
