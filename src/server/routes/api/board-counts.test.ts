import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BOARD_COUNT_CAP, SUBMISSION_STATUSES, type SubmissionStatus } from '../../../domain';
import { forgetCached } from '../../db/read-cache';
import { submissions } from '../../db/schema';
import { type BoardFixture, boardSubmissionRow, startBoardFixture } from '../../test/board-fixture';

/**
 * The board's counts at volume: narrowed by a search or a filter, the view is counted
 * up to BOARD_COUNT_CAP, exactly below it; above it the total and the counts per status say they are
 * lower bounds (`totalCapped`, `countsCapped`), never a wrong exact number. The whole board's counts
 * stay exact. Runs on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL).
 */
let board: BoardFixture;

const db = () => board.ctx.database.db;
const page = (query: string) => board.page(query);

/** More pending than the cap, a few approved, all found by the word "lantern"; rejected ones are not. */
const PENDING = BOARD_COUNT_CAP + 25;
const APPROVED = 3;
const REJECTED = 4;

function row(i: number, status: SubmissionStatus, title: string) {
  return boardSubmissionRow(board.artistId, {
    status,
    uploadSessionId: `counts-${status}-${i}`,
    itemName: `Counted - ${title}`,
    releaseType: 'single',
    releaseTitle: title,
    primaryGenre: status === 'approved' ? 'Jazz' : 'Pop',
    artistDetails: { artistName: 'Counted', firstName: 'Sam', surname: 'Count', email: 'count@example.com' },
    // Long past any response promise: every pending one is overdue.
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000),
  });
}

beforeAll(async () => {
  board = await startBoardFixture('counts');
  await db()
    .insert(submissions)
    .values([
      ...Array.from({ length: PENDING }, (_, i) => row(i, 'pending', `Lantern Song ${i}`)),
      ...Array.from({ length: APPROVED }, (_, i) => row(i, 'approved', `Lantern Hymn ${i}`)),
      ...Array.from({ length: REJECTED }, (_, i) => row(i, 'rejected', `Candle Song ${i}`)),
    ]);
}, 120_000);
afterAll(async () => board.ctx.close());

const zeroes = () => Object.fromEntries(SUBMISSION_STATUSES.map((status) => [status, 0]));

describe('GET /api/board/items: counts at volume', () => {
  it('counts a broad search up to the cap: "1,000+" in all, each status at least what it says', async () => {
    const answer = await page('q=lantern&limit=10');
    expect(answer.total).toBe(BOARD_COUNT_CAP);
    expect(answer.totalCapped).toBe(true);
    // Each status's count is a lower bound, never more than really match.
    expect([...(answer.countsCapped ?? [])].sort()).toEqual([...SUBMISSION_STATUSES].sort());
    expect(answer.counts.pending).toBeLessThanOrEqual(BOARD_COUNT_CAP);
    expect(answer.counts.approved).toBeLessThanOrEqual(APPROVED);
    expect(answer.counts.rejected).toBe(0);
    const counted = Object.values(answer.counts).reduce((sum, n) => sum + n, 0);
    expect(counted).toBeGreaterThanOrEqual(BOARD_COUNT_CAP);
    expect(answer.items).toHaveLength(10);
  });

  it('counts the chosen status of a broad search exactly under the cap, or says it reached it', async () => {
    const approved = await page('q=lantern&status=approved');
    expect(approved.total).toBe(APPROVED);
    expect(approved.totalCapped).toBeUndefined();
    expect(approved.counts.approved).toBe(APPROVED);
    expect(approved.countsCapped).not.toContain('approved');
    expect(approved.countsCapped).toContain('pending');
    const pending = await page('q=lantern&status=pending&limit=5');
    expect(pending.total).toBe(BOARD_COUNT_CAP);
    expect(pending.totalCapped).toBe(true);
    expect(pending.counts.pending).toBe(BOARD_COUNT_CAP);
  });

  it('carries the capped counts to the next page in the cursor', async () => {
    const first = await page('q=lantern&status=pending&limit=50');
    const second = await page(
      `q=lantern&status=pending&limit=50&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(second.items.map((item) => item.itemId)).not.toContain(first.items[0]?.itemId);
    expect(second.counts).toEqual(first.counts);
    expect(second.countsCapped).toEqual(first.countsCapped);
    expect(second.total).toBe(BOARD_COUNT_CAP);
    expect(second.totalCapped).toBe(true);
    expect(second.overdueCapped).toBe(first.overdueCapped);
  });

  it('counts exactly what a search or filter leaves under the cap', async () => {
    const jazz = await page('genre=Jazz');
    expect(jazz.counts).toEqual({ ...zeroes(), approved: APPROVED });
    expect(jazz.countsCapped).toBeUndefined();
    expect(jazz.totalCapped).toBeUndefined();
    const candles = await page('q=candle');
    expect(candles.counts).toEqual({ ...zeroes(), rejected: REJECTED });
    expect(candles.total).toBe(REJECTED);
  });

  it('counts the whole board exactly, however many', async () => {
    const all = await page('limit=1');
    expect(all.counts).toEqual({ ...zeroes(), pending: PENDING, approved: APPROVED, rejected: REJECTED });
    expect(all.total).toBe(PENDING + APPROVED + REJECTED);
    expect(all.countsCapped).toBeUndefined();
    expect(all.totalCapped).toBeUndefined();
  });

  it('caps the count of those past the response promise', async () => {
    const all = await page('limit=1');
    expect(all.overdue).toBe(BOARD_COUNT_CAP);
    expect(all.overdueCapped).toBe(true);
    const overdue = await page('overdue=true&limit=1');
    expect(overdue.total).toBe(BOARD_COUNT_CAP);
    expect(overdue.totalCapped).toBe(true);
  });

  it('keeps the overdue count while no pending submission is written, and counts again after any write', async () => {
    const moved = await db()
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.status, 'pending'))
      .orderBy(submissions.createdAt)
      .limit(30);
    const ids = moved.map((row) => row.id);
    onTestFinished(async () => {
      await db().update(submissions).set({ status: 'pending' }).where(inArray(submissions.id, ids));
    });
    // Written as another process of a cluster would: this process hears nothing of it.
    await db().update(submissions).set({ status: 'approved' }).where(inArray(submissions.id, ids));
    const fewer = await page('limit=1');
    expect(fewer.overdue).toBe(PENDING - 30);
    expect(fewer.overdueCapped).toBeUndefined();
    expect((await page('limit=1')).overdue).toBe(PENDING - 30);
    // Back to pending today: waiting since now, not overdue; since long ago: overdue again.
    const [today, longAgo] = ids;
    await db()
      .update(submissions)
      .set({ status: 'pending', returnedToPendingAt: new Date() })
      .where(eq(submissions.id, today as string));
    expect((await page('limit=1')).overdue).toBe(PENDING - 30);
    await db()
      .update(submissions)
      .set({ status: 'pending', returnedToPendingAt: new Date(Date.UTC(2024, 5, 1)) })
      .where(eq(submissions.id, longAgo as string));
    expect((await page('limit=1')).overdue).toBe(PENDING - 29);
    // The count is kept by the counts' trigger: a write it does not see (triggers switched off for
    // one transaction) leaves the kept count standing, which shows it was not read again.
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(submissions)
        .set({ returnedToPendingAt: null })
        .where(eq(submissions.id, today as string));
    });
    expect((await page('limit=1')).overdue).toBe(PENDING - 29);
    await db()
      .update(submissions)
      .set({ rating: 3 })
      .where(eq(submissions.id, today as string));
    expect((await page('limit=1')).overdue).toBe(PENDING - 28);
  });

  it('answers alike when the word is in most of the board (read in the order, not looked up)', async () => {
    // With the planner's sample taken, "lantern" is known to be in nearly every row: a chosen status
    // reads its first matches in the page's order, for its count and the page at once.
    await db().execute(sql`analyze submissions`);
    forgetCached('board:search-text-sample');
    const lantern = sql`${submissions.searchText} like '%lantern%'`;
    const orders = {
      newest: [desc(submissions.createdAt), desc(submissions.id)],
      oldest: [asc(submissions.createdAt), asc(submissions.id)],
      status: [asc(submissions.createdAt), asc(submissions.id)],
      age: [asc(submissions.statusChangedAt), asc(submissions.id)],
    } as const;
    for (const status of ['pending', 'approved'] as const) {
      const matching = and(lantern, eq(submissions.status, status));
      const [{ n } = { n: 0 }] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(submissions)
        .where(matching);
      for (const [sort, orderBy] of Object.entries(orders)) {
        const expected = await db()
          .select({ id: submissions.id })
          .from(submissions)
          .where(matching)
          .orderBy(...orderBy)
          .limit(7);
        const answer = await page(`q=lantern&status=${status}&sort=${sort}&limit=7`);
        expect(
          answer.items.map((item) => item.itemId),
          `${status} ${sort}`,
        ).toEqual(expected.map((r) => r.id));
        expect(answer.total, `${status} ${sort}`).toBe(Math.min(n, BOARD_COUNT_CAP));
        expect(answer.totalCapped, `${status} ${sort}`).toBe(n > BOARD_COUNT_CAP ? true : undefined);
        expect(answer.counts[status]).toBe(Math.min(n, BOARD_COUNT_CAP));
      }
    }
  });
});
