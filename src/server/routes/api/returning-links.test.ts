import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  formatReturningLinkOffer,
  formatReturningLinkReminder,
  RETURNING_ARTIST_MESSAGES,
  RETURNING_LINK_EXPIRY_MESSAGES,
  RETURNING_LINK_FAILURE_MESSAGES,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import { outboxMessages, returningLinks, submissionEvents, submissions } from '../../db/schema';
import { hashToken } from '../../services/auth/tokens';
import { ARTIST_NOT_FOUND } from '../../services/returning-links/list-returning-links';
import { RETURNING_LINK_NOT_FOUND } from '../../services/returning-links/revoke-returning-link';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'curator@label.example');
  artist = await signIn(ctx.app, ctx.database.db, 'someone@example.com');
});
afterAll(async () => ctx.close());

let nextAddress = 0;
function get(url: string) {
  nextAddress += 1;
  return ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: `10.2.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`,
  });
}

function staffCall(method: 'GET' | 'POST', url: string, payload?: unknown, as: SignedIn | null = staff) {
  return ctx.app.inject({
    method,
    url,
    headers: as ? as.headers : { origin: ctx.config.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function submit(options: { email?: string; returningToken?: string } = {}) {
  const prepared = await prepareTestSubmission(ctx.app);
  if (options.email) prepared.payload.formData.email = options.email;
  if (options.returningToken) prepared.payload.formData.returningToken = options.returningToken;
  return { prepared, response: await postSubmission(ctx.app, prepared.payload) };
}

async function submitted(options: { email?: string; returningToken?: string } = {}): Promise<string> {
  const { response } = await submit(options);
  if (response.statusCode !== 200)
    throw new Error(`create-item failed: ${response.statusCode} ${response.body}`);
  return response.json().data.itemId;
}

async function submissionRow(id: string) {
  const [row] = await ctx.database.db.select().from(submissions).where(eq(submissions.id, id));
  if (!row) throw new Error('no submission');
  return row;
}

async function issueLink(itemId: string) {
  const response = await staffCall('POST', `/api/board/items/${itemId}/returning-link`);
  if (response.statusCode !== 200) throw new Error(`link failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { linkId: string; url: string; expiresAt: string };
  return { ...body, token: body.url.split('/r/')[1] ?? '' };
}

async function runJobs() {
  while (await ctx.app.jobs.runOnce()) {}
}

function invalid(reason: keyof typeof RETURNING_LINK_FAILURE_MESSAGES) {
  return { success: false, isValid: false, error: RETURNING_LINK_FAILURE_MESSAGES[reason], reason };
}

describe('POST /api/board/items/:itemId/returning-link', () => {
  it('is for staff only and 404s unknown submissions', async () => {
    const itemId = await submitted({ email: 'guard@example.com' });
    for (const [as, status, error] of [
      [null, 401, authMessages.notAuthenticated],
      [artist, 403, authMessages.staffOnly],
    ] as const) {
      const response = await staffCall('POST', `/api/board/items/${itemId}/returning-link`, undefined, as);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, error });
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await staffCall('POST', `/api/board/items/${id}/returning-link`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, error: SUBMISSION_NOT_FOUND });
    }
    expect(await ctx.database.db.select().from(returningLinks)).toHaveLength(0);
  });

  it('issues a 365-day link for the artist that validates', async () => {
    const itemId = await submitted({ email: 'lark@example.com' });
    const before = Date.now();
    const link = await issueLink(itemId);
    expect(link.url).toMatch(new RegExp(`^${ctx.config.publicUrl}/r/[A-Za-z0-9_-]{43}$`));
    const [row] = await ctx.database.db
      .select()
      .from(returningLinks)
      .where(eq(returningLinks.id, link.linkId));
    const source = await submissionRow(itemId);
    expect(row).toMatchObject({
      tokenHash: hashToken(link.token),
      artistId: source.artistId,
      sourceSubmissionId: itemId,
      createdByUserId: staff.userId,
      usageCount: 0,
      lastUsedAt: null,
      revokedAt: null,
    });
    const days = ((row?.expiresAt.getTime() ?? 0) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365 - 0.01);
    expect(days).toBeLessThan(365.01);

    const validate = await get(`/api/returning-artist/validate/${link.token}`);
    expect(validate.statusCode).toBe(200);
    expect(validate.headers['cache-control']).toBe('no-store');
    expect(validate.json()).toEqual({
      success: true,
      isValid: true,
      artistName: 'Maya Rivers',
      artistEmail: 'lark@example.com',
      usageCount: 0,
      expiresAt: link.expiresAt,
      previousSubmissions: 1,
      lastUsedAt: null,
    });
    const details = await get(`/api/returning-artist/details/${link.token}`);
    expect(details.json()).toEqual({
      success: true,
      artistDetails: { firstName: 'Maya', surname: 'Rivers' },
      prefillData: {
        firstName: 'Maya',
        surname: 'Rivers',
        email: 'lark@example.com',
        artistName: 'Maya Rivers',
        country: 'United Kingdom',
        city: 'London',
        // The first submission said 'I don't have Instagram / TikTok': not asked again.
        noInstagram: true,
        noTikTok: true,
      },
    });
  });
});

describe('a returning artist submits through one link', () => {
  it('twice: usage counted, last use kept, both submissions on the link’s artist', async () => {
    const firstId = await submitted({ email: 'echo@example.com' });
    const link = await issueLink(firstId);
    const artistId = (await submissionRow(firstId)).artistId;

    // The link decides the artist, whatever e-mail the form carries.
    const secondId = await submitted({ email: 'echo.new@example.com', returningToken: link.token });
    const thirdId = await submitted({ returningToken: link.token });
    for (const id of [secondId, thirdId]) {
      const row = await submissionRow(id);
      expect(row.artistId).toBe(artistId);
      expect(row.returningLinkId).toBe(link.linkId);
      expect(JSON.stringify(row.formData)).not.toContain(link.token);
      const events = await ctx.database.db
        .select()
        .from(submissionEvents)
        .where(eq(submissionEvents.submissionId, id))
        .orderBy(asc(submissionEvents.id));
      // The mail the submission sent is on its trail too, checked elsewhere.
      expect(events.map((e) => e.type).filter((type) => type !== 'mail_queued')).toEqual([
        'created',
        'returning_link_used',
      ]);
    }
    const [row] = await ctx.database.db
      .select()
      .from(returningLinks)
      .where(eq(returningLinks.id, link.linkId));
    expect(row?.usageCount).toBe(2);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);

    const validate = (await get(`/api/returning-artist/validate/${link.token}`)).json();
    expect(validate).toMatchObject({
      isValid: true,
      usageCount: 2,
      previousSubmissions: 3,
      lastUsedAt: row?.lastUsedAt?.toISOString(),
    });
    const details = (await get(`/api/returning-artist/details/${link.token}`)).json();
    expect(details.artistDetails.lastUsed).toBe(row?.lastUsedAt?.toISOString());

    const list = await staffCall('GET', `/api/artists/${artistId}/returning-links`);
    expect(list.json()).toEqual({
      success: true,
      links: [
        {
          linkId: link.linkId,
          createdAt: row?.createdAt.toISOString(),
          expiresAt: link.expiresAt,
          revokedAt: null,
          usageCount: 2,
          lastUsedAt: row?.lastUsedAt?.toISOString(),
          status: 'active',
        },
      ],
    });
  });
});

describe('links that no longer work', () => {
  it('gives each reason, on validate, details and create-item, and names no artist', async () => {
    const expiredLink = await issueLink(await submitted({ email: 'old@example.com' }));
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ended = await staffCall('POST', `/api/returning-links/${expiredLink.linkId}/expiry`, {
      lastDay: yesterday,
    });
    expect(ended.statusCode).toBe(200);
    const revokedLink = await issueLink(await submitted({ email: 'gone@example.com' }));
    const revoke = await staffCall('POST', `/api/returning-links/${revokedLink.linkId}/revoke`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ success: true });

    const cases = [
      [expiredLink.token, 'expired'],
      [revokedLink.token, 'deactivated'],
      ['too-short', 'wrong-format'],
      ['D'.repeat(43), 'unknown'],
    ] as const;
    expect(RETURNING_LINK_FAILURE_MESSAGES.unknown).toBe(RETURNING_ARTIST_MESSAGES.invalidToken);
    for (const [token, reason] of cases) {
      const validate = await get(`/api/returning-artist/validate/${token}`);
      expect(validate.statusCode).toBe(404);
      expect(validate.json()).toEqual(invalid(reason));
      const details = await get(`/api/returning-artist/details/${token}`);
      expect(details.statusCode).toBe(404);
      expect(details.json()).toEqual({ success: false, error: RETURNING_LINK_FAILURE_MESSAGES[reason] });
      expect(validate.body + details.body).not.toMatch(/Maya|@/);
      const { response, prepared } = await submit({ returningToken: token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: RETURNING_LINK_FAILURE_MESSAGES[reason],
      });
      expect(
        await ctx.database.db
          .select()
          .from(submissions)
          .where(eq(submissions.uploadSessionId, prepared.sessionId)),
      ).toHaveLength(0);
    }
    const statuses = async (linkId: string, artistId: string) =>
      (
        (await staffCall('GET', `/api/artists/${artistId}/returning-links`)).json().links as {
          linkId: string;
          status: string;
        }[]
      ).find((l) => l.linkId === linkId)?.status;
    const [expiredRow] = await ctx.database.db
      .select()
      .from(returningLinks)
      .where(eq(returningLinks.id, expiredLink.linkId));
    const [revokedRow] = await ctx.database.db
      .select()
      .from(returningLinks)
      .where(eq(returningLinks.id, revokedLink.linkId));
    expect(await statuses(expiredLink.linkId, expiredRow?.artistId ?? '')).toBe('expired');
    expect(await statuses(revokedLink.linkId, revokedRow?.artistId ?? '')).toBe('revoked');
    expect(revokedRow?.usageCount).toBe(0);
  });

  it('answers 404 for unknown links and artists, and keeps visitors out', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const revoke = await staffCall('POST', `/api/returning-links/${id}/revoke`);
      expect(revoke.statusCode).toBe(404);
      expect(revoke.json()).toEqual({ success: false, error: RETURNING_LINK_NOT_FOUND });
      const expiry = await staffCall('POST', `/api/returning-links/${id}/expiry`, {
        lastDay: new Date().toISOString().slice(0, 10),
      });
      expect(expiry.statusCode).toBe(404);
      expect(expiry.json()).toEqual({ success: false, error: RETURNING_LINK_NOT_FOUND });
      const list = await staffCall('GET', `/api/artists/${id}/returning-links`);
      expect(list.statusCode).toBe(404);
      expect(list.json()).toEqual({ success: false, error: ARTIST_NOT_FOUND });
    }
    for (const [as, status] of [
      [null, 401],
      [artist, 403],
    ] as const) {
      expect((await staffCall('POST', '/api/returning-links/nope/revoke', undefined, as)).statusCode).toBe(
        status,
      );
      expect((await staffCall('GET', '/api/artists/nope/returning-links', undefined, as)).statusCode).toBe(
        status,
      );
      const expiry = await staffCall('POST', '/api/returning-links/nope/expiry', { lastDay: 'x' }, as);
      expect(expiry.statusCode).toBe(status);
    }
  });

  it('lets staff move a link’s last day within 365 days, never for a revoked link', async () => {
    const link = await issueLink(await submitted({ email: 'moved@example.com' }));
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const expiry = (lastDay: unknown) =>
      staffCall('POST', `/api/returning-links/${link.linkId}/expiry`, { lastDay });
    const stored = async () =>
      (await ctx.database.db.select().from(returningLinks).where(eq(returningLinks.id, link.linkId)))[0];
    const before = await stored();

    for (const [lastDay, message] of [
      ['tomorrow', RETURNING_LINK_EXPIRY_MESSAGES.invalidDate],
      ['2026-02-30', RETURNING_LINK_EXPIRY_MESSAGES.invalidDate],
      [inDays(366), RETURNING_LINK_EXPIRY_MESSAGES.tooLate],
    ]) {
      const refused = await expiry(lastDay);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ success: false, error: message });
    }
    expect((await expiry(42)).statusCode).toBe(400);
    expect((await stored())?.expiresAt).toEqual(before?.expiresAt);

    // Today is the last day: the link works until midnight UTC, then answers 'expired'.
    const shortened = await expiry(today);
    expect(shortened.statusCode).toBe(200);
    expect(shortened.json()).toEqual({ success: true, expiresAt: `${inDays(1)}T00:00:00.000Z` });
    expect((await get(`/api/returning-artist/validate/${link.token}`)).statusCode).toBe(200);
    const extended = await expiry(inDays(365));
    expect(extended.json()).toEqual({ success: true, expiresAt: `${inDays(366)}T00:00:00.000Z` });

    await staffCall('POST', `/api/returning-links/${link.linkId}/revoke`);
    const revoked = await expiry(inDays(10));
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json()).toEqual({ success: false, error: RETURNING_LINK_EXPIRY_MESSAGES.revoked });
    expect((await stored())?.expiresAt.toISOString()).toBe(`${inDays(366)}T00:00:00.000Z`);
  });
});

describe('approval offers a returning link', () => {
  it('mails a working link once, not again while it is active', async () => {
    const email = 'approved@example.com';
    const firstId = await submitted({ email });
    const secondId = await submitted({ email });
    const approve = (id: string) =>
      staffCall('POST', `/api/board/items/${id}/status`, { status: 'approved' });
    expect((await approve(firstId)).statusCode).toBe(200);
    await runJobs();
    const mails = async () =>
      (
        await ctx.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.to, email))
          .orderBy(asc(outboxMessages.createdAt))
      ).filter((m) => m.subject.startsWith('Your submission'));
    const [approval] = await mails();
    const url = approval?.text.match(/\/r\/([A-Za-z0-9_-]{43})/)?.[0];
    expect(url).toBeDefined();
    const full = `${ctx.config.publicUrl}${url}`;
    expect(approval?.text).toContain(formatReturningLinkOffer(full));
    const token = url?.slice(3) ?? '';
    const validate = await get(`/api/returning-artist/validate/${token}`);
    expect(validate.json()).toMatchObject({
      success: true,
      isValid: true,
      artistEmail: email,
      usageCount: 0,
    });
    const [link] = await ctx.database.db
      .select()
      .from(returningLinks)
      .where(eq(returningLinks.tokenHash, hashToken(token)));
    expect(link).toMatchObject({ sourceSubmissionId: firstId, createdByUserId: staff.userId });

    const nextId = await submitted({ returningToken: token });
    expect((await submissionRow(nextId)).returningLinkId).toBe(link?.id);

    expect((await approve(secondId)).statusCode).toBe(200);
    await runJobs();
    const after = await mails();
    expect(after).toHaveLength(2);
    // Only the link's hash is stored: the second approval points back to the one already sent.
    expect(after[1]?.text).not.toContain('/r/');
    expect(after[1]?.text).toContain(formatReturningLinkReminder(link?.expiresAt ?? new Date(0)));
    const links = await ctx.database.db
      .select()
      .from(returningLinks)
      .where(eq(returningLinks.artistId, (await submissionRow(firstId)).artistId ?? ''));
    expect(links).toHaveLength(1);
  });
});
