import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  INVALID_LIST_CURSOR,
  LIST_CURSOR_MISMATCH,
  PAGE_SIZE_OUT_OF_RANGE,
  staffWaitingListResponseSchema,
  UNKNOWN_LIST_SORT,
} from '../../../domain';
import { invitations, outboxMessages, waitingListEntries } from '../../db/schema';
import { addStaff } from '../../services/staff/manage-staff';
import { expectRefusals, explain, pageThrough, seededTimes, tamper } from '../../test/paged-list';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let origin: string;
let nextIp = 1;
/** Each test posts from its own network, so the per-IP limit only counts what the test means it to. */
const freshIp = () => `198.51.100.${nextIp++}`;

beforeAll(async () => {
  ctx = await createTestContext({ env: { STAFF_EMAILS: 'team@label.example, Boss@Label.example' } });
  origin = ctx.config.publicUrl;
  // A staff account that STAFF_EMAILS also names, and one only in the database: three addresses.
  await addStaff(ctx.database.db, 'boss@label.example');
  await addStaff(ctx.database.db, 'ears@label.example');
});
afterAll(async () => ctx.close());

const complete = {
  firstName: 'Ada',
  surname: 'Lane',
  artistName: 'Nova Lane',
  email: 'Ada.Lane@Example.com ',
  phone: '+353 21 000 0000',
  country: 'Ireland',
  city: 'Cork',
  instagramProfile: 'https://instagram.com/novalane',
  tiktokProfile: '',
  spotifyProfile: '',
  listenLink: 'https://soundcloud.com/novalane/tide',
  projectDescription: 'A six-track EP about the sea <and> the city.',
};

function join(artistData: Record<string, unknown>, ip = freshIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/waiting-list',
    headers: { origin },
    remoteAddress: ip,
    payload: { artistData },
  });
}

async function runJobs() {
  while (await ctx.app.jobs.runOnce()) {}
}

async function mailTo(address: string) {
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, address))
    .orderBy(asc(outboxMessages.createdAt));
}

async function entriesFor(email: string) {
  return ctx.database.db.select().from(waitingListEntries).where(eq(waitingListEntries.email, email));
}

describe('POST /api/waiting-list', () => {
  it('stores the entry and mails the artist and every staff member once', async () => {
    const response = await join(complete);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, itemId: expect.any(String) });

    const rows = await entriesFor('ada.lane@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.itemId,
      firstName: 'Ada',
      surname: 'Lane',
      artistName: 'Nova Lane',
      email: 'ada.lane@example.com',
      phone: '+353 21 000 0000',
      country: 'Ireland',
      city: 'Cork',
      instagramProfile: 'https://instagram.com/novalane',
      tiktokProfile: null,
      spotifyProfile: null,
      listenLink: 'https://soundcloud.com/novalane/tide',
      projectDescription: 'A six-track EP about the sea <and> the city.',
    });

    await runJobs();
    const [confirmation, ...more] = await mailTo('ada.lane@example.com');
    expect(more).toEqual([]);
    expect(confirmation?.subject).toBe("You're on the Imprint waiting list");
    expect(confirmation?.text).toContain('Hi Ada,');
    expect(confirmation?.text).toContain("We'll listen to your music and get back to you within 7-10 days.");
    expect(confirmation?.text).toContain('Listen link: https://soundcloud.com/novalane/tide');
    expect(confirmation?.html).toContain('the sea &#60;and&#62; the city');
    expect(confirmation?.html).not.toContain('<and>');

    for (const staff of ['boss@label.example', 'ears@label.example', 'team@label.example']) {
      const notices = await mailTo(staff);
      expect(
        notices.map((m) => m.subject),
        staff,
      ).toEqual(['New waiting-list entry: Nova Lane']);
      expect(notices[0]?.text).toContain('Nova Lane joined the waiting list.');
      expect(notices[0]?.text).toContain('Email: ada.lane@example.com');
      expect(notices[0]?.text).toContain('Location: Cork, Ireland');
      expect(notices[0]?.text).toContain(`Entry ${body.itemId}.`);
      expect(notices[0]?.html).toContain('<a href="https://soundcloud.com/novalane/tide">Listen</a>');
    }
  });

  it('answers a second entry for the address within 24 hours with the first one, adding nothing', async () => {
    const first = await join({ ...complete, email: 'retry@example.com' });
    expect(first.statusCode).toBe(200);
    await runJobs();
    const mailsBefore = (await ctx.database.db.select({ n: count() }).from(outboxMessages))[0]?.n;

    const again = await join({
      ...complete,
      email: ' RETRY@example.com',
      listenLink: 'https://other.example/x',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, itemId: first.json().itemId });
    const rows = await entriesFor('retry@example.com');
    expect(rows.map((r) => r.listenLink)).toEqual([complete.listenLink]);
    await runJobs();
    expect((await ctx.database.db.select({ n: count() }).from(outboxMessages))[0]?.n).toBe(mailsBefore);
  });

  it('keeps one entry when the same artist joins twice at once', async () => {
    const [a, b] = await Promise.all([
      join({ ...complete, email: 'double@example.com' }),
      join({ ...complete, email: 'double@example.com' }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json().itemId).toBe(b?.json().itemId);
    expect(await entriesFor('double@example.com')).toHaveLength(1);
  });

  it('takes the address as a new entry after 24 hours', async () => {
    const first = await join({ ...complete, email: 'later@example.com' });
    await ctx.database.db
      .update(waitingListEntries)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(waitingListEntries.id, first.json().itemId));
    const second = await join({ ...complete, email: 'later@example.com' });
    expect(second.statusCode).toBe(200);
    expect(second.json().itemId).not.toBe(first.json().itemId);
    expect(await entriesFor('later@example.com')).toHaveLength(2);
  });

  it.each([
    ['firstName', 'Please fill in the following required fields: First Name', 'First name is required'],
    ['surname', 'Please fill in the following required fields: Surname', 'Surname is required'],
    ['email', 'Please fill in the following required fields: Email', 'Email is required'],
    ['artistName', 'Please fill in the following required fields: Artist Name', 'Artist name is required'],
    ['country', 'Please fill in the following required fields: Country', 'Country is required'],
    ['city', 'Please fill in the following required fields: City', 'City is required'],
    [
      'listenLink',
      'Please provide a listen link for your latest project.',
      'Please provide a listen link for your latest project.',
    ],
  ])('refuses a blank %s with the spec message and stores nothing', async (field, error, details) => {
    const email = `blank-${field.toLowerCase()}@example.com`;
    const response = await join({ ...complete, email: field === 'email' ? '   ' : email, [field]: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, details });
    if (field !== 'email') expect(await entriesFor(email)).toEqual([]);
  });

  it('lists every missing field in the alert and every message in the details', async () => {
    const response = await join({
      ...complete,
      firstName: '',
      country: '',
      city: '',
      listenLink: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Please fill in the following required fields: First Name, Country, City',
      details:
        'First name is required; Country is required; City is required; Please provide a listen link for your latest project.',
    });
  });

  it('refuses an address that does not look like one', async () => {
    const response = await join({ ...complete, email: 'ada@example' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Please enter a valid email address',
      details: 'Please enter a valid email address',
    });
    expect(await entriesFor('ada@example')).toEqual([]);
  });

  it('refuses a body without the artist data', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      headers: { origin },
      remoteAddress: freshIp(),
      payload: { firstName: 'Ada' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('limits a network to 10 requests an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const response = await join({ ...complete, email: `limit-${i}@example.com` }, ip);
      expect(response.statusCode, `request ${i + 1}`).toBe(200);
    }
    const refused = await join({ ...complete, email: 'limit-10@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Too many waiting-list requests from your network. Try again in 60 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await entriesFor('limit-10@example.com')).toEqual([]);
    // Another network is not affected.
    expect((await join({ ...complete, email: 'limit-10@example.com' })).statusCode).toBe(200);
  });
});

describe('POST /api/waiting-list without any staff', () => {
  it('mails only the artist', async () => {
    const bare = await createTestContext();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/waiting-list',
        headers: { origin: bare.config.publicUrl },
        payload: { artistData: complete },
      });
      expect(response.statusCode).toBe(200);
      while (await bare.app.jobs.runOnce()) {}
      const mails = await bare.database.db.select().from(outboxMessages);
      expect(mails.map((m) => [m.to, m.subject])).toEqual([
        ['ada.lane@example.com', "You're on the Imprint waiting list"],
      ]);
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/waiting-list', () => {
  // Its own database: the staff member signing in here would get the notices counted above.
  let staffCtx: TestContext;
  let staff: SignedIn;
  let artist: SignedIn;
  beforeAll(async () => {
    staffCtx = await createTestContext();
    staff = await signInStaff(staffCtx.app, staffCtx.database.db, 'console@label.example');
    artist = await signIn(staffCtx.app, staffCtx.database.db, 'listener@example.com');
  });
  afterAll(async () => staffCtx.close());

  const db = () => staffCtx.database.db;
  const get = (url: string, as: SignedIn | null = staff) =>
    staffCtx.app.inject({ method: 'GET', url, headers: as ? { cookie: as.cookie } : {} });
  const entry = (over: Partial<typeof waitingListEntries.$inferInsert> = {}) => ({
    firstName: 'Ada',
    surname: 'Lane',
    artistName: 'Nova Lane',
    email: 'ada@example.com',
    country: 'Ireland',
    city: 'Cork',
    listenLink: 'https://soundcloud.com/novalane/tide',
    projectDescription: 'A six-track EP',
    ...over,
  });

  it('refuses visitors with 401 and artists with 403', async () => {
    const anonymous = await get('/api/waiting-list', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(authMessages.notAuthenticated);
    const asArtist = await get('/api/waiting-list', artist);
    expect(asArtist.statusCode).toBe(403);
    expect(asArtist.json().error).toBe(authMessages.staffOnly);
  });

  it('lists every entry newest first, with the invitation made from it', async () => {
    const [older] = await db()
      .insert(waitingListEntries)
      .values(entry({ createdAt: new Date('2026-01-01T10:00:00Z') }))
      .returning();
    const [newer] = await db()
      .insert(waitingListEntries)
      .values(
        entry({
          firstName: 'Ben',
          artistName: 'Quiet Harbour',
          email: 'ben@example.com',
          phone: '+44 20 0000 0000',
          createdAt: new Date('2026-02-01T10:00:00Z'),
        }),
      )
      .returning();
    if (!older || !newer) throw new Error('entries not stored');
    const [invitation] = await db()
      .insert(invitations)
      .values({
        tokenHash: 'hash-from-waiting-list',
        artistName: 'Nova Lane',
        firstName: 'Ada',
        surname: 'Lane',
        email: 'ada@example.com',
        waitingListEntryId: older.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();

    const response = await get('/api/waiting-list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = staffWaitingListResponseSchema.parse(response.json());
    expect(body.entries.map((e) => e.id)).toEqual([newer.id, older.id]);
    expect(body.entries[0]).toEqual({
      id: newer.id,
      firstName: 'Ben',
      surname: 'Lane',
      artistName: 'Quiet Harbour',
      email: 'ben@example.com',
      phone: '+44 20 0000 0000',
      country: 'Ireland',
      city: 'Cork',
      instagramProfile: null,
      tiktokProfile: null,
      spotifyProfile: null,
      listenLink: 'https://soundcloud.com/novalane/tide',
      projectDescription: 'A six-track EP',
      createdAt: '2026-02-01T10:00:00.000Z',
      invitationId: null,
    });
    expect(body.entries[1]?.invitationId).toBe(invitation?.id);
  });

  describe('paged', () => {
    const SEEDED = 250;
    const idsOf = (body: unknown) => staffWaitingListResponseSchema.parse(body).entries.map((e) => e.id);

    /** Every entry's id, newest first (ties: larger id first), or the reverse. */
    async function expectedOrder(oldest = false) {
      const direction = oldest ? asc : desc;
      const rows = await db()
        .select({ id: waitingListEntries.id })
        .from(waitingListEntries)
        .orderBy(direction(waitingListEntries.createdAt), direction(waitingListEntries.id));
      return rows.map((row) => row.id);
    }

    beforeAll(async () => {
      await db()
        .insert(waitingListEntries)
        .values(
          seededTimes(SEEDED).map((createdAt, n) =>
            entry({ artistName: `Seeded ${n}`, email: `seeded${n}@example.com`, createdAt }),
          ),
        );
      await db().execute(sql`analyze waiting_list_entries`);
    });

    it('gives every entry exactly once across pages, newest or oldest first, ties broken by id', async () => {
      const all = await expectedOrder();
      const paged = await pageThrough(staffCtx.app, staff, '/api/waiting-list', 'limit=30', idsOf);
      expect(paged.ids).toEqual(all);
      expect(paged.pages).toBe(Math.ceil(all.length / 30));
      expect(paged.totals).toEqual([all.length]);
      const oldest = await pageThrough(
        staffCtx.app,
        staff,
        '/api/waiting-list',
        'sort=oldest&limit=100',
        idsOf,
      );
      expect(oldest.ids).toEqual(await expectedOrder(true));
      expect(oldest.totals).toEqual([all.length]);
    });

    it('answers 50 entries by default, and carries the first page’s total rather than counting again', async () => {
      const first = staffWaitingListResponseSchema.parse((await get('/api/waiting-list')).json());
      expect(first.entries).toHaveLength(50);
      expect(first.total).toBe(SEEDED + 2);
      // An entry that arrives meanwhile is newer than the first page: it is not counted or shown later.
      const [late] = await db()
        .insert(waitingListEntries)
        .values(entry({ email: 'late@example.com' }))
        .returning();
      const second = staffWaitingListResponseSchema.parse(
        (await get(`/api/waiting-list?cursor=${first.nextCursor}`)).json(),
      );
      expect(second.total).toBe(SEEDED + 2);
      expect(second.entries).toHaveLength(50);
      expect(second.entries.map((e) => e.id)).not.toContain(late?.id);
      await db().delete(waitingListEntries).where(eq(waitingListEntries.email, 'late@example.com'));
    });

    it('refuses a tampered cursor, one of another list or order, a page too large and an unknown order', async () => {
      const first = staffWaitingListResponseSchema.parse((await get('/api/waiting-list?limit=5')).json());
      const cursor = first.nextCursor as string;
      const invitationRows = Array.from({ length: 3 }, (_, n) => ({
        tokenHash: `hash-paged-${n}`,
        artistName: `Invited ${n}`,
        firstName: 'Ada',
        surname: 'Lane',
        email: `invited${n}@example.com`,
        expiresAt: new Date(Date.now() + 86_400_000),
      }));
      await db().insert(invitations).values(invitationRows);
      const other = (await get('/api/artist-invitations?limit=1')).json() as { nextCursor: string };
      expect(other.nextCursor).toEqual(expect.any(String));
      await expectRefusals(staffCtx.app, staff, '/api/waiting-list', [
        [`limit=5&cursor=${tamper(cursor)}`, INVALID_LIST_CURSOR],
        [`cursor=${cursor}x`, INVALID_LIST_CURSOR],
        ['cursor=nonsense', INVALID_LIST_CURSOR],
        [`cursor=${other.nextCursor}`, LIST_CURSOR_MISMATCH],
        [`sort=oldest&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
        ['limit=101', PAGE_SIZE_OUT_OF_RANGE],
        ['limit=0', PAGE_SIZE_OUT_OF_RANGE],
        ['sort=sideways', UNKNOWN_LIST_SORT],
      ]);
    });

    it('refuses visitors and artists before reading the query', async () => {
      for (const [as, status] of [
        [null, 401],
        [artist, 403],
      ] as const) {
        expect((await get('/api/waiting-list?limit=500&cursor=x', as)).statusCode).toBe(status);
      }
    });

    it('reads a page through the (created_at, id) index and its invitation through the entry’s (EXPLAIN)', async () => {
      // 20,000 more entries, every tenth invited: on a few hundred rows reading the whole table
      // is cheaper, and the planner rightly ignores any index.
      await db().execute(sql`
        insert into waiting_list_entries (first_name, surname, artist_name, email, country, city, listen_link, created_at)
        select 'Bulk', 'Entry', 'Bulk ' || g, 'bulk' || g || '@example.com', 'Ireland', 'Cork',
          'https://example.com/' || g, timestamptz '2021-01-01' + g * interval '1 second'
        from generate_series(1, 20000) g`);
      await db().execute(sql`
        insert into invitations (token_hash, artist_name, first_name, surname, email, waiting_list_entry_id, expires_at)
        select 'bulk-hash-' || e.id, e.artist_name, e.first_name, e.surname, e.email, e.id, now() + interval '1 day'
        from waiting_list_entries e where e.artist_name like 'Bulk %' and right(e.artist_name, 1) = '0'`);
      await db().execute(sql`vacuum analyze waiting_list_entries`);
      await db().execute(sql`vacuum analyze invitations`);
      const after = `(w.created_at, w.id) < ('2021-01-01T05:00:00.000000Z'::timestamptz, '00000000-0000-4000-8000-000000000000'::uuid)`;
      for (const where of ['true', after]) {
        const text = await explain(
          db(),
          `select w.id, (select i.id from invitations i where i.waiting_list_entry_id = w.id
             order by i.created_at desc limit 1)
           from waiting_list_entries w where ${where} order by w.created_at desc, w.id desc limit 51`,
        );
        console.info(
          `EXPLAIN (the waiting list, ${where === 'true' ? 'first page' : 'a later page'}):\n${text}`,
        );
        expect(text).toContain('waiting_list_entries_created_at_id_idx');
        expect(text).toContain('invitations_waiting_list_entry_id_created_at_idx');
        expect(text).not.toMatch(/\bSort\b/);
      }
    });
  });
});
