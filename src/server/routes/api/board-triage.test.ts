import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_RELEASE_DATE_FILTER,
  BOARD_SEARCH_TOO_LONG,
  BOARD_SEARCH_TOO_SHORT,
  BULK_DUPLICATE_IDS,
  BULK_IDS_REQUIRED,
  BULK_TOO_MANY,
  BULK_UNKNOWN_DECISION,
  bulkDecisionResponseSchema,
  formatStatusChangeRefused,
  formatTemplateMismatch,
  LIST_CURSOR_MISMATCH,
  RELEASE_DATE_RANGE_REVERSED,
  SUBMISSION_NOT_FOUND,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  UNKNOWN_BOARD_SORT,
  UNKNOWN_DELIVERY_FILTER,
  UNKNOWN_GENRE_FILTER,
  UNKNOWN_RELEASE_TYPE_FILTER,
} from '../../../domain';
import {
  catalogueItems,
  outboxMessages,
  releaseDeliveries,
  submissionEvents,
  submissions,
  submissionTracks,
  uploads,
} from '../../db/schema';
import { readPromiseClock } from '../../services/response-promise/promise-settings';
import { openBoardExport } from '../../services/submissions/export-board';
import { deliveryCondition, readDeliveryStateRows } from '../../services/submissions/read-board-page';
import { type BoardFixture, startBoardFixture } from '../../test/board-fixture';
import type { SignedIn } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import type { TestContext } from '../../test/test-context';

/**
 * Triage at speed through GET /api/board/items and POST
 * /api/board/items/bulk-status: the search (names, title, e-mail, ISRC, UPC), the filters, the four
 * orders paged by cursor, the counts per status beside them, and one decision for several
 * submissions. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;
let artistId: string;
let page: BoardFixture['page'];

const db = () => ctx.database.db;

interface SeedRow {
  artistName: string;
  email: string;
  title: string;
  status: SubmissionStatus;
  releaseType: 'single' | 'ep' | 'lp';
  genre: string;
  releaseDate: string | null;
  /** Seconds after 2024-01-01 it arrived. */
  at: number;
}

const PEOPLE = [
  ['Maya Rivers', 'maya@rivers.example'],
  ['Tidal Choir', 'choir@tidal.example'],
  ['Northern Lights', 'hello@northern.example'],
  ['Quiet Harbour', 'harbour@quiet.example'],
] as const;
const GENRES = ['Pop', 'Electronic', 'Jazz'] as const;
const TYPES = ['single', 'ep', 'lp'] as const;

/** 60 submissions: each person's in turn, statuses, types and genres in turn, 3 sharing each second. */
const ROWS: SeedRow[] = Array.from({ length: 60 }, (_, i) => {
  const [artistName, email] = PEOPLE[i % PEOPLE.length] as readonly [string, string];
  return {
    artistName,
    email,
    title: `${['Morning', 'Evening', 'Harbour'][i % 3]} Song ${i}`,
    status: SUBMISSION_STATUSES[i % SUBMISSION_STATUSES.length] as SubmissionStatus,
    releaseType: TYPES[i % TYPES.length] as SeedRow['releaseType'],
    genre: GENRES[i % GENRES.length] as string,
    releaseDate: i % 10 === 9 ? null : `2025-${String(1 + (i % 12)).padStart(2, '0')}-15`,
    at: Math.floor(i / 3),
  };
});
let seededIds: string[] = [];

async function seed(): Promise<void> {
  const base = Date.UTC(2024, 0, 1);
  const inserted = await db()
    .insert(submissions)
    .values(
      ROWS.map((row, i) => ({
        artistId,
        status: row.status,
        uploadSessionId: `triage-${i}`,
        itemName: `${row.artistName} - ${row.title}`,
        uploadType: 'new-music',
        releaseType: row.releaseType,
        releaseTitle: row.title,
        releaseDate: row.releaseDate,
        releaseStrategy: 'together',
        primaryGenre: row.genre,
        subGenre: 'None of the above',
        artistDetails: {
          artistName: row.artistName,
          firstName: 'Sam',
          surname: `Person${i}`,
          email: row.email,
        },
        formData: {},
        additionalData: {},
        createdAt: new Date(base + row.at * 1000),
      })),
    )
    .returning({ id: submissions.id });
  seededIds = inserted.map((row) => row.id);
  // Statuses changed at known times for the "age" order: the reverse of their arrival, ties in threes.
  await db().execute(sql`update submissions set status_changed_at = created_at + (interval '1 day') - (
      extract(epoch from created_at - ${new Date(base).toISOString()}::timestamptz) * 2 * interval '1 second')
    where upload_session_id like 'triage-%'`);
  // Track 0 of the first carries an ISRC, the second a catalogue item with a UPC.
  await db()
    .insert(submissionTracks)
    .values([
      {
        submissionId: seededIds[0] as string,
        position: 0,
        clientId: 't0',
        title: 'Glow',
        isrc: 'GB-ABC-24-00017',
      },
      {
        submissionId: seededIds[0] as string,
        position: 1,
        clientId: 't1',
        title: 'Fade',
        isrc: 'GB-ABC-24-00018',
      },
    ]);
  await db()
    .insert(catalogueItems)
    .values({
      submissionId: seededIds[1] as string,
      position: 0,
      clientId: 'c0',
      type: 'album',
      title: 'Old Album',
      artist: 'Tidal Choir',
      details: { upc: '0602577000017', label: 'Tidal Records' },
    });
}

beforeAll(async () => {
  const board = await startBoardFixture('triage');
  ({ ctx, staff, artist, artistId } = board);
  page = board.page;
  await seed();
});
afterAll(async () => ctx.close());

async function get(query: string, as: SignedIn | null = staff) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/board/items?${query}`,
    headers: as ? { cookie: as.cookie } : {},
  });
}

/** Every page of a query, following the cursors: the ids in order and the totals seen. */
async function pageThrough(query: string): Promise<{ ids: string[]; totals: Set<number> }> {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const answer = await page(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ids.push(...answer.items.map((item) => item.itemId));
    totals.add(answer.total);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return { ids, totals };
}

/** The seeded ids matching `keep`, in the order `compare` gives (ties by id, as the lists break them). */
function expected(keep: (row: SeedRow) => boolean, compare: (a: SeedRow, b: SeedRow) => number): string[] {
  return ROWS.map((row, i) => ({ row, id: seededIds[i] as string }))
    .filter(({ row }) => keep(row))
    .sort((a, b) => compare(a.row, b.row) || (a.id < b.id ? -1 : 1))
    .map(({ id }) => id);
}

const all = () => true;
const anyOrder = () => 0;
const rank = (status: SubmissionStatus) => SUBMISSION_STATUSES.indexOf(status);

describe('GET /api/board/items: search', () => {
  it('finds by artist name, person, title and e-mail, any case, every word', async () => {
    const maya = await page('q=maya&limit=100');
    expect(maya.items.map((i) => i.itemId).sort()).toEqual(
      expected((r) => r.artistName === 'Maya Rivers', anyOrder).sort(),
    );
    const email = await page(`q=${encodeURIComponent('HELLO@northern')}&limit=100`);
    expect(email.total).toBe(ROWS.filter((r) => r.email.startsWith('hello@')).length);
    // A whole address is matched exactly (any case); a part of one anywhere.
    const exact = await page(`q=${encodeURIComponent('Maya@Rivers.example')}&limit=100`);
    expect(exact.total).toBe(ROWS.filter((r) => r.email === 'maya@rivers.example').length);
    expect((await page(`q=${encodeURIComponent('aya@rivers.example')}`)).total).toBe(0);
    expect((await page(`q=${encodeURIComponent('@rivers.exam')}`)).total).toBe(exact.total);
    const words = await page(`q=${encodeURIComponent('harbour song')}&limit=100`);
    // "harbour" in the artist's name or the title, and "song" in every title.
    expect(words.total).toBe(ROWS.filter((r) => /harbour/i.test(`${r.artistName} ${r.title}`)).length);
    const person = await page('q=person17');
    expect(person.items.map((i) => i.itemId)).toEqual([seededIds[17]]);
  });

  it('looks a word of 12 or 13 digits up as a UPC and as text', async () => {
    // The release's assigned code, and a title that holds a number of as many digits.
    await db()
      .insert(releaseDeliveries)
      .values({ submissionId: seededIds[2] as string, icpn: '5060000000019', icpnOrigin: 'label' })
      .onConflictDoUpdate({ target: releaseDeliveries.submissionId, set: { icpn: '5060000000019' } });
    await db()
      .update(submissions)
      .set({ releaseTitle: 'Live at 123456789012 Hz' })
      .where(eq(submissions.id, seededIds[3] as string));
    expect((await page('q=5060000000019')).items.map((i) => i.itemId)).toEqual([seededIds[2]]);
    expect((await page('q=123456789012')).items.map((i) => i.itemId)).toEqual([seededIds[3]]);
    expect((await page('q=0602577000017')).items.map((i) => i.itemId)).toEqual([seededIds[1]]);
  });

  it('finds a track by its ISRC and a catalogue item by its UPC, with or without hyphens', async () => {
    for (const q of ['GB-ABC-24-00017', 'gbabc2400017', 'GB ABC 24 00017']) {
      expect(
        (await page(`q=${encodeURIComponent(q)}`)).items.map((i) => i.itemId),
        q,
      ).toEqual([seededIds[0]]);
    }
    expect((await page('q=0602577000017')).items.map((i) => i.itemId)).toEqual([seededIds[1]]);
    // The search text follows the tracks: a changed ISRC is found by its new code only.
    await db()
      .update(submissionTracks)
      .set({ isrc: 'GB-XYZ-25-00001' })
      .where(
        and(eq(submissionTracks.submissionId, seededIds[0] as string), eq(submissionTracks.position, 0)),
      );
    expect((await page('q=GBXYZ2500001')).total).toBe(1);
    expect((await page('q=GB-ABC-24-00017')).total).toBe(0);
    expect((await page('q=GB-ABC-24-00018')).total).toBe(1);
  });

  it("leaves the submission's row alone when a track's write does not change its search text", async () => {
    const id = seededIds[0] as string;
    // The row's version (xmin: the transaction that wrote it) and its search text.
    const version = async () =>
      (
        (await db().execute(
          sql`select xmin::text as xmin, search_text from submissions where id = ${id}`,
        )) as unknown as { rows: { xmin: string; search_text: string }[] }
      ).rows[0];
    const before = await version();
    const track = and(eq(submissionTracks.submissionId, id), eq(submissionTracks.position, 1));
    await db().update(submissionTracks).set({ title: 'Fade (Radio Edit)' }).where(track);
    expect(await version()).toEqual(before);
    // A write that does change it renews it, as before.
    await db().update(submissionTracks).set({ isrc: 'GB-XYZ-25-00002' }).where(track);
    const after = await version();
    expect(after?.xmin).not.toBe(before?.xmin);
    expect(after?.search_text).toContain('gbxyz2500002');
    expect((await page('q=GBXYZ2500002')).items.map((i) => i.itemId)).toEqual([id]);
  });

  it('counts per status within the search and the other filters', async () => {
    const answer = await page('q=maya&genre=Pop');
    const matching = ROWS.filter((r) => r.artistName === 'Maya Rivers' && r.genre === 'Pop');
    for (const status of SUBMISSION_STATUSES) {
      expect(answer.counts[status], status).toBe(matching.filter((r) => r.status === status).length);
    }
    expect(answer.total).toBe(matching.length);
    // With a status chosen, the chips still count every status; the total is that status's.
    const pending = await page('q=maya&genre=Pop&status=pending');
    expect(pending.counts).toEqual(answer.counts);
    expect(pending.total).toBe(answer.counts.pending);
  });

  it('counts the whole board from the kept counts, exact after inserts, status changes and deletes', async () => {
    const real = async () => {
      const rows = await db()
        .select({ status: submissions.status, n: sql<number>`count(*)::int` })
        .from(submissions)
        .groupBy(submissions.status);
      return Object.fromEntries(
        SUBMISSION_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
      );
    };
    expect((await page('limit=1')).counts).toEqual(await real());
    const [extra] = await db()
      .insert(submissions)
      .values({
        artistId,
        uploadSessionId: 'triage-extra',
        itemName: 'Extra',
        uploadType: 'new-music',
        releaseType: 'single',
        releaseTitle: 'Extra',
        releaseStrategy: 'together',
        primaryGenre: 'Pop',
        subGenre: 'None of the above',
        artistDetails: {},
        formData: {},
        additionalData: {},
      })
      .returning({ id: submissions.id });
    await db()
      .update(submissions)
      .set({ status: 'live' })
      .where(eq(submissions.id, extra?.id as string));
    expect((await page('limit=1')).counts).toEqual(await real());
    await db()
      .delete(submissions)
      .where(eq(submissions.id, extra?.id as string));
    expect((await page('limit=1')).counts).toEqual(await real());
  });

  it('treats % and _ as themselves', async () => {
    expect((await page(`q=${encodeURIComponent('%%%')}`)).total).toBe(0);
    expect((await page(`q=${encodeURIComponent('so_g')}`)).total).toBe(0);
  });
});

describe('GET /api/board/items: filters and orders', () => {
  it('filters by release type, genre and release date range', async () => {
    const { ids, totals } = await pageThrough('releaseType=ep&genre=Electronic&limit=3');
    // Newest first: the reverse of oldest first, ties by id.
    expect(ids).toEqual(
      expected(
        (r) => r.releaseType === 'ep' && r.genre === 'Electronic',
        (a, b) => a.at - b.at,
      ).reverse(),
    );
    expect(ids.length).toBeGreaterThan(0);
    expect([...totals]).toEqual([ids.length]);
    const range = await pageThrough('releasedFrom=2025-03-01&releasedTo=2025-05-31&limit=4');
    // A narrow range is read through the release date index, in the same order (newest first).
    expect(range.ids).toEqual(
      expected(
        (r) => r.releaseDate !== null && r.releaseDate >= '2025-03-01' && r.releaseDate <= '2025-05-31',
        (a, b) => a.at - b.at,
      ).reverse(),
    );
    const wide = await pageThrough('releasedFrom=2025-01-01&releasedTo=2025-12-31&sort=oldest&limit=9');
    expect(wide.ids).toEqual(
      expected(
        (r) => r.releaseDate !== null,
        (a, b) => a.at - b.at,
      ),
    );
    const aged = await pageThrough('releasedFrom=2025-03-01&releasedTo=2025-05-31&sort=age&limit=4');
    expect(aged.ids).toEqual(
      expected(
        (r) => r.releaseDate !== null && r.releaseDate >= '2025-03-01' && r.releaseDate <= '2025-05-31',
        (a, b) => b.at - a.at,
      ),
    );
  });

  it('pages every order through, each item once, in its order', async () => {
    const ours = (ids: string[]) => ids.filter((id) => seededIds.includes(id));
    const oldest = await pageThrough('sort=oldest&limit=7');
    expect(ours(oldest.ids)).toEqual(expected(all, (a, b) => a.at - b.at));
    const byStatus = await pageThrough('sort=status&limit=7');
    expect(ours(byStatus.ids)).toEqual(
      expected(all, (a, b) => rank(a.status) - rank(b.status) || a.at - b.at),
    );
    // Age: longest in its status first (the seed's status times run against arrival).
    const age = await pageThrough('sort=age&limit=7');
    expect(ours(age.ids)).toEqual(expected(all, (a, b) => b.at - a.at));
    const filtered = await pageThrough('sort=status&genre=Pop&limit=4');
    expect(ours(filtered.ids)).toEqual(
      expected(
        (r) => r.genre === 'Pop',
        (a, b) => rank(a.status) - rank(b.status) || a.at - b.at,
      ),
    );
  });

  it('moves a submission to the head of "age" when its status changes', async () => {
    const id = seededIds[59] as string;
    const before = await page('sort=age&limit=100');
    // Among the three that share the longest wait (ties by id).
    expect(before.items.map((i) => i.itemId).indexOf(id)).toBeLessThan(3);
    await db().update(submissions).set({ status: 'failed' }).where(eq(submissions.id, id));
    const after = await page('sort=age&limit=100');
    expect(after.items.at(-1)?.itemId).toBe(id);
    await db()
      .update(submissions)
      .set({ status: ROWS[59]?.status ?? 'pending' })
      .where(eq(submissions.id, id));
  });

  it('refuses an unknown order, a bad date range, a search too long or too short, a cursor of another search', async () => {
    const first = await page('q=maya&limit=2');
    const cursor = encodeURIComponent(first.nextCursor as string);
    const byStatus = await page('sort=status&limit=2');
    const cases: [string, string][] = [
      ['sort=sideways', UNKNOWN_BOARD_SORT],
      ['releasedFrom=2025-06-01&releasedTo=2025-05-01', RELEASE_DATE_RANGE_REVERSED],
      ['releasedFrom=2025-13-01', BAD_RELEASE_DATE_FILTER],
      ['releasedTo=yesterday', BAD_RELEASE_DATE_FILTER],
      [`q=${'a'.repeat(101)}`, BOARD_SEARCH_TOO_LONG],
      ['q=ab', BOARD_SEARCH_TOO_SHORT],
      ['genre=Polka', UNKNOWN_GENRE_FILTER],
      ['releaseType=album', UNKNOWN_RELEASE_TYPE_FILTER],
      ['delivery=lost', UNKNOWN_DELIVERY_FILTER],
      ['delivery=', UNKNOWN_DELIVERY_FILTER],
      [`q=tidal&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`q=maya&sort=status&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`sort=newest&cursor=${encodeURIComponent(byStatus.nextCursor as string)}`, LIST_CURSOR_MISMATCH],
    ];
    for (const [query, message] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe(message);
    }
  });

  it('is staff only', async () => {
    expect((await get('q=maya', null)).statusCode).toBe(401);
    expect((await get('q=maya', artist)).statusCode).toBe(403);
  });
});

/** Releases sent to the stores: seeded rows by index, their delivery state (one only identified). */
const DELIVERIES: [index: number, state: 'delivered' | 'failed' | 'taken_down' | null, icpn: string][] = [
  [3, 'delivered', '0000000000031'],
  [7, 'delivered', '0000000000079'],
  [12, 'failed', '0000000000123'],
  [20, 'taken_down', '0000000000208'],
  [25, null, '0000000000253'],
];

describe('the delivery state on the board', () => {
  beforeAll(async () => {
    await db()
      .insert(releaseDeliveries)
      .values(
        DELIVERIES.map(([index, state, icpn]) => ({
          submissionId: seededIds[index] as string,
          state,
          icpn,
        })),
      );
  });
  const stateOf = (i: number) => DELIVERIES.find(([index]) => index === i)?.[1] ?? null;

  it('is on each row and on the item', async () => {
    const rows = (await page('limit=100')).items;
    for (const [i, id] of seededIds.entries()) {
      expect(rows.find((row) => row.itemId === id)?.deliveryState, `row ${i}`).toBe(stateOf(i));
    }
    const item = await ctx.app.inject({
      method: 'GET',
      url: `/api/board/items/${seededIds[12]}`,
      headers: { cookie: staff.cookie },
    });
    expect(item.json().item.deliveryState).toBe('failed');
  });

  it('filters by it, counted within the other filters, in every order', async () => {
    const delivered = (r: SeedRow) => [3, 7].includes(ROWS.indexOf(r));
    const { ids, totals } = await pageThrough('delivery=delivered&limit=1');
    expect(ids).toEqual(expected(delivered, (a, b) => a.at - b.at).reverse());
    expect([...totals]).toEqual([2]);
    const answer = await page('delivery=delivered');
    for (const status of SUBMISSION_STATUSES) {
      expect(answer.counts[status], status).toBe(
        ROWS.filter((r) => delivered(r) && r.status === status).length,
      );
    }
    const byStatus = await pageThrough('delivery=delivered&sort=status&limit=1');
    expect(byStatus.ids).toEqual(
      expected(delivered, (a, b) => rank(a.status) - rank(b.status) || a.at - b.at),
    );
    // With a status and another filter: only what matches all of them.
    const third = ROWS[7] as SeedRow;
    const narrowed = await page(`delivery=delivered&status=${third.status}&genre=${third.genre}`);
    expect(narrowed.items.map((item) => item.itemId)).toEqual([seededIds[7]]);
    expect(narrowed.total).toBe(1);
    expect((await page('delivery=taken_down')).items.map((item) => item.itemId)).toEqual([seededIds[20]]);
    // A release identified but never sent has no state: no filter finds it.
    expect((await page('delivery=delivering')).total).toBe(0);
  });

  it('reads a state by key while it holds few, and as a semi-join once it holds many: the same rows', async () => {
    for (const rows of [undefined, 10, 100_000]) {
      const found = await db()
        .select({ id: submissions.id })
        .from(submissions)
        .where(deliveryCondition('delivered', rows));
      expect(found.map((row) => row.id).sort(), String(rows)).toEqual([seededIds[3], seededIds[7]].sort());
    }
    // How many each state holds, as the planner counted them (a transaction reads past the cache).
    // A state it saw once is not among its common values: unknown, which counts as few.
    await db().execute(sql`analyze release_deliveries`);
    expect(await db().transaction((tx) => readDeliveryStateRows(tx))).toEqual({ delivered: 2 });
  });
});

describe('GET /api/board/export.csv', () => {
  let itemId: string;
  const FORMULA_TITLE = '=HYPERLINK("http://evil.example","Listen")';

  beforeAll(async () => {
    const prepared = await prepareTestSubmission(ctx.app, { trackCount: 2 });
    const response = await postSubmission(ctx.app, prepared.payload);
    itemId = response.json().data.itemId;
    await db().update(submissions).set({ releaseTitle: FORMULA_TITLE }).where(eq(submissions.id, itemId));
    await db()
      .insert(releaseDeliveries)
      .values({ submissionId: itemId, state: 'delivered', icpn: '4006381333931' });
  });

  function exportCsv(query: string, as: SignedIn | null = staff) {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/board/export.csv?${query}`,
      headers: as ? { cookie: as.cookie } : {},
    });
  }

  /** The file's records as fields (none of these hold a line break), the header first. */
  function records(body: string): string[][] {
    const fields = (line: string) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
        .slice(0, -1)
        .map(([, field = '']) => (field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field));
    return body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(0, -1)
      .map(fields);
  }

  it('streams the view as a CSV file: a BOM, the header, one line per track, in the board’s order', async () => {
    const response = await exportCsv('delivery=delivered');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="imprint-board-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = records(response.body);
    expect(header?.[0]).toBe('UPC');
    expect(header?.at(-1)).toBe('Submission id');
    // Only the delivered: the new submission's two tracks, then the two seeded ones without tracks.
    expect(lines.map((line) => line.at(-1))).toEqual([itemId, itemId, seededIds[7], seededIds[3]]);
    expect(lines.every((line) => line.length === header?.length)).toBe(true);
    const [first, second] = lines;
    expect(first?.slice(0, 4)).toEqual(['4006381333931', `'${FORMULA_TITLE}`, 'Maya Rivers', 'Single']);
    expect(first?.slice(8, 14)).toEqual(['Pending', 'Delivered', '1', 'Song 1', '', 'Maya Rivers']);
    expect(first?.slice(16, 19)).toEqual(['Leo Park (Producer)', '0:01', 'Song 1.wav']);
    expect(second?.slice(10, 12)).toEqual(['2', 'Song 2']);
    expect(lines[2]?.slice(10, 19)).toEqual(Array(9).fill(''));
    // The formula is written as text: quoted, with its leading apostrophe.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Listen"")"`);
    // A HEAD gets the headers without the file being read.
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/board/export.csv?delivery=delivered',
      headers: { cookie: staff.cookie },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('pages through the whole view in its order', async () => {
    const promise = await readPromiseClock(db(), ctx.config, new Date());
    const lines = await openBoardExport(
      { db: db(), cursorKey: ctx.app.signingKey, signer: ctx.app.pageLinks, promise, labelName: 'Label' },
      { sort: 'status', genre: 'Pop' },
      Date.now(),
      { pageSize: 4 },
    );
    let text = '';
    for await (const chunk of lines) text += chunk;
    const ids = records(text)
      .slice(1)
      .map((line) => line.at(-1));
    expect([...new Set(ids)]).toEqual((await pageThrough('sort=status&genre=Pop&limit=100')).ids);
  });

  it('refuses a bad filter as the board does, and anyone but staff', async () => {
    const bad = await exportCsv('delivery=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(UNKNOWN_DELIVERY_FILTER);
    expect((await exportCsv('', null)).statusCode).toBe(401);
    expect((await exportCsv('', artist)).statusCode).toBe(403);
  });
});

describe('POST /api/board/items/bulk-status', () => {
  function bulk(body: unknown, as: SignedIn | null = staff) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/board/items/bulk-status',
      headers: as ? as.headers : { origin: ctx.config.publicUrl },
      payload: body as Record<string, unknown>,
    });
  }

  async function template(kind: string, body: string): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/decision-templates',
      headers: staff.headers,
      payload: { kind, name: `${kind} ${Math.random()}`, body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().template.templateId;
  }

  async function submitted(): Promise<string> {
    const prepared = await prepareTestSubmission(ctx.app);
    const response = await postSubmission(ctx.app, prepared.payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.itemId;
  }

  it('declines several with one template, each artist mailed their own name, each refusal with its reason', async () => {
    const decline = await template('decline', 'Dear {{artistName}}, "{{releaseTitle}}" is not for us.');
    const pendingA = seededIds[0] as string; // Maya Rivers, pending
    const pendingB = seededIds[9] as string; // Tidal Choir, pending
    const rejected = seededIds.find((_, i) => ROWS[i]?.status === 'rejected') as string;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await bulk({
      itemIds: [pendingA, rejected, pendingB, unknown, 'not-an-id'],
      decision: 'decline',
      templateId: decline,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = bulkDecisionResponseSchema.parse(response.json());
    expect(results).toEqual([
      { itemId: pendingA, outcome: 'done', status: 'rejected' },
      { itemId: rejected, outcome: 'refused', reason: formatStatusChangeRefused('rejected', 'rejected') },
      { itemId: pendingB, outcome: 'done', status: 'rejected' },
      { itemId: unknown, outcome: 'refused', reason: SUBMISSION_NOT_FOUND },
      { itemId: 'not-an-id', outcome: 'refused', reason: SUBMISSION_NOT_FOUND },
    ]);
    // Each in the audit trail with the template, each artist mailed the template filled for them.
    for (const [id, name, title] of [
      [pendingA, 'Maya Rivers', ROWS[0]?.title],
      [pendingB, 'Tidal Choir', ROWS[9]?.title],
    ] as const) {
      const [event] = await db()
        .select()
        .from(submissionEvents)
        .where(and(eq(submissionEvents.submissionId, id), eq(submissionEvents.type, 'status_changed')));
      expect(event?.toStatus).toBe('rejected');
      expect(event?.templateId).toBe(decline);
      expect(event?.message).toBe(`Dear ${name}, "${title}" is not for us.`);
      expect(event?.actorUserId).toBe(staff.userId);
    }
    while (await ctx.app.jobs.runOnce()) {}
    const mails = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'choir@tidal.example'));
    expect(
      mails.some((mail) => mail.text.includes(`Dear Tidal Choir, "${ROWS[9]?.title}" is not for us.`)),
    ).toBe(true);
  });

  it('approves with an edited message whose placeholders are filled per submission', async () => {
    const approve = await template('approve', 'Welcome, {{artistName}}!');
    const itemId = await submitted();
    const response = await bulk({
      itemIds: [itemId],
      decision: 'approve',
      templateId: approve,
      message: 'Welcome aboard, {{artistName}}: "{{releaseTitle}}" is in.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([{ itemId, outcome: 'done', status: 'approved' }]);
    const [event] = await db()
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemId), eq(submissionEvents.type, 'status_changed')));
    expect(event?.message).toMatch(/^Welcome aboard, .+: ".+" is in\.$/);
    expect(event?.message).not.toContain('{{');
  });

  it('refuses bad input with 400 and names what is wrong', async () => {
    const decline = await template('decline', 'No, {{artistName}}.');
    const approve = await template('approve', 'Yes, {{artistName}}.');
    const id = seededIds[18] as string;
    const ids101 = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const cases: [unknown, string][] = [
      [{ itemIds: [], decision: 'decline', templateId: decline }, BULK_IDS_REQUIRED],
      [{ itemIds: ids101, decision: 'decline', templateId: decline }, BULK_TOO_MANY],
      [{ itemIds: [id, id], decision: 'decline', templateId: decline }, BULK_DUPLICATE_IDS],
      [{ itemIds: [id], decision: 'request_changes', templateId: decline }, BULK_UNKNOWN_DECISION],
      [
        { itemIds: [id], decision: 'decline', templateId: approve },
        formatTemplateMismatch('approve', 'decline'),
      ],
    ];
    for (const [body, message] of cases) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const badPlaceholder = await bulk({
      itemIds: [id],
      decision: 'decline',
      templateId: decline,
      message: 'Hi {{name}}',
    });
    expect(badPlaceholder.statusCode).toBe(400);
    const missingTemplate = await bulk({
      itemIds: [id],
      decision: 'decline',
      templateId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missingTemplate.statusCode).toBe(404);
    // Nothing was changed by a refused request.
    const [row] = await db()
      .select({ status: submissions.status })
      .from(submissions)
      .where(eq(submissions.id, id));
    expect(row?.status).toBe(ROWS[18]?.status);
  });

  it('is staff only: 401 for a visitor, 403 for an artist', async () => {
    const body = {
      itemIds: [seededIds[27]],
      decision: 'decline',
      templateId: '00000000-0000-4000-8000-000000000000',
    };
    expect((await bulk(body, null)).statusCode).toBe(401);
    const asArtist = await bulk(body, artist);
    expect(asArtist.statusCode).toBe(403);
  });
});

describe('the waveform of the preview', () => {
  it('is computed once in the background from the stored WAV and served with the row', async () => {
    const prepared = await prepareTestSubmission(ctx.app, { seconds: 2 });
    const response = await postSubmission(ctx.app, prepared.payload);
    const itemId = response.json().data.itemId as string;
    const before = (await page('limit=100')).items.find((item) => item.itemId === itemId);
    expect(before?.preview).toEqual({
      trackTitle: 'Song 1',
      url: expect.stringMatching(/^\/files\//),
      peaks: null,
    });
    while (await ctx.app.jobs.runOnce()) {}
    const after = (await page('limit=100')).items.find((item) => item.itemId === itemId);
    const peaks = after?.preview?.peaks ?? [];
    expect(peaks).toHaveLength(120);
    // A sine at a steady level: every bar near the same height.
    expect(Math.min(...peaks)).toBeGreaterThan(0);
    expect(Math.max(...peaks) - Math.min(...peaks)).toBeLessThanOrEqual(2);
    const [stored] = await db()
      .select({ peaks: uploads.audioPeaks, waveform: uploads.audioWaveform })
      .from(uploads)
      .where(eq(uploads.id, prepared.files[0]?.fileId as string));
    expect(stored?.peaks).toEqual(peaks);
    // The same pass measured the clip picker's finer waveform, with the duration.
    expect(stored?.waveform?.durationSeconds).toBe(2);
    expect(stored?.waveform?.peaks).toHaveLength(1000);
    expect(
      Math.max(...(stored?.waveform?.peaks ?? [])) - Math.min(...(stored?.waveform?.peaks ?? [])),
    ).toBeLessThanOrEqual(2);
  });
});
