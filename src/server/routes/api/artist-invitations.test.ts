import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_INVITE_FIELDS_REQUIRED,
  authMessages,
  INVALID_EMAIL_MESSAGE,
  INVALID_LIST_CURSOR,
  INVITATION_MESSAGES,
  INVITATION_STATUSES,
  INVITATION_STEPS,
  type InvitationStatus,
  invitationListResponseSchema,
  LIST_CURSOR_MISMATCH,
  PAGE_SIZE_OUT_OF_RANGE,
  UNKNOWN_LIST_SORT,
} from '../../../domain';
import {
  artists,
  invitations,
  outboxMessages,
  submissionEvents,
  submissions,
  waitingListEntries,
} from '../../db/schema';
import { hashToken } from '../../services/auth/tokens';
import { WAITING_LIST_ENTRY_NOT_FOUND } from '../../services/invitations/create-invitation';
import {
  TOKEN_CHECKS_PER_MINUTE_PER_IP,
  TOO_MANY_TOKEN_CHECKS,
} from '../../services/invitations/limit-token-checks';
import { INVITATION_ALREADY_USED, INVITATION_NOT_FOUND } from '../../services/invitations/load-invitation';
import { expectRefusals, explain, pageThrough, seededTimes, tamper } from '../../test/paged-list';
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

// Token routes are limited per IP: each check comes from its own address unless a test says otherwise.
let nextAddress = 0;
function freshAddress(): string {
  nextAddress += 1;
  return `10.1.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

function get(url: string, remoteAddress = freshAddress()) {
  return ctx.app.inject({ method: 'GET', url, remoteAddress });
}

function staffCall(method: 'GET' | 'POST', url: string, payload?: unknown, as: SignedIn | null = staff) {
  return ctx.app.inject({
    method,
    url,
    headers: as ? as.headers : { origin: ctx.config.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const invitee: {
  artistName: string;
  firstName: string;
  surname: string;
  email: string;
  invitationReason?: string;
  waitingListEntryId?: string;
} = {
  artistName: 'Nova Bloom',
  firstName: 'Nora',
  surname: 'Bloom',
  email: 'Nora.Bloom@Example.com',
  invitationReason: 'Loved the live set at the Jazz Cafe',
};

async function invite(overrides: Partial<typeof invitee> = {}) {
  const response = await staffCall('POST', '/api/artist-invitations/create', { ...invitee, ...overrides });
  if (response.statusCode !== 200) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { itemId: string; invitationUrl: string; expiresAt: string };
  const token = body.invitationUrl.split('/i/')[1] ?? '';
  return { ...body, token };
}

async function runJobs() {
  while (await ctx.app.jobs.runOnce()) {}
}

async function mailsTo(address: string) {
  await runJobs();
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, address))
    .orderBy(asc(outboxMessages.createdAt));
}

async function invitationRow(itemId: string) {
  const [row] = await ctx.database.db.select().from(invitations).where(eq(invitations.id, itemId));
  if (!row) throw new Error('no invitation row');
  return row;
}

const INVALID_VALIDATE = { success: false, valid: false, error: INVITATION_MESSAGES.invalidLink };
const INVALID_DETAILS = { success: false, error: INVITATION_MESSAGES.invalidLink };

describe('POST /api/artist-invitations/create', () => {
  it('is for staff only, before the body is looked at', async () => {
    for (const [as, status, error] of [
      [null, 401, authMessages.notAuthenticated],
      [artist, 403, authMessages.staffOnly],
    ] as const) {
      for (const body of [invitee, { nonsense: true }]) {
        const response = await staffCall('POST', '/api/artist-invitations/create', body, as);
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({ success: false, error });
      }
    }
    expect(await ctx.database.db.select().from(invitations)).toHaveLength(0);
  });

  it("answers the admin form's messages", async () => {
    for (const field of ['artistName', 'firstName', 'surname', 'email'] as const) {
      const response = await staffCall('POST', '/api/artist-invitations/create', {
        ...invitee,
        [field]: '  ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: ADMIN_INVITE_FIELDS_REQUIRED });
    }
    const badEmail = await staffCall('POST', '/api/artist-invitations/create', {
      ...invitee,
      email: 'nora@',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ success: false, error: INVALID_EMAIL_MESSAGE });
    const unknownEntry = await staffCall('POST', '/api/artist-invitations/create', {
      ...invitee,
      waitingListEntryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownEntry.statusCode).toBe(404);
    expect(unknownEntry.json()).toEqual({ success: false, error: WAITING_LIST_ENTRY_NOT_FOUND });
    expect(await ctx.database.db.select().from(invitations)).toHaveLength(0);
  });

  it('stores the invitation with only the token hash and mails the personal link', async () => {
    const before = Date.now();
    const response = await staffCall('POST', '/api/artist-invitations/create', invitee);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      artistName: 'Nova Bloom',
      email: 'nora.bloom@example.com',
      nextSteps: [...INVITATION_STEPS],
    });
    expect(body.invitationUrl).toMatch(new RegExp(`^${ctx.config.publicUrl}/i/[A-Za-z0-9_-]{43}$`));
    const token = body.invitationUrl.split('/i/')[1];
    const row = await invitationRow(body.itemId);
    expect(row).toMatchObject({
      tokenHash: hashToken(token),
      artistName: 'Nova Bloom',
      email: 'nora.bloom@example.com',
      invitationReason: invitee.invitationReason,
      createdByUserId: staff.userId,
      usedAt: null,
      revokedAt: null,
    });
    const days = (row.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(30 - 0.01);
    expect(days).toBeLessThan(30.01);
    expect(body.expiresAt).toBe(row.expiresAt.toISOString());

    const [mail] = await mailsTo('nora.bloom@example.com');
    expect(mail?.text).toContain(body.invitationUrl);
    expect(mail?.text).toContain('curator@label.example');
    expect(mail?.text).toContain('WAV');
    expect(mail?.text).toContain(invitee.invitationReason);
    expect(mail?.html).toContain(`href="${body.invitationUrl}"`);
    const link = await get(`/api/invitation/validate/${token}`);
    expect(link.json()).toEqual({
      success: true,
      valid: true,
      artistName: 'Nova Bloom',
      itemId: body.itemId,
      boardType: 'invitation',
    });
  });
  it('records the waiting-list entry it answers', async () => {
    const [entry] = await ctx.database.db
      .insert(waitingListEntries)
      .values({
        firstName: 'Wren',
        surname: 'Hale',
        artistName: 'Wren',
        email: 'wren@example.com',
        country: 'France',
        city: 'Lyon',
        listenLink: 'https://soundcloud.com/wren',
      })
      .returning({ id: waitingListEntries.id });
    const { itemId } = await invite({
      artistName: 'Wren',
      firstName: 'Wren',
      surname: 'Hale',
      email: 'wren@example.com',
      ...(entry ? { waitingListEntryId: entry.id } : {}),
    });
    expect((await invitationRow(itemId)).waitingListEntryId).toBe(entry?.id);
  });
});

describe('GET /api/invitation/validate and details', () => {
  it('pre-fills from the invitation and the existing artist row', async () => {
    await ctx.database.db.insert(artists).values({
      email: 'kai@example.com',
      country: 'Ireland',
      city: 'Cork',
      spotifyProfile: 'https://open.spotify.com/artist/kai',
    });
    const { token, itemId } = await invite({ email: 'kai@example.com', artistName: 'Kai', firstName: 'Kai' });
    const response = await get(`/api/invitation/details/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      artistName: 'Kai',
      firstName: 'Kai',
      surname: 'Bloom',
      email: 'kai@example.com',
      itemId,
      boardType: 'invitation',
      prefillData: {
        firstName: 'Kai',
        surname: 'Bloom',
        email: 'kai@example.com',
        artistName: 'Kai',
        country: 'Ireland',
        city: 'Cork',
        spotifyProfile: 'https://open.spotify.com/artist/kai',
      },
    });
  });

  it('answers unknown, malformed, expired, revoked and used tokens identically, naming no one', async () => {
    const expired = await invite({ artistName: 'Expired Act' });
    await ctx.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.itemId));
    const revoked = await invite({ artistName: 'Revoked Act' });
    expect((await staffCall('POST', `/api/artist-invitations/${revoked.itemId}/revoke`)).json()).toEqual({
      success: true,
    });
    const used = await invite({ artistName: 'Used Act' });
    await ctx.database.db
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(eq(invitations.id, used.itemId));

    for (const token of ['A'.repeat(43), 'short', expired.token, revoked.token, used.token]) {
      const validate = await get(`/api/invitation/validate/${token}`);
      expect(validate.statusCode).toBe(404);
      expect(validate.json()).toEqual(INVALID_VALIDATE);
      const details = await get(`/api/invitation/details/${token}`);
      expect(details.statusCode).toBe(404);
      expect(details.json()).toEqual(INVALID_DETAILS);
      expect(validate.body + details.body).not.toMatch(/Act|Bloom|@/);
    }
  });

  it(`answers 429 after ${TOKEN_CHECKS_PER_MINUTE_PER_IP} checks a minute from one address`, async () => {
    const address = '10.200.0.1';
    for (let i = 0; i < TOKEN_CHECKS_PER_MINUTE_PER_IP; i++) {
      const path = i % 2 ? 'details' : 'validate';
      expect((await get(`/api/invitation/${path}/${'B'.repeat(43)}`, address)).statusCode).toBe(404);
    }
    const limited = await get(`/api/invitation/validate/${'B'.repeat(43)}`, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, error: TOO_MANY_TOKEN_CHECKS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The returning-artist routes draw on the same budget.
    const returning = await get(`/api/returning-artist/validate/${'B'.repeat(43)}`, address);
    expect(returning.statusCode).toBe(429);
    expect((await get(`/api/invitation/validate/${'B'.repeat(43)}`, '10.200.0.2')).statusCode).toBe(404);
  });
});

describe('create-item with an invitation token', () => {
  it('ties the submission to the invitation and uses it up, once', async () => {
    const { token, itemId } = await invite({ email: 'maya@example.com', artistName: 'Maya Rivers' });
    const prepared = await prepareTestSubmission(ctx.app);
    prepared.payload.formData.invitationToken = token;
    // The token decides which invitation this is, not the itemId the browser sends.
    prepared.payload.formData.itemId = '00000000-0000-4000-8000-000000000001';
    const response = await postSubmission(ctx.app, prepared.payload);
    expect(response.statusCode).toBe(200);
    const submissionId = response.json().data.itemId as string;

    const row = await invitationRow(itemId);
    expect(row.usedAt).toBeInstanceOf(Date);
    expect(row.submissionId).toBe(submissionId);
    const [submission] = await ctx.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, submissionId));
    expect(submission?.invitationId).toBe(itemId);
    expect(row.artistId).toBe(submission?.artistId);
    expect(JSON.stringify(submission?.formData)).not.toContain(token);
    const events = await ctx.database.db
      .select()
      .from(submissionEvents)
      .where(eq(submissionEvents.submissionId, submissionId))
      .orderBy(asc(submissionEvents.id));
    // The mail the submission sent is on its trail too, checked elsewhere.
    expect(events.map((e) => e.type).filter((type) => type !== 'mail_queued')).toEqual([
      'created',
      'invitation_used',
    ]);
    expect(events[1]?.data).toEqual({ invitationId: itemId });

    expect((await get(`/api/invitation/validate/${token}`)).json()).toEqual(INVALID_VALIDATE);
    const list = await staffCall('GET', '/api/artist-invitations?status=used');
    // Newest first: this one leads the used invitations.
    expect(list.json().invitations[0]).toEqual(
      expect.objectContaining({ itemId, status: 'used', submissionId, usedAt: row.usedAt?.toISOString() }),
    );

    const again = await prepareTestSubmission(ctx.app);
    again.payload.formData.invitationToken = token;
    const second = await postSubmission(ctx.app, again.payload);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ success: false, error: INVITATION_MESSAGES.invalidLink });
    expect(
      await ctx.database.db
        .select()
        .from(submissions)
        .where(eq(submissions.uploadSessionId, again.sessionId)),
    ).toHaveLength(0);
  });

  it('lets only one of two concurrent submissions use an invitation', async () => {
    const { token, itemId } = await invite({ email: 'race@example.com', artistName: 'Race' });
    const first = await prepareTestSubmission(ctx.app);
    const second = await prepareTestSubmission(ctx.app);
    first.payload.formData.invitationToken = token;
    second.payload.formData.invitationToken = token;
    const responses = await Promise.all([
      postSubmission(ctx.app, first.payload),
      postSubmission(ctx.app, second.payload),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = responses.find((r) => r.statusCode === 400);
    expect(loser?.json()).toMatchObject({ success: false, error: INVITATION_MESSAGES.invalidLink });
    const winner = responses.find((r) => r.statusCode === 200)?.json().data.itemId;
    expect((await invitationRow(itemId)).submissionId).toBe(winner);
    const tied = await ctx.database.db.select().from(submissions).where(eq(submissions.invitationId, itemId));
    expect(tied.map((s) => s.id)).toEqual([winner]);
  });

  it('refuses an unknown or malformed token with the invitation text', async () => {
    for (const token of ['C'.repeat(43), 'not-a-token']) {
      const prepared = await prepareTestSubmission(ctx.app);
      prepared.payload.formData.invitationToken = token;
      const response = await postSubmission(ctx.app, prepared.payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: INVITATION_MESSAGES.invalidLink });
    }
  });
});

describe('staff manage invitations', () => {
  it('lists newest first, by status', async () => {
    const response = await staffCall('GET', '/api/artist-invitations');
    expect(response.statusCode).toBe(200);
    const all = response.json().invitations as { itemId: string; createdAt: string; status: string }[];
    expect(all.length).toBeGreaterThan(3);
    const times = all.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const status of ['valid', 'expired', 'used', 'revoked'] as const) {
      const filtered = (await staffCall('GET', `/api/artist-invitations?status=${status}`)).json()
        .invitations as {
        itemId: string;
        status: string;
      }[];
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((i) => i.status === status)).toBe(true);
      expect(filtered.map((i) => i.itemId)).toEqual(
        all.filter((i) => i.status === status).map((i) => i.itemId),
      );
    }
    for (const [as, status] of [
      [null, 401],
      [artist, 403],
    ] as const) {
      expect((await staffCall('GET', '/api/artist-invitations', undefined, as)).statusCode).toBe(status);
    }
  });

  it('regenerates: the old link stops, the new one works and is mailed, expiry renewed', async () => {
    const first = await invite({ email: 'regen@example.com', artistName: 'Regen' });
    await ctx.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000), revokedAt: new Date() })
      .where(eq(invitations.id, first.itemId));
    const response = await staffCall('POST', `/api/artist-invitations/${first.itemId}/regenerate`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, itemId: first.itemId });
    const token = body.invitationUrl.split('/i/')[1];
    expect(token).not.toBe(first.token);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await get(`/api/invitation/validate/${first.token}`)).json()).toEqual(INVALID_VALIDATE);
    expect((await get(`/api/invitation/validate/${token}`)).json()).toMatchObject({
      valid: true,
      itemId: first.itemId,
    });
    const mails = await mailsTo('regen@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(body.invitationUrl);
    expect(mails[1]?.text).not.toContain(first.invitationUrl);
  });

  it('refuses to regenerate or revoke a used invitation, and 404s unknown ones', async () => {
    const used = await invite({ artistName: 'Done' });
    await ctx.database.db
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(eq(invitations.id, used.itemId));
    for (const action of ['regenerate', 'revoke']) {
      const conflict = await staffCall('POST', `/api/artist-invitations/${used.itemId}/${action}`);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toEqual({ success: false, error: INVITATION_ALREADY_USED });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const missing = await staffCall('POST', `/api/artist-invitations/${id}/${action}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ success: false, error: INVITATION_NOT_FOUND });
      }
      for (const [as, status] of [
        [null, 401],
        [artist, 403],
      ] as const) {
        expect(
          (await staffCall('POST', `/api/artist-invitations/${used.itemId}/${action}`, undefined, as))
            .statusCode,
        ).toBe(status);
      }
    }
  });
});

describe('GET /api/artist-invitations, paged', () => {
  const SEEDED = 250;
  const db = () => ctx.database.db;
  const idsOf = (body: unknown) =>
    invitationListResponseSchema.parse(body).invitations.map((invitation) => invitation.itemId);
  const list = (query: string) => staffCall('GET', `/api/artist-invitations?${query}`);

  /** Every invitation's id in the list's order, with its status as the list reports it. */
  async function expectedOrder(oldest = false) {
    const direction = oldest ? asc : desc;
    const rows = await db()
      .select({ id: invitations.id })
      .from(invitations)
      .orderBy(direction(invitations.createdAt), direction(invitations.id));
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    // Statuses in turn (valid, expired, used, revoked), a second apart with ties.
    const now = Date.now();
    await db()
      .insert(invitations)
      .values(
        seededTimes(SEEDED).map((createdAt, n) => ({
          tokenHash: `paged-hash-${n}`,
          artistName: `Paged ${n}`,
          firstName: 'Page',
          surname: 'Turner',
          email: `paged${n}@example.com`,
          createdAt,
          expiresAt: new Date(n % 4 === 1 ? now - 86_400_000 : now + 86_400_000),
          usedAt: n % 4 === 2 ? new Date(now) : null,
          revokedAt: n % 4 === 3 ? new Date(now) : null,
        })),
      );
    await db().execute(sql`analyze invitations`);
  });

  it('gives every invitation exactly once, newest or oldest first, ties broken by id', async () => {
    const all = await expectedOrder();
    const paged = await pageThrough(ctx.app, staff, '/api/artist-invitations', 'limit=30', idsOf);
    expect(paged.ids).toEqual(all);
    expect(paged.totals).toEqual([all.length]);
    expect(paged.pages).toBe(Math.ceil(all.length / 30));
    const oldest = await pageThrough(
      ctx.app,
      staff,
      '/api/artist-invitations',
      'sort=oldest&limit=100',
      idsOf,
    );
    expect(oldest.ids).toEqual(await expectedOrder(true));
  });

  it('keeps a status filter across pages, with the counts of the first page on every page', async () => {
    const everything = invitationListResponseSchema.parse((await list('limit=100')).json());
    const statusOf = new Map<string, InvitationStatus>();
    let cursor = everything.nextCursor;
    for (const invitation of everything.invitations) statusOf.set(invitation.itemId, invitation.status);
    while (cursor) {
      const page = invitationListResponseSchema.parse((await list(`limit=100&cursor=${cursor}`)).json());
      for (const invitation of page.invitations) statusOf.set(invitation.itemId, invitation.status);
      cursor = page.nextCursor;
    }
    const all = await expectedOrder();
    for (const status of INVITATION_STATUSES) {
      const expected = all.filter((id) => statusOf.get(id) === status);
      const paged = await pageThrough(
        ctx.app,
        staff,
        '/api/artist-invitations',
        `status=${status}&limit=7`,
        idsOf,
      );
      expect(paged.ids, status).toEqual(expected);
      expect(paged.totals, status).toEqual([expected.length]);
      expect(everything.counts[status], status).toBe(expected.length);
    }
    const first = invitationListResponseSchema.parse((await list('status=used&limit=3')).json());
    // One more used invitation arrives: later pages still show the first page's counts.
    await invite({ email: 'late.used@example.com', artistName: 'Late' }).then((late) =>
      db().update(invitations).set({ usedAt: new Date() }).where(eq(invitations.id, late.itemId)),
    );
    const second = invitationListResponseSchema.parse(
      (await list(`status=used&limit=3&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.counts).toEqual(first.counts);
    expect(second.total).toBe(first.total);
    expect(second.invitations.every((invitation) => invitation.status === 'used')).toBe(true);
  });

  it('refuses a tampered cursor, one of another list, filter or order, a page too large and an unknown order', async () => {
    const first = invitationListResponseSchema.parse((await list('status=valid&limit=3')).json());
    const cursor = first.nextCursor as string;
    await db()
      .insert(waitingListEntries)
      .values(
        [1, 2, 3].map((n) => ({
          firstName: 'Wait',
          surname: 'Ing',
          artistName: `Waiting ${n}`,
          email: `waiting${n}@example.com`,
          country: 'Ireland',
          city: 'Cork',
          listenLink: 'https://example.com/listen',
        })),
      );
    const waiting = (await staffCall('GET', '/api/waiting-list?limit=1')).json() as { nextCursor: string };
    expect(waiting.nextCursor).toEqual(expect.any(String));
    await expectRefusals(ctx.app, staff, '/api/artist-invitations', [
      [`status=valid&cursor=${tamper(cursor)}`, INVALID_LIST_CURSOR],
      ['cursor=nonsense', INVALID_LIST_CURSOR],
      [`status=valid&cursor=${waiting.nextCursor}`, LIST_CURSOR_MISMATCH],
      [`cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`status=used&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`status=valid&sort=oldest&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      ['limit=101', PAGE_SIZE_OUT_OF_RANGE],
      ['limit=-1', PAGE_SIZE_OUT_OF_RANGE],
      ['sort=sideways', UNKNOWN_LIST_SORT],
    ]);
  });

  it('refuses visitors and artists before reading the query', async () => {
    for (const [as, status] of [
      [null, 401],
      [artist, 403],
    ] as const) {
      expect((await staffCall('GET', '/api/artist-invitations?limit=500', undefined, as)).statusCode).toBe(
        status,
      );
    }
  });

  it('reads each filter through its own index, in the list order (EXPLAIN)', async () => {
    // 20,000 more invitations, a quarter of each status: on a few hundred rows reading the whole
    // table is cheaper, and the planner rightly ignores any index.
    await db().execute(sql`
      insert into invitations (token_hash, artist_name, first_name, surname, email, created_at, expires_at, used_at, revoked_at)
      select 'bulk-' || g, 'Bulk ' || g, 'Bulk', 'Invite', 'bulk' || g || '@example.com',
        timestamptz '2021-01-01' + g * interval '1 second',
        case when g % 4 = 1 then now() - interval '1 day' else now() + interval '1 day' end,
        case when g % 4 = 2 then now() end,
        case when g % 4 = 3 then now() end
      from generate_series(1, 20000) g`);
    await db().execute(sql`vacuum analyze invitations`);
    const after = `(created_at, id) < ('2021-01-01T05:00:00.000000Z'::timestamptz, '00000000-0000-4000-8000-000000000000'::uuid)`;
    const filters: [string, string, string][] = [
      ['all', 'true', 'invitations_created_at_id_idx'],
      ['used', 'used_at is not null', 'invitations_used_created_at_id_idx'],
      ['revoked', 'used_at is null and revoked_at is not null', 'invitations_revoked_created_at_id_idx'],
      [
        'valid',
        'used_at is null and revoked_at is null and expires_at > now()',
        'invitations_open_created_at_id_idx',
      ],
      [
        'expired',
        'used_at is null and revoked_at is null and expires_at <= now()',
        'invitations_open_created_at_id_idx',
      ],
    ];
    for (const [name, where, index] of filters) {
      for (const page of ['true', after]) {
        const text = await explain(
          db(),
          `select id from invitations where ${where} and ${page} order by created_at desc, id desc limit 51`,
        );
        console.info(
          `EXPLAIN (invitations, ${name}, ${page === 'true' ? 'first page' : 'a later page'}):\n${text}`,
        );
        expect(text, name).toContain(index);
        expect(text, name).not.toMatch(/\bSort\b/);
      }
    }
  });
});
