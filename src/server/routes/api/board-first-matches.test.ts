import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_COUNT_CAP,
  BOARD_SORTS,
  type BoardListResponse,
  type BoardSort,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../../domain';
import { submissions } from '../../db/schema';
import { commonSearchWords } from '../../services/submissions/read-board-page';
import { type BoardFixture, boardSubmissionRow, startBoardFixture } from '../../test/board-fixture';

/**
 * The board's first page of a search or filter read with its counts from one reading of the
 * matches (readFirstMatches), below, at and above BOARD_COUNT_CAP, and a search whose
 * common words are checked on the rows its rare word finds (commonSearchWords): every page of
 * every order, walked by cursor, is the view's rows in that order, and the counts are the view's.
 * Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
let board: BoardFixture;

const db = () => board.ctx.database.db;
const page = (query: string) => board.page(query);

/** Statuses of the "ember" rows, in turn. */
const STATUSES: SubmissionStatus[] = ['pending', 'in_progress', 'approved', 'live', 'rejected'];
const TYPES = ['single', 'ep', 'lp'] as const;
/** "ember" Pop rows: exactly the cap. One more "ember" row is Jazz, so "ember" alone is past it. */
const POP = BOARD_COUNT_CAP;

function row(i: number, word: string, genre: string, status: SubmissionStatus) {
  const base = Date.UTC(2024, 0, 1);
  return boardSubmissionRow(board.artistId, {
    status,
    uploadSessionId: `first-matches-${word}-${i}`,
    itemName: `Matched - ${word} Song ${i}`,
    releaseType: TYPES[i % TYPES.length] as string,
    releaseTitle: `${word} Song ${i}`,
    primaryGenre: genre,
    // Every row released within 80 days: a narrow range (isNarrowReleaseRange) holds them all.
    releaseDate: new Date(Date.UTC(2025, 0, 1) + (i % 80) * 86_400_000).toISOString().slice(0, 10),
    artistDetails: { artistName: 'Matched', firstName: 'Sam', surname: 'Match', email: 'match@example.com' },
    // Three at each instant (ties broken by id); status changes in another order, each its own.
    createdAt: new Date(base + Math.floor(i / 3) * 1000),
    statusChangedAt: new Date(base + 10_000_000 + ((i * 7919) % 5000) * 1000),
  });
}

beforeAll(async () => {
  board = await startBoardFixture('first-matches');
  await db()
    .insert(submissions)
    .values([
      ...Array.from({ length: POP }, (_, i) =>
        row(i, 'Ember', 'Pop', STATUSES[i % STATUSES.length] as SubmissionStatus),
      ),
      row(POP, 'Ember', 'Jazz', 'pending'),
      ...Array.from({ length: 20 }, (_, i) => row(i, 'Ash', 'Pop', 'approved')),
    ]);
  // Statistics, as autovacuum (PostgreSQL) or the bench leaves them: the search's sample.
  await db().execute(sql`analyze submissions`);
}, 120_000);
afterAll(async () => board.ctx.close());

/** Every page of a view in one order, walked by cursor: the ids and the first page's answer. */
async function walk(query: string, limit: number): Promise<{ ids: string[]; first: BoardListResponse }> {
  const first = await page(`${query}&limit=${limit}`);
  const ids = first.items.map((item) => item.itemId);
  let cursor = first.nextCursor;
  while (cursor) {
    const next = await page(`${query}&limit=${limit}&cursor=${encodeURIComponent(cursor)}`);
    expect(next.counts).toEqual(first.counts);
    ids.push(...next.items.map((item) => item.itemId));
    cursor = next.nextCursor;
  }
  return { ids, first };
}

const ORDERS: Record<BoardSort, SQL[]> = {
  newest: [desc(submissions.createdAt), desc(submissions.id)],
  oldest: [asc(submissions.createdAt), asc(submissions.id)],
  status: [asc(submissions.status), asc(submissions.createdAt), asc(submissions.id)],
  age: [asc(submissions.statusChangedAt), asc(submissions.id)],
};

/** The view's rows in an order, as the database sorts them. */
async function expected(where: SQL, sort: BoardSort): Promise<string[]> {
  const rows = await db()
    .select({ id: submissions.id })
    .from(submissions)
    .where(where)
    .orderBy(...ORDERS[sort]);
  return rows.map((row) => row.id);
}

async function countsOf(where: SQL): Promise<Record<SubmissionStatus, number>> {
  const rows = await db()
    .select({ status: submissions.status, n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(where)
    .groupBy(submissions.status);
  const counts = Object.fromEntries(SUBMISSION_STATUSES.map((status) => [status, 0])) as Record<
    SubmissionStatus,
    number
  >;
  for (const { status, n } of rows) counts[status] = n;
  return counts;
}

const ember = sql`${submissions.searchText} like '%ember%'`;

describe('GET /api/board/items: a first page read with its counts', () => {
  it('pages a view below the cap in every order, counted exactly', async () => {
    const where = and(ember, eq(submissions.releaseType, 'lp')) as SQL;
    const counts = await countsOf(where);
    for (const sort of BOARD_SORTS) {
      const { ids, first } = await walk(`q=ember&releaseType=lp&sort=${sort}`, 40);
      expect(ids, sort).toEqual(await expected(where, sort));
      expect(first.counts).toEqual(counts);
      expect(first.total).toBe(ids.length);
      expect(first.totalCapped).toBeUndefined();
      expect(first.countsCapped).toBeUndefined();
    }
  });

  it('pages a view of exactly the cap from its matches, counted exactly', async () => {
    const where = and(ember, eq(submissions.primaryGenre, 'Pop')) as SQL;
    const counts = await countsOf(where);
    for (const sort of BOARD_SORTS) {
      const { ids, first } = await walk(`q=ember&genre=Pop&sort=${sort}`, 100);
      expect(ids, sort).toEqual(await expected(where, sort));
      expect(ids).toHaveLength(BOARD_COUNT_CAP);
      expect(first.counts).toEqual(counts);
      expect(first.total).toBe(BOARD_COUNT_CAP);
      expect(first.totalCapped).toBeUndefined();
    }
    // A chosen status: its own rows, the other statuses' counts beside them.
    const approved = await walk('q=ember&genre=Pop&status=approved&sort=newest', 30);
    expect(approved.ids).toEqual(
      await expected(and(where, eq(submissions.status, 'approved')) as SQL, 'newest'),
    );
    expect(approved.first.counts).toEqual(counts);
    expect(approved.first.total).toBe(counts.approved);
    // A page that holds them all, and a view with none of a status.
    const all = await page('q=ember&genre=Pop&status=approved&limit=100&sort=age');
    expect(all.items.map((item) => item.itemId)).toEqual(
      (await expected(and(where, eq(submissions.status, 'approved')) as SQL, 'age')).slice(0, 100),
    );
    const none = await page('q=ember&genre=Pop&status=failed');
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.nextCursor).toBeNull();
  });

  it('pages a view past the cap through the order, counted up to the cap', async () => {
    const counts = await countsOf(ember);
    for (const sort of BOARD_SORTS) {
      const { ids, first } = await walk(`q=ember&sort=${sort}`, 100);
      expect(ids, sort).toEqual(await expected(ember, sort));
      expect(ids).toHaveLength(BOARD_COUNT_CAP + 1);
      expect(first.total).toBe(BOARD_COUNT_CAP);
      expect(first.totalCapped).toBe(true);
      for (const status of SUBMISSION_STATUSES)
        expect(first.counts[status]).toBeLessThanOrEqual(counts[status]);
    }
    // A chosen status past the cap with the others: its own count exact.
    const pending = await walk('q=ember&status=pending&sort=oldest', 100);
    expect(pending.ids).toEqual(
      await expected(and(ember, eq(submissions.status, 'pending')) as SQL, 'oldest'),
    );
    expect(pending.first.total).toBe(counts.pending);
    expect(pending.first.counts.pending).toBe(counts.pending);
    expect(pending.first.totalCapped).toBeUndefined();
  });

  it('pages a narrow release date range from every match read once, below and above the cap', async () => {
    const range = (from: string, to: string) =>
      and(sql`${submissions.releaseDate} >= ${from}`, sql`${submissions.releaseDate} <= ${to}`) as SQL;
    const few = range('2025-01-01', '2025-01-20');
    const fewCounts = await countsOf(few);
    const all = range('2025-01-01', '2025-03-31');
    const allCounts = await countsOf(all);
    for (const sort of BOARD_SORTS) {
      const below = await walk(`releasedFrom=2025-01-01&releasedTo=2025-01-20&sort=${sort}`, 60);
      expect(below.ids, sort).toEqual(await expected(few, sort));
      expect(below.first.counts).toEqual(fewCounts);
      expect(below.first.totalCapped).toBeUndefined();
      const above = await walk(`releasedFrom=2025-01-01&releasedTo=2025-03-31&sort=${sort}`, 100);
      expect(above.ids, sort).toEqual(await expected(all, sort));
      expect(above.first.total).toBe(BOARD_COUNT_CAP);
      expect(above.first.totalCapped).toBe(true);
    }
    // A chosen status of a range past the cap: counted exactly from the same reading.
    const approved = await walk('releasedFrom=2025-01-01&releasedTo=2025-03-31&status=approved', 50);
    expect(approved.ids).toEqual(
      await expected(and(all, eq(submissions.status, 'approved')) as SQL, 'newest'),
    );
    expect(approved.first.total).toBe(allCounts.approved);
    expect(approved.first.counts.approved).toBe(allCounts.approved);
    expect(approved.first.totalCapped).toBeUndefined();
  });

  it('finds a rare word among common ones as a search of them all does', async () => {
    const where = sql`${submissions.searchText} like '%ember%' and ${submissions.searchText} like '%song%' and ${submissions.searchText} like '%77%'`;
    const counts = await countsOf(where);
    expect(counts.pending + counts.approved).toBeGreaterThan(0);
    for (const sort of BOARD_SORTS) {
      const { ids, first } = await walk(`q=${encodeURIComponent('Ember SONG 77')}&sort=${sort}`, 5);
      expect(ids, sort).toEqual(await expected(where, sort));
      expect(first.counts).toEqual(counts);
    }
  });
});

describe('commonSearchWords', () => {
  const sample = Array.from({ length: 100 }, (_, i) => `bench artist ${i} release ${i * 7}`);

  it('names the words most of the sample holds, never the rarest unless it is in most of it too', () => {
    expect(commonSearchWords(['bench', 'artist', '517'], sample)).toEqual(new Set(['bench', 'artist']));
    expect(commonSearchWords(['bench', 'release', '42'], sample)).toEqual(new Set(['bench', 'release']));
    // '5' is in 37 of the 100: common, but the rarest and in fewer than half, so it is looked up.
    expect(commonSearchWords(['bench', '5'], sample)).toEqual(new Set(['bench']));
    // Words in every sampled text: none is looked up, every one checked on the rows read in order.
    expect(commonSearchWords(['bench', 'artist'], sample)).toEqual(new Set(['bench', 'artist']));
    expect(commonSearchWords(['bench'], sample)).toEqual(new Set(['bench']));
    // Beside a code or an address (found through their own indexes).
    expect(commonSearchWords(['bench', 'gbben2400777'], sample)).toEqual(new Set(['bench']));
    expect(commonSearchWords(['bench', 'a@b.example'], sample)).toEqual(new Set(['bench']));
  });

  it('names none for a rare word alone, a code or an address, or a sample too small to tell', () => {
    expect(commonSearchWords(['517'], sample)).toEqual(new Set());
    expect(commonSearchWords(['gbben2400777'], sample)).toEqual(new Set());
    expect(commonSearchWords(['a@b.example'], sample)).toEqual(new Set());
    expect(commonSearchWords(['bench', '517'], sample.slice(0, 10))).toEqual(new Set());
    expect(commonSearchWords(['bench', '517'], [])).toEqual(new Set());
  });
});
