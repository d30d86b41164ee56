import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIST_SEARCH_TOO_LONG,
  authMessages,
  INVALID_LIST_CURSOR,
  LIST_CURSOR_MISMATCH,
  PAGE_SIZE_OUT_OF_RANGE,
  staffArtistListResponseSchema,
  UNKNOWN_ARTIST_LIST_SORT,
} from '../../../domain';
import { agreementTemplates, artists, signatureRequests, submissions } from '../../db/schema';
import { expectRefusals, explain, pageThrough, seededTimes, tamper } from '../../test/paged-list';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * GET /api/artists: the staff list of every artist, paged, searched and sorted. Its
 * own database, so the artists counted are the ones made here.
 */
let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'console@label.example');
  artist = await signIn(ctx.app, ctx.database.db, 'listener@example.com');
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const get = (url: string, as: SignedIn | null = staff) =>
  ctx.app.inject({ method: 'GET', url, headers: as ? { cookie: as.cookie } : {} });
const list = async (query = '') => {
  const response = await get(`/api/artists${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffArtistListResponseSchema.parse(response.json());
};
const idsOf = (body: unknown) => staffArtistListResponseSchema.parse(body).artists.map((a) => a.artistId);

function submission(
  artistId: string,
  n: number,
  createdAt: Date,
  status: 'pending' | 'approved' = 'pending',
) {
  return {
    artistId,
    uploadSessionId: `artist-list-${artistId}-${n}`,
    itemName: `Item ${n}`,
    uploadType: 'new-music',
    releaseType: 'single',
    releaseTitle: `Release ${n}`,
    releaseStrategy: 'together',
    primaryGenre: 'Pop',
    subGenre: 'Indie Pop',
    artistDetails: { artistName: 'Seeded' },
    formData: {},
    additionalData: {},
    status,
    createdAt,
  } as const;
}

async function templateId(): Promise<string> {
  const [existing] = await db().select({ id: agreementTemplates.id }).from(agreementTemplates).limit(1);
  if (existing) return existing.id;
  const [made] = await db()
    .insert(agreementTemplates)
    .values({ version: 1, title: 'Artist agreement', body: 'Terms.' })
    .returning();
  if (!made) throw new Error('template not stored');
  return made.id;
}

describe('GET /api/artists', () => {
  let nova: string;
  let harbour: string;

  beforeAll(async () => {
    const [a, b] = await db()
      .insert(artists)
      .values([
        {
          email: 'ada@nova.example',
          name: 'Ada Lane',
          artistName: 'Nova Lane',
          picture: 'upload:00000000-0000-4000-8000-0000000000aa',
          createdAt: new Date('2026-01-01T10:00:00Z'),
        },
        { email: 'Ben@Harbour.example', name: 'Ben Quay', createdAt: new Date('2026-02-01T10:00:00Z') },
      ])
      .returning();
    if (!a || !b) throw new Error('artists not stored');
    nova = a.id;
    harbour = b.id;
    await db()
      .insert(submissions)
      .values([
        submission(nova, 1, new Date('2026-03-01T10:00:00Z'), 'approved'),
        submission(nova, 2, new Date('2026-03-05T10:00:00Z')),
      ]);
    await db()
      .insert(signatureRequests)
      .values({
        artistId: nova,
        templateId: await templateId(),
        templateVersion: 1,
        status: 'signed',
        signerName: 'Ada Lane',
        signerEmail: 'ada@nova.example',
        documentTitle: 'Artist agreement',
        documentText: 'Terms.',
        documentSha256: 'x'.repeat(64),
        expiresAt: new Date('2026-04-01T00:00:00Z'),
        signedAt: new Date('2026-03-02T00:00:00Z'),
      });
  });

  it('refuses visitors with 401 and artists with 403, before reading the query', async () => {
    for (const url of ['/api/artists', '/api/artists?limit=500&cursor=x&sort=up']) {
      const anonymous = await get(url, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toBe(authMessages.notAuthenticated);
      const asArtist = await get(url, artist);
      expect(asArtist.statusCode).toBe(403);
      expect(asArtist.json().error).toBe(authMessages.staffOnly);
    }
  });

  it('lists every artist newest first, with picture, submissions, the newest one and the agreement', async () => {
    const response = await get('/api/artists');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = staffArtistListResponseSchema.parse(response.json());
    const mine = body.artists.filter((a) => a.artistId === nova || a.artistId === harbour);
    expect(mine.map((a) => a.artistId)).toEqual([harbour, nova]);
    expect(body.total).toBe(body.artists.length);
    expect(mine[1]).toEqual({
      artistId: nova,
      name: 'Nova Lane',
      email: 'ada@nova.example',
      picture: expect.stringMatching(/\/files\/00000000-0000-4000-8000-0000000000aa\?/),
      createdAt: '2026-01-01T10:00:00.000Z',
      submissionCount: 2,
      latestSubmission: { status: 'pending', createdAt: '2026-03-05T10:00:00.000Z' },
      hasSignedContract: true,
    });
    expect(mine[0]).toEqual({
      artistId: harbour,
      name: 'Ben Quay',
      email: 'Ben@Harbour.example',
      picture: null,
      createdAt: '2026-02-01T10:00:00.000Z',
      submissionCount: 0,
      latestSubmission: null,
      hasSignedContract: false,
    });
  });

  it('finds artists by the start of their name or e-mail, in any case, taking % and _ literally', async () => {
    expect(idsOf(await list('q=nova'))).toEqual([nova]);
    expect(idsOf(await list('q=  NOVA%20L '))).toEqual([nova]);
    expect(idsOf(await list('q=ben%40harbour'))).toEqual([harbour]);
    expect(idsOf(await list('q=ada%40'))).toEqual([nova]);
    // Not the middle of a name, and not the person's name when an artist name is set.
    expect((await list('q=lane')).artists).toEqual([]);
    expect((await list('q=ada%20lane')).total).toBe(0);
    expect((await list('q=%25')).artists).toEqual([]);
    expect((await list('q=_')).artists).toEqual([]);
    expect((await list('q=')).total).toBeGreaterThanOrEqual(2);
  });

  it('sorts by name, A to Z, ties broken by id', async () => {
    const body = await list('sort=name&limit=100');
    const names = body.artists.map((a) => a.name.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(names.indexOf('ben quay')).toBeLessThan(names.indexOf('nova lane'));
  });

  describe('on many artists', () => {
    const SEEDED = 130;

    beforeAll(async () => {
      // Names that tie (every fifth equals the one before) and times that tie, so both orders must
      // break ties by id to page without gaps or repeats.
      await db()
        .insert(artists)
        .values(
          seededTimes(SEEDED).map((createdAt, n) => ({
            email: `seeded${n}@example.com`,
            artistName: `Seeded ${String(n - Math.floor(n / 5)).padStart(3, '0')}`,
            createdAt,
          })),
        );
      await db().execute(sql`analyze artists`);
    });

    async function expectedOrder(order: 'newest' | 'oldest' | 'name', q?: string) {
      const where = q
        ? sql`where lower(coalesce(nullif(btrim(artist_name), ''), nullif(btrim(name), ''), email)) like ${`${q}%`} or lower(email) like ${`${q}%`}`
        : sql``;
      const by =
        order === 'name'
          ? sql`lower(coalesce(nullif(btrim(artist_name), ''), nullif(btrim(name), ''), email)) collate "C", id`
          : order === 'oldest'
            ? sql`created_at, id`
            : sql`created_at desc, id desc`;
      const result = await db().execute(sql`select id from artists ${where} order by ${by}`);
      return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    }

    it.each(['newest', 'oldest', 'name'] as const)(
      'gives every artist exactly once across pages, sorted %s',
      async (order) => {
        const all = await expectedOrder(order);
        const paged = await pageThrough(ctx.app, staff, '/api/artists', `sort=${order}&limit=30`, idsOf);
        expect(paged.ids).toEqual(all);
        expect(paged.pages).toBe(Math.ceil(all.length / 30));
        expect(paged.totals).toEqual([all.length]);
      },
    );

    it('pages through a search with its own total', async () => {
      const all = await expectedOrder('name', 'seeded 01');
      expect(all.length).toBe(12);
      const paged = await pageThrough(
        ctx.app,
        staff,
        '/api/artists',
        'q=Seeded%2001&sort=name&limit=5',
        idsOf,
      );
      expect(paged.ids).toEqual(all);
      expect(paged.totals).toEqual([12]);
    });

    it('refuses a tampered cursor, one of another search or order, a page too large, an unknown order, a search too long', async () => {
      const first = await list('limit=5');
      const cursor = first.nextCursor as string;
      const byName = (await list('sort=name&limit=5')).nextCursor as string;
      const searched = (await list('q=seeded&limit=5')).nextCursor as string;
      const waiting = await get('/api/artist-invitations?limit=1');
      expect(waiting.statusCode).toBe(200);
      await expectRefusals(ctx.app, staff, '/api/artists', [
        [`limit=5&cursor=${tamper(cursor)}`, INVALID_LIST_CURSOR],
        [`sort=name&cursor=${tamper(byName)}`, INVALID_LIST_CURSOR],
        [`cursor=${cursor}x`, INVALID_LIST_CURSOR],
        ['cursor=nonsense', INVALID_LIST_CURSOR],
        [`cursor=${'a'.repeat(4001)}`, INVALID_LIST_CURSOR],
        [`sort=oldest&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
        [`sort=name&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
        [`cursor=${byName}`, LIST_CURSOR_MISMATCH],
        [`cursor=${searched}`, LIST_CURSOR_MISMATCH],
        [`q=other&cursor=${searched}`, LIST_CURSOR_MISMATCH],
        ['limit=101', PAGE_SIZE_OUT_OF_RANGE],
        ['limit=0', PAGE_SIZE_OUT_OF_RANGE],
        ['limit=ten', PAGE_SIZE_OUT_OF_RANGE],
        ['sort=sideways', UNKNOWN_ARTIST_LIST_SORT],
        [`q=${'a'.repeat(101)}`, ARTIST_SEARCH_TOO_LONG],
        ['q=a&q=b', ARTIST_SEARCH_TOO_LONG],
      ]);
      // The same search in another case is the same list.
      expect((await get(`/api/artists?q=SEEDED&cursor=${searched}`)).statusCode).toBe(200);
    });

    it('reads a page through an index with no sort, in every order and for a search (EXPLAIN)', async () => {
      // 20,000 more artists, every tenth with two submissions: on a few hundred rows reading the
      // whole table is cheaper, and the planner rightly ignores any index.
      await db().execute(sql`
        insert into artists (email, artist_name, created_at)
        select 'bulk' || g || '@example.com', 'Bulk ' || g, timestamptz '2021-01-01' + g * interval '1 second'
        from generate_series(1, 20000) g`);
      await db().execute(sql`
        insert into submissions (artist_id, upload_session_id, item_name, upload_type, release_type, release_title,
          release_strategy, primary_genre, sub_genre, artist_details, form_data, additional_data, created_at)
        select a.id, 'bulk-' || a.id || '-' || k, 'Bulk', 'new-music', 'single', 'Bulk', 'together', 'Pop', 'Indie Pop',
          '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, a.created_at + k * interval '1 day'
        from artists a, generate_series(1, 2) k where a.artist_name like 'Bulk %0'`);
      await db().execute(sql`vacuum analyze artists`);
      await db().execute(sql`vacuum analyze submissions`);
      const nameKey = `lower(coalesce(nullif(btrim(a.artist_name), ''), nullif(btrim(a.name), ''), a.email)) collate "C"`;
      const columns = `a.id,
        (select count(*) from submissions s where s.artist_id = a.id),
        (select s.status from submissions s where s.artist_id = a.id order by s.created_at desc, s.id desc limit 1),
        exists (select 1 from signature_requests r where r.artist_id = a.id and r.status = 'signed')`;
      const queries: [string, string, string][] = [
        [
          'newest, a later page',
          `(a.created_at, a.id) < ('2021-01-01T05:00:00.000000Z'::timestamptz, '00000000-0000-4000-8000-000000000000'::uuid)`,
          'a.created_at desc, a.id desc',
        ],
        [
          'by name, a later page',
          `(${nameKey}, a.id) > ('bulk 5', '00000000-0000-4000-8000-000000000000'::uuid)`,
          `${nameKey}, a.id`,
        ],
        [
          'by name, a search',
          `(${nameKey} like 'bulk 123%' or lower(a.email) collate "C" like 'bulk 123%')`,
          `${nameKey}, a.id`,
        ],
      ];
      for (const [label, where, order] of queries) {
        const text = await explain(
          db(),
          `select ${columns} from artists a where ${where} order by ${order} limit 26`,
        );
        console.info(`EXPLAIN (the artists, ${label}):\n${text}`);
        if (label.includes('search')) {
          expect(text).toContain('artists_list_name_idx');
          expect(text).toContain('artists_list_email_idx');
        } else {
          expect(text).toMatch(/artists_(created_at_id|list_name)_idx/);
          expect(text).not.toMatch(/\bSort\b/);
        }
        expect(text).toContain('submissions_artist_id_created_at_id_idx');
        expect(text).not.toMatch(/Seq Scan on submissions/);
      }
    });
  });
});
