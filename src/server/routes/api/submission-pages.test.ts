import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artistSubmissionsResponseSchema,
  boardListResponseSchema,
  INVALID_LIST_CURSOR,
  LIST_CURSOR_MISMATCH,
  PAGE_SIZE_OUT_OF_RANGE,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  UNKNOWN_BOARD_SORT,
  UNKNOWN_LIST_SORT,
} from '../../../domain';
import { artists, submissions, submissionTracks } from '../../db/schema';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * The paged lists over a seeded board: the artist's own submissions
 * (GET /api/profile/submissions) and the staff board (GET /api/board/items). Rows are inserted
 * directly: 250 submissions through create-item would take minutes and its per-IP limit.
 */
let ctx: TestContext;
let staff: SignedIn;
let artistA: SignedIn;
let artistB: SignedIn;
let artistAId: string;
let artistBId: string;

const SEEDED_FOR_A = 250;
const SEEDED_FOR_B = 3;

const db = () => ctx.database.db;

async function artistIdOf(user: SignedIn): Promise<string> {
  const [row] = await db().select({ id: artists.id }).from(artists).where(eq(artists.userId, user.userId));
  if (!row) throw new Error('sign-in made no artist row');
  return row.id;
}

/**
 * `count` submissions of one artist, a second apart from 2020-01-01, every fifth sharing the time
 * of the one before (ties are broken by id), statuses in turn, every third with two tracks.
 */
async function seed(artistId: string, count: number, offset: number): Promise<void> {
  const base = Date.UTC(2020, 0, 1);
  const rows = Array.from({ length: count }, (_, i) => {
    const n = offset + i;
    const second = n - Math.floor(n / 5);
    return {
      artistId,
      status: SUBMISSION_STATUSES[n % SUBMISSION_STATUSES.length] as SubmissionStatus,
      uploadSessionId: `seed-${artistId}-${i}`,
      itemName: `Seeded ${n}`,
      uploadType: 'new-music',
      releaseType: 'single',
      releaseTitle: `Release ${n}`,
      releaseStrategy: 'together',
      primaryGenre: 'Pop',
      subGenre: 'Indie Pop',
      artistDetails: { artistName: `Artist ${artistId.slice(0, 4)}` },
      formData: {},
      additionalData: {},
      createdAt: new Date(base + second * 1000),
    };
  });
  const inserted = await db().insert(submissions).values(rows).returning({ id: submissions.id });
  const tracks = inserted.flatMap((row, i) =>
    i % 3 === 0
      ? [0, 1].map((position) => ({
          submissionId: row.id,
          position,
          clientId: `t${position}`,
          title: `Track ${position + 1}`,
        }))
      : [],
  );
  await db().insert(submissionTracks).values(tracks);
}

/** Ids in the order a list must give them: newest first (ties: larger id first), or the reverse. */
async function expectedOrder(where: { artistId?: string; status?: SubmissionStatus }, oldest = false) {
  const direction = oldest ? asc : desc;
  const conditions = [
    where.artistId ? eq(submissions.artistId, where.artistId) : undefined,
    where.status ? eq(submissions.status, where.status) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db()
    .select({ id: submissions.id })
    .from(submissions)
    .where(conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined)
    .orderBy(direction(submissions.createdAt), direction(submissions.id));
  return rows.map((row) => row.id);
}

async function get(as: SignedIn, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: as.cookie } });
}

/** Follows nextCursor to the end; every page must answer 200 and the same total. */
async function pageThrough(as: SignedIn, path: string, query: string) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = query ? '&' : '';
    const response = await get(as, `${path}?${query}${cursor ? `${separator}cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { nextCursor: string | null; total: number };
    const items =
      path === '/api/board/items'
        ? boardListResponseSchema.parse(body).items
        : artistSubmissionsResponseSchema.parse(body).submissions;
    ids.push(...items.map((item) => item.itemId));
    totals.add(body.total);
    cursor = body.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { ids, totals: [...totals], pages };
}

/** Each query answers 400 with its message. */
async function expectRefusals(as: SignedIn, path: string, refusals: [string, string][]) {
  for (const [query, message] of refusals) {
    const response = await get(as, `${path}?${query}`);
    expect(response.statusCode, query).toBe(400);
    expect(response.json().error, query).toBe(message);
  }
}

/** The cursor with one character of its payload changed. */
function tamper(cursor: string): string {
  const i = 5;
  const swapped = cursor[i] === 'A' ? 'B' : 'A';
  return `${cursor.slice(0, i)}${swapped}${cursor.slice(i + 1)}`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, db(), 'lists@label.example');
  artistA = await signIn(ctx.app, db(), 'many.submissions@example.com');
  artistB = await signIn(ctx.app, db(), 'few.submissions@example.com');
  artistAId = await artistIdOf(artistA);
  artistBId = await artistIdOf(artistB);
  await seed(artistAId, SEEDED_FOR_A, 0);
  await seed(artistBId, SEEDED_FOR_B, SEEDED_FOR_A);
  await db().execute(sql`analyze submissions`);
});
afterAll(async () => ctx.close());

describe('GET /api/profile/submissions, paged', () => {
  it('gives each of 250 submissions exactly once, newest first, with the total on every page', async () => {
    const paged = await pageThrough(artistA, '/api/profile/submissions', 'limit=30');
    expect(paged.ids).toEqual(await expectedOrder({ artistId: artistAId }));
    expect(paged.pages).toBe(Math.ceil(SEEDED_FOR_A / 30));
    expect(paged.totals).toEqual([SEEDED_FOR_A]);
  });

  it('pages oldest first, and the first page without a cursor is the default size', async () => {
    const paged = await pageThrough(artistA, '/api/profile/submissions', 'sort=oldest&limit=100');
    expect(paged.ids).toEqual(await expectedOrder({ artistId: artistAId }, true));

    const first = artistSubmissionsResponseSchema.parse(
      (await get(artistA, '/api/profile/submissions')).json(),
    );
    expect(first.submissions).toHaveLength(20);
    expect(first.total).toBe(SEEDED_FOR_A);
    expect(first.nextCursor).toEqual(expect.any(String));
    // A list that fits in one page is counted from the page itself.
    const fits = artistSubmissionsResponseSchema.parse(
      (await get(artistB, '/api/profile/submissions')).json(),
    );
    expect(fits).toMatchObject({ total: SEEDED_FOR_B, nextCursor: null });
  });

  it('never shows another artist’s rows through a cursor', async () => {
    const ofA = artistSubmissionsResponseSchema.parse(
      (await get(artistA, '/api/profile/submissions?limit=2')).json(),
    );
    const cursor = ofA.nextCursor as string;
    const foreign = await get(artistB, `/api/profile/submissions?limit=2&cursor=${cursor}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ success: false, error: LIST_CURSOR_MISMATCH });
    const ownOfB = await pageThrough(artistB, '/api/profile/submissions', 'limit=1');
    expect(ownOfB.ids).toEqual(await expectedOrder({ artistId: artistBId }));
  });

  it('refuses a tampered, garbage or mismatched cursor, a page too large and an unknown order', async () => {
    const first = artistSubmissionsResponseSchema.parse(
      (await get(artistA, '/api/profile/submissions?limit=5')).json(),
    );
    const cursor = first.nextCursor as string;
    const board = boardListResponseSchema.parse((await get(staff, '/api/board/items?limit=5')).json());
    const refusals: [string, string][] = [
      [`limit=5&cursor=${tamper(cursor)}`, INVALID_LIST_CURSOR],
      [`limit=5&cursor=${cursor}x`, INVALID_LIST_CURSOR],
      ['cursor=nonsense', INVALID_LIST_CURSOR],
      [`cursor=${'A'.repeat(1001)}`, INVALID_LIST_CURSOR],
      [`sort=oldest&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`cursor=${board.nextCursor}`, LIST_CURSOR_MISMATCH],
      ['limit=101', PAGE_SIZE_OUT_OF_RANGE],
      ['limit=0', PAGE_SIZE_OUT_OF_RANGE],
      ['limit=ten', PAGE_SIZE_OUT_OF_RANGE],
      ['sort=sideways', UNKNOWN_LIST_SORT],
    ];
    await expectRefusals(artistA, '/api/profile/submissions', refusals);
  });
});

describe('GET /api/board/items, paged', () => {
  it('gives every submission exactly once in order, with the same counts on every page', async () => {
    const all = SEEDED_FOR_A + SEEDED_FOR_B;
    const paged = await pageThrough(staff, '/api/board/items', 'limit=100');
    expect(paged.ids).toEqual(await expectedOrder({}));
    expect(paged.totals).toEqual([all]);
    const oldest = await pageThrough(staff, '/api/board/items', 'sort=oldest&limit=64');
    expect(oldest.ids).toEqual(await expectedOrder({}, true));
  });

  it('keeps a status filter across pages', async () => {
    for (const status of ['pending', 'live'] as const) {
      const paged = await pageThrough(staff, '/api/board/items', `status=${status}&limit=7`);
      const expected = await expectedOrder({ status });
      expect(paged.ids).toEqual(expected);
      expect(paged.totals).toEqual([expected.length]);
    }
    // Later pages carry the first page's counts rather than counting again.
    const first = boardListResponseSchema.parse(
      (await get(staff, '/api/board/items?status=live&limit=3')).json(),
    );
    const second = boardListResponseSchema.parse(
      (await get(staff, `/api/board/items?status=live&limit=3&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.counts).toEqual(first.counts);
    expect(second.items.every((item) => item.status === 'live')).toBe(true);
  });

  it('refuses a cursor of another filter or order, a tampered one and a page too large', async () => {
    const first = boardListResponseSchema.parse(
      (await get(staff, '/api/board/items?status=pending&limit=3')).json(),
    );
    const cursor = first.nextCursor as string;
    const refusals: [string, string][] = [
      [`status=live&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`status=pending&sort=oldest&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`status=pending&cursor=${tamper(cursor)}`, INVALID_LIST_CURSOR],
      ['limit=500', PAGE_SIZE_OUT_OF_RANGE],
      ['sort=random', UNKNOWN_BOARD_SORT],
    ];
    await expectRefusals(staff, '/api/board/items', refusals);
  });
});

describe('the page queries use the list indexes (EXPLAIN)', () => {
  let bulkArtistId: string;

  // A board of 20,000 more submissions from 100 artists, most of them live: on a few hundred rows
  // reading the whole table is cheaper, and the planner rightly ignores any index. A status that is
  // a small part of the board is read through its own index; a common one may as well be read
  // through the board's order with a filter (either way, no sort).
  beforeAll(async () => {
    await db().execute(sql`
      with bulk as (
        insert into artists (email) select 'bulk' || g || '@example.com' from generate_series(1, 100) g
        returning id
      ), ids as (select array_agg(id) as list from bulk)
      insert into submissions (artist_id, status, upload_session_id, item_name, upload_type, release_type,
        release_title, release_strategy, primary_genre, sub_genre, artist_details, form_data,
        additional_data, created_at)
      select ids.list[1 + g % 100],
        case when g % 20 = 0
          then (enum_range(null::submission_status))[1 + (g / 20) % cardinality(enum_range(null::submission_status))]
          else 'live' end,
        'bulk-' || g, 'Bulk', 'new-music', 'single', 'Bulk ' || g, 'together', 'Pop', 'Indie Pop',
        '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, timestamptz '2021-01-01' + g * interval '1 second'
      from generate_series(1, 20000) g, ids`);
    // As autovacuum would leave it: statistics, and the visibility map index-only scans rely on.
    await db().execute(sql`vacuum analyze submissions`);
    const [row] = await db()
      .select({ id: artists.id })
      .from(artists)
      .where(eq(artists.email, 'bulk7@example.com'));
    bulkArtistId = row?.id ?? '';
  });

  /** The plan of a page query as read-submissions.ts writes it: the filter, the keyset, the order. */
  async function plan(where: string): Promise<string> {
    const result = await db().execute(
      sql.raw(`explain select id from submissions where ${where}
        order by created_at desc, id desc limit 51`),
    );
    const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
    return rows.map((row) => Object.values(row)[0]).join('\n');
  }
  const after = `(created_at, id) < ('2021-01-01T05:00:00.000000Z'::timestamptz, '00000000-0000-4000-8000-000000000000'::uuid)`;

  it.each([
    ['the board, first page', () => 'true', 'submissions_created_at_id_idx'],
    ['the board, a later page', () => after, 'submissions_created_at_id_idx'],
    ['the board by status, first page', () => `status = 'pending'`, 'submissions_status_created_at_id_idx'],
    [
      'the board by status, a later page',
      () => `status = 'pending' and ${after}`,
      'submissions_status_created_at_id_idx',
    ],
    [
      'an artist’s list',
      () => `artist_id = '${bulkArtistId}' and ${after}`,
      'submissions_artist_id_created_at_id_idx',
    ],
  ])('%s', async (name, where, index) => {
    const text = await plan(where());
    console.info(`EXPLAIN (${name}):\n${text}`);
    expect(text).toContain(index);
    expect(text).not.toMatch(/\bSort\b/);
  });

  // The response promise: overdue is Pending with its clock started before the cutoff
  // (promise-settings.ts overdueCondition). Through the pending rows' own index on when their clock
  // started (then a sort of those few), or the status index from the cutoff down: never the table.
  const overdue = `status = 'pending' and coalesce(returned_to_pending_at, created_at) < '2021-01-01T04:00:00Z'::timestamptz and created_at < '2021-01-01T04:00:00Z'::timestamptz`;
  it('the board past the promise, a page and its count', async () => {
    const page = await plan(overdue);
    console.info(`EXPLAIN (overdue page):\n${page}`);
    expect(page).toMatch(/submissions_pending_waiting_since_idx|submissions_status_created_at_id_idx/);
    expect(page).not.toMatch(/Seq Scan/);
    const result = await db().execute(sql.raw(`explain select count(*) from submissions where ${overdue}`));
    const count = (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
    console.info(`EXPLAIN (overdue count):\n${count}`);
    expect(count).not.toMatch(/Seq Scan/);
  });
});
