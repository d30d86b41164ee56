import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgTransaction } from 'drizzle-orm/pg-core';
import {
  BOARD_COUNT_CAP,
  type BoardListQuery,
  type BoardListResponse,
  type BoardRow,
  type BoardSort,
  boardSearchWordKind,
  boardSearchWords,
  type DeliveryState,
  INVALID_LIST_CURSOR,
  isNarrowReleaseRange,
  likePatternOf,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  submissionStatusSchema,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { withGenericPlan } from '../../db/plan-hints';
import { readThroughCache } from '../../db/read-cache';
import { submissionStatusCounts, submissions } from '../../db/schema';
import { badRequest } from '../../errors';
import { cursorTimeOf, cutPage, keysetOrder } from '../pagination/keyset-page';
import { type CursorPosition, decodeListCursor, type ListScope } from '../pagination/list-cursor';
import { overdueCondition, type PromiseClock, waitingSince } from '../response-promise/promise-settings';
import { fileLinks, type LinkSigner } from '../uploads/present-upload';
import { boardLinkLifetimeSeconds, presentSummary } from './present-board-item';
import { summaryColumns } from './read-submissions';

/**
 * The staff board's list: a search, filters, one of four orders, a page at
 * a time by signed keyset cursors, with the counts per status for the filter chips. One statement
 * for the page and, with the first page, one for the counts (readKeptCounts: exact, with no search
 * or filter; readFirstMatches: up to BOARD_COUNT_CAP over a search or filter, countBoardItems);
 * each order reads an index:
 *
 * | sort   | order                                   | index (drizzle/0009, 0014, 0020)              |
 * |--------|-----------------------------------------|-----------------------------------------------|
 * | newest | created_at desc, id desc                | (created_at, id), or (status, created_at, id) |
 * | oldest | created_at, id                          | the same, read forwards                       |
 * | status | status (workflow order), created_at, id | (status, created_at, id)                      |
 * | age    | status_changed_at, id                   | (status_changed_at, id), or with status first |
 *
 * The search's words each match the search text (kept by triggers, drizzle/0014_board_triage) through its
 * trigram GIN index, but for words common to most of the board (commonSearchWords), checked on
 * the rows the rarer words find, or, when every word is, on the rows read in the page's order; release type and genre are equality filters, read with or
 * without a status through (release_type, primary_genre, status, created_at, id, ...) (drizzle/0020);
 * the release date range reads (release_date, status, created_at, status_changed_at, id); the
 * delivery state, release_deliveries' partial (state, submission_id) index (deliveryCondition).
 *
 * A first page of a search or filter reads its matches once (readFirstMatches): the first
 * BOARD_COUNT_CAP + 1 give the counts and, when they are all, the page; past the cap the page is
 * read through the order's index, where the matches are dense. The indexes hold every column the
 * first matches read, so on a vacuumed table (autovacuum; on PGlite the hourly
 * maintenance.vacuum-embedded-database) they are counted from the index alone. Server time per
 * page at 100,000 submissions: ARCHITECTURE.md (the board).
 */
/**
 * What the list is narrowed by. One key per filter: a new filter (such as overdue) is a key
 * here, a condition in `filterConditions` and a field of the query schema; the cursor's scope and
 * the counts follow by themselves.
 */
export interface BoardFilters {
  q?: string | undefined;
  status?: SubmissionStatus | undefined;
  releaseType?: string | undefined;
  genre?: string | undefined;
  releasedFrom?: string | undefined;
  releasedTo?: string | undefined;
  /** Only those past the response promise: pending, waiting longer than it allows. */
  overdue?: 'true' | undefined;
  /** Only releases whose latest delivery to the stores stands so (deliveryCondition). */
  delivery?: DeliveryState | undefined;
}

export function boardFiltersOf(query: BoardListQuery): BoardFilters {
  return {
    q: query.q || undefined,
    status: query.status,
    releaseType: query.releaseType,
    genre: query.genre,
    releasedFrom: query.releasedFrom,
    releasedTo: query.releasedTo,
    overdue: query.overdue === 'true' ? 'true' : undefined,
    delivery: query.delivery,
  };
}

/**
 * One search word: a whole ISRC exactly, through the code indexes of tracks and catalogue items
 * (drizzle/0014_board_triage); 12 or 13 digits as a UPC exactly (the release's assigned code and
 * the catalogue items') and as text through the trigram index, each branch through its own index
 * and their ids put together; a whole e-mail address exactly, through the artist e-mail index;
 * anything else anywhere in the search text, through its trigram index. The expressions are the
 * indexes'. A word `common` to most submissions is matched on the rows the other words find
 * instead (or, when every word is, on the rows read in the page's order), by a substring test no
 * index answers (commonSearchWords).
 */
function searchCondition(word: string, common: boolean): SQL {
  switch (boardSearchWordKind(word)) {
    case 'isrc':
      return sql`${submissions.id} in (
        select t.submission_id from submission_tracks t
          where lower(regexp_replace(t.isrc, '[^A-Za-z0-9]', '', 'g')) = ${word}
        union all
        select c.submission_id from catalogue_items c
          where lower(regexp_replace(c.details->>'isrc', '[^A-Za-z0-9]', '', 'g')) = ${word})`;
    case 'upc':
      return sql`${submissions.id} in (
        select d.submission_id from release_deliveries d where d.icpn = ${word}
        union all
        select c.submission_id from catalogue_items c
          where lower(regexp_replace(c.details->>'upc', '[^A-Za-z0-9]', '', 'g')) = ${word}
        union all
        select s.id from submissions s where s.search_text like ${likePatternOf(word)})`;
    case 'email':
      return sql`lower(${submissions.artistDetails}->>'email') = ${word}`;
    default:
      // A common word: a plain substring test, which no index answers and which the planner takes
      // to match a third of the rows (a LIKE on an expression, a two-hundredth: it would sort the
      // whole board rather than read its order's index until a page of such rows was found).
      return common
        ? sql`strpos(${submissions.searchText}, ${word}) > 0`
        : sql`${submissions.searchText} like ${likePatternOf(word)}`;
  }
}

/**
 * A delivery state holding up to this many releases holds few (deliveryCondition): as many as the
 * first page's reading of a filter keeps (readFirstMatches). Measured at 100,000 submissions on
 * PGlite, a first page found by key against one through the semi-join: at 1,000 twice as fast,
 * at 2,000 about as fast, at 18,000 ten times slower.
 */
const FEW_DELIVERY_STATE_ROWS = BOARD_COUNT_CAP;

/**
 * How many releases stand in each delivery state, as the planner last counted them: pg_stats'
 * share of each state (its most common values: there are only four) times the table's rows, read
 * at most every READ_CACHE_TTL_MS. Empty before the table was first analyzed.
 */
export function readDeliveryStateRows(db: Executor): Promise<Partial<Record<DeliveryState, number>>> {
  return readThroughCache(db, 'board:delivery-state-rows', async () => {
    const [row] = await db
      .select({
        states: sql<string[] | null>`s.most_common_vals::text::text[]`,
        shares: sql<number[] | null>`s.most_common_freqs`,
        rows: sql<number>`c.reltuples`,
      })
      .from(sql`pg_stats s join pg_class c on c.oid = 'release_deliveries'::regclass`)
      .where(
        sql`s.schemaname = current_schema() and s.tablename = 'release_deliveries' and s.attname = 'state'`,
      );
    const rows = Number(row?.rows ?? -1);
    if (!row?.states || !row.shares || rows < 0) return {};
    const { shares } = row;
    return Object.fromEntries(
      row.states.map((state, i) => [state, Math.round(Number(shares[i] ?? 0) * rows)]),
    );
  });
}

/**
 * Releases whose latest delivery stands so, found through release_deliveries' partial (state,
 * submission_id) index (drizzle/0023_delivery): only releases sent to the stores have a state.
 * While a state holds few (`rows` from readDeliveryStateRows: a failure, a takedown, a delivery
 * under way, any state of a young catalogue; unknown counts as few), their ids are read from that
 * index first and each submission found by key: written as a semi-join, the planner hashed the
 * few against the whole board's index instead (delivery=delivered, 1,000 of 100,000: a first page
 * 23 → 11 ms). A state holding many (a grown catalogue's "delivered") stays a semi-join, which
 * lets the planner walk the page's order, where its rows are dense (18,000 of 100,000: 10 ms a
 * first page, where reading every id first took 120).
 */
export function deliveryCondition(state: DeliveryState, rows: number | undefined): SQL {
  return (rows ?? 0) <= FEW_DELIVERY_STATE_ROWS
    ? sql`${submissions.id} = any(array(select d.submission_id from release_deliveries d where d.state = ${state}))`
    : sql`${submissions.id} in (select d.submission_id from release_deliveries d where d.state = ${state})`;
}

/** A word found in more than this share of the sampled search texts is common (commonSearchWords). */
const COMMON_WORD_SHARE = 0.1;
/**
 * A word found in more than this share is dense: reading the rows in the page's order finds its
 * matches at once (a label's own name, a word of most titles), where its trigrams' lists would
 * name most of the board. When even the rarest word of a search is dense, none is looked up.
 */
const DENSE_WORD_SHARE = 0.5;
/** Fewer sampled search texts than this tell nothing: every word goes through the index. */
const MIN_SEARCH_SAMPLE = 20;

/**
 * A sample of the search texts: the planner's own, the histogram ANALYZE keeps of the column
 * (pg_stats, about a hundred values spread over the board), read at most every READ_CACHE_TTL_MS.
 * Empty before the table was first analyzed.
 */
export function readSearchTextSample(db: Executor): Promise<string[]> {
  return readThroughCache(db, 'board:search-text-sample', async () => {
    const [row] = await db
      .select({ sample: sql<string[] | null>`histogram_bounds::text::text[]` })
      .from(sql`pg_stats`)
      .where(sql`schemaname = current_schema() and tablename = 'submissions' and attname = 'search_text'`);
    return row?.sample ?? [];
  });
}

/**
 * The words of a search that the trigram index had better not look up (a page in
 * 10 ms at 100,000 submissions): those found in more than COMMON_WORD_SHARE of the sample (a
 * label's own name, "music", a mail provider), whose trigrams' lists name most of the board.
 * Looked up with the rare ones, their lists are read whole and ANDed (most of a search's time);
 * checked on the few rows the rarest word finds, they cost nothing. The rarest word is looked up
 * unless it too is dense (DENSE_WORD_SHARE): then every word is checked on the rows read in the
 * page's order, where nearly each row is a match ("release" on a board of releases: a page 14.9 →
 * 10.6 ms at 100,000 submissions).
 */
export function commonSearchWords(words: string[], sample: string[]): Set<string> {
  const text = words.filter((word) => boardSearchWordKind(word) === 'text');
  if (text.length === 0 || sample.length < MIN_SEARCH_SAMPLE) return new Set();
  const shares = text.map((word) => ({
    word,
    share: sample.filter((value) => value.includes(word)).length / sample.length,
  }));
  const rarest = shares.reduce((best, next) => (next.share < best.share ? next : best));
  if (rarest.share > DENSE_WORD_SHARE) return new Set(text);
  return new Set(
    shares
      .filter(({ word, share }) => word !== rarest.word && share > COMMON_WORD_SHARE)
      .map(({ word }) => word),
  );
}

/**
 * A search whose every word is in most of the board (commonSearchWords names them all), with no
 * other filter: its statements plan the same for any words (a substring test's share of the rows
 * is a fixed guess), so they can be planned once (withGenericPlan) like the board unfiltered.
 */
function isDenseSearchOnly(filters: BoardFilters, words: string[], sample: string[]): boolean {
  const { q: _q, status: _status, ...others } = filters;
  return (
    words.length > 0 &&
    Object.values(others).every((value) => value === undefined) &&
    // It names text words only: every word is one, and common.
    commonSearchWords(words, sample).size === words.length
  );
}

/** The conditions of every filter but the status (which the counts per status leave out). */
function filterConditions(
  filters: BoardFilters,
  promise: Pick<PromiseClock, 'cutoff'> | undefined,
  searchSample: string[] = [],
  /** readDeliveryStateRows' count of the chosen delivery state, for its filter. */
  deliveryRows?: number,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.overdue && promise) conditions.push(overdueCondition(promise));
  const words = boardSearchWords(filters.q);
  const common = commonSearchWords(words, searchSample);
  for (const word of words) conditions.push(searchCondition(word, common.has(word)));
  if (filters.releaseType) conditions.push(eq(submissions.releaseType, filters.releaseType));
  if (filters.genre) conditions.push(eq(submissions.primaryGenre, filters.genre));
  if (filters.releasedFrom) conditions.push(gte(submissions.releaseDate, filters.releasedFrom));
  if (filters.releasedTo) conditions.push(lte(submissions.releaseDate, filters.releasedTo));
  if (filters.delivery) conditions.push(deliveryCondition(filters.delivery, deliveryRows));
  return conditions;
}

const statusChangedAtText = cursorTimeOf(submissions.statusChangedAt);
const createdAtText = cursorTimeOf(submissions.createdAt);

/** The time the order keeps in the cursor: when the row arrived, or when its status last changed. */
function cursorTimeFor(sort: BoardSort) {
  return sort === 'age' ? statusChangedAtText : createdAtText;
}

/** The page's place in the order, after the cursor's row. */
function boardKeyset(
  sort: BoardSort,
  after: CursorPosition | undefined,
  lead: string | undefined,
): { where?: SQL; orderBy: SQL[] } {
  if (sort === 'newest' || sort === 'oldest') return keysetOrder(submissions, sort, after);
  if (sort === 'age') {
    return keysetOrder({ createdAt: submissions.statusChangedAt, id: submissions.id }, 'oldest', after);
  }
  const orderBy = [asc(submissions.status), asc(submissions.createdAt), asc(submissions.id)];
  if (!after) return { orderBy };
  // A status cursor names the status of its last row; one without (or with another word) was not ours.
  const status = submissionStatusSchema.safeParse(lead);
  if (!status.success) throw badRequest(INVALID_LIST_CURSOR);
  return {
    where: sql`(${submissions.status}, ${submissions.createdAt}, ${submissions.id}) > (${status.data}::submission_status, ${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    orderBy,
  };
}

/**
 * The order of a page filtered by a narrow release date range (isNarrowReleaseRange): the same,
 * with its leading time wrapped in an expression no index has, so the database reads the few rows
 * of the range through the release date index and sorts them, instead of walking the order's index
 * past every submission outside the range. The status order leads with the status: left alone.
 */
function throughReleaseDates(sort: BoardSort, orderBy: SQL[]): SQL[] {
  if (sort === 'status') return orderBy;
  const column = sort === 'age' ? submissions.statusChangedAt : submissions.createdAt;
  const lead =
    sort === 'newest' ? sql`(${column} + interval '0 s') desc` : sql`(${column} + interval '0 s') asc`;
  return [lead, ...orderBy.slice(1)];
}

/** The first track that has audio, with its waveform, as the list row previews it. */
const previewJson = sql.raw(
  `(select json_build_object('title', t.title, 'uploadId', u.id, 'peaks', u.audio_peaks)
    from submission_tracks t join uploads u on u.id = t.audio_upload_id
    where t.submission_id = "submissions"."id" order by t.position limit 1)`,
);

/** The release's delivery state, by its key: read for the page's rows only, never while counting. */
const deliveryStateOf = sql.raw(
  `(select d.state from release_deliveries d where d.submission_id = "submissions"."id")`,
);

const assigneeJson = sql.raw(
  `(select json_build_object('userId', a.id, 'name', a.name, 'email', a.email) from users a where a.id = "submissions"."assigned_user_id")`,
);

interface PreviewRow {
  title: string;
  uploadId: string;
  peaks: number[] | null;
}

const rowColumns = {
  ...summaryColumns,
  statusChangedAt: submissions.statusChangedAt,
  rating: submissions.rating,
  assignee: sql<BoardRow['assignee']>`${assigneeJson}`,
  preview: sql<PreviewRow | null>`${previewJson}`,
  deliveryState: sql<DeliveryState | null>`${deliveryStateOf}`,
};

/**
 * What the board counted for a view: the counts per status (for the chips) and the view's total.
 * A count in `capped` is a lower bound, "at least" (the answer's `countsCapped`); `totalCapped` the
 * same of the total.
 */
export interface BoardCounts {
  counts: Record<SubmissionStatus, number>;
  capped: SubmissionStatus[];
  total: number;
  totalCapped: boolean;
}

/** Up to `cap` + 1 rows matching `where`, counted: exact up to the cap, "more" above it. */
function countUpTo(where: SQL, cap: number, order?: SQL): SQL {
  return sql`(select count(*)::int from (select 1 from ${submissions} where ${where}${order ? sql` order by ${order}` : sql``} limit ${cap + 1}) as matched)`;
}

function emptyCounts(): Record<SubmissionStatus, number> {
  return Object.fromEntries(SUBMISSION_STATUSES.map((status) => [status, 0])) as Record<
    SubmissionStatus,
    number
  >;
}

interface StatusCount {
  status: SubmissionStatus;
  n: number;
}

/** What readFirstMatches read: the first matches by status, and the first page's ids if it could. */
interface FirstMatches {
  byStatus: StatusCount[];
  /** The first page's ids (up to limit + 1) in its order; null when the matches passed the cap. */
  pageIds: string[] | null;
  /** A chosen status's matches up to the cap + 1, when every match was read (`all`). */
  statusTotal: number | undefined;
  /** The overdue probe's answer, read in the same statement (overdueProbe). */
  overdue: OverdueProbeValue;
}

/**
 * The first page of a search or filter and its counts from one reading of the matches:
 * the view's first BOARD_COUNT_CAP + 1 matches (their id, status and the order's time, kept
 * once in a MATERIALIZED CTE) grouped by status, as countBoardItems counts them; and, when those
 * are all the view's matches, the page's ids sorted from them (a chosen status's among them). The
 * rows are then read by id. A rare view so reads its matches once, where the page and the counts
 * each read them before; a view past the cap gets its counts alone (pageIds null) and its page
 * through the order's index, where its matches are dense. With `all` (a narrow release date
 * range, whose page sorts every match anyway) the CTE holds every match: the counts are taken
 * from its first cap + 1, the page and a chosen status's count from all of it. With `inline`
 * (such a range and no search words: every match is in the release date index) nothing is kept:
 * each part reads the index as far as it needs, 0.7 ms less for a month's 4,300 matches at
 * 100,000 submissions and 2 ms less for three months'. The same statement carries the overdue
 * probe (`overdue`), so a first page makes two statements: this one and its rows. With `dense`
 * (words in most of the board and nothing else) and a status chosen, that status's first cap + 1
 * matches are read too, along its own index in the page's order, when the view passes the cap:
 * their number is the status's count and their first rows the page, where the page and the
 * count were two more statements each reading the same rows (`q=release&status=approved`: 11.9 →
 * 8.2 ms a page at 100,000).
 */
async function readFirstMatches(
  db: Executor,
  view: {
    matching: SQL;
    status: SubmissionStatus | undefined;
    all: boolean;
    inline: boolean;
    dense: boolean;
  },
  order: { time: PgColumn; orderBy: SQL[] },
  limit: number,
  overdue: SQL,
): Promise<FirstMatches> {
  const { matching, status, all, inline } = view;
  const ofStatus = status ? eq(submissions.status, status) : sql`true`;
  const orderBy = sql.join(order.orderBy, sql`, `);
  // A chosen status of a dense view past the cap: its first cap + 1 matches in the page's order
  // (its own index, nearly every row a match) give its count and the page's ids at once.
  const statusInOrder = view.dense && status !== undefined && !all;
  const overCap = sql`(select count(*) from first_matches) > ${BOARD_COUNT_CAP}`;
  // The CTEs are named "submissions" in the page's subqueries, so the order's columns are theirs.
  const result = await db.execute(sql`
    with first_matches as ${inline ? sql`not materialized` : sql`materialized`} (
      select ${submissions.id}, ${submissions.status}, ${order.time}
        from ${submissions} where ${matching}${all ? sql`` : sql` limit ${BOARD_COUNT_CAP + 1}`}${inline ? sql` offset 0` : sql``})${
          statusInOrder
            ? sql`, status_matches as materialized (
      select ${submissions.id}, ${submissions.status}, ${order.time}
        from ${submissions} where ${matching} and ${ofStatus} order by ${orderBy} limit ${BOARD_COUNT_CAP + 1})`
            : sql``
        }
    select
      (select coalesce(json_agg(json_build_array(g.status, g.n)), '[]'::json)
         from (select f.status, count(*)::int as n
                 from (select status from first_matches limit ${BOARD_COUNT_CAP + 1}) as f group by f.status) as g) as by_status,
      case when ${all ? sql`true` : sql`not ${overCap}`} then
        array(select ${submissions.id}::text from first_matches as ${submissions} where ${ofStatus}
                order by ${orderBy} limit ${limit + 1})${
                  statusInOrder
                    ? sql`
        else array(select ${submissions.id}::text from status_matches as ${submissions} order by ${orderBy} limit ${limit + 1})`
                    : sql``
                }
      end as page_ids,
      ${
        all && status
          ? sql`(select count(*)::int from (select 1 from first_matches as ${submissions} where ${ofStatus} limit ${BOARD_COUNT_CAP + 1}) as s)`
          : statusInOrder
            ? sql`case when ${overCap} then (select count(*)::int from status_matches) end`
            : sql`null::int`
      } as status_total,
      ${overdue} as overdue`);
  const [row] = (
    result as unknown as {
      rows: {
        by_status: [SubmissionStatus, number][];
        page_ids: string[] | null;
        status_total: number | null;
        overdue: OverdueProbeValue;
      }[];
    }
  ).rows;
  return {
    byStatus: (row?.by_status ?? []).map(([status, n]) => ({ status, n })),
    pageIds: row?.page_ids ?? null,
    statusTotal: row?.status_total ?? undefined,
    overdue: row?.overdue ?? null,
  };
}

/**
 * The counts the triggers keep (one row per status: exact), with the overdue probe, in one
 * statement planned once: the first page of the board with nothing but a status to filter by.
 */
async function readKeptCounts(
  db: Executor,
  overdue: SQL,
): Promise<{ byStatus: StatusCount[]; overdue: OverdueProbeValue }> {
  const result = await db.execute(sql`
    select (select coalesce(json_agg(json_build_array(c.status, c.n)), '[]'::json)
              from ${submissionStatusCounts} as c) as by_status,
           ${overdue} as overdue
     where ${withGenericPlan(undefined)}`);
  const [row] = (
    result as unknown as { rows: { by_status: [SubmissionStatus, number][]; overdue: OverdueProbeValue }[] }
  ).rows;
  return {
    byStatus: (row?.by_status ?? []).map(([status, n]) => ({ status, n: Number(n) })),
    overdue: row?.overdue ?? null,
  };
}

/** The counts with nothing but a status to filter by: those the triggers keep (readKeptCounts), exact. */
function keptBoardCounts(rows: StatusCount[], status: SubmissionStatus | undefined): BoardCounts {
  const counts = emptyCounts();
  for (const row of rows) counts[row.status] = row.n;
  const total = status ? counts[status] : rows.reduce((sum, row) => sum + row.n, 0);
  return { counts, capped: [], total, totalCapped: false };
}

/**
 * The counts of a search or filter (a page in 10 ms at 100,000 submissions): the
 * view's first BOARD_COUNT_CAP + 1 matches, whatever their status, in one LIMITed statement, grouped
 * by status: a search that finds up to the cap (a name, an e-mail, a code) is counted exactly; a
 * broader one is "1,000+" in all, and each status's count is what the first matches held, a lower
 * bound. Counting every status of a broad view up to the cap would read each status's rows until
 * a thousand match, all of them where few do: seconds for a filter no index serves. With a status
 * chosen, the view's total is that status's matches, counted the same way when the first matches
 * could not tell. The first matches come from readFirstMatches when it read them with the page.
 */
async function countBoardItems(
  db: Executor,
  filters: BoardFilters,
  promise: Pick<PromiseClock, 'cutoff'>,
  known: {
    /** The chosen status's matches when already known (its first page held them all). */
    statusTotal?: number | undefined;
    /** readSearchTextSample's, for a search. */
    searchSample?: string[] | undefined;
    /** readDeliveryStateRows', for a delivery filter. */
    deliveryRows?: number | undefined;
    /** The view's first matches by status, when readFirstMatches read them with the page. */
    firstMatches?: StatusCount[] | undefined;
  },
): Promise<BoardCounts> {
  const { statusTotal } = known;
  const counts = emptyCounts();
  const matching = and(...filterConditions(filters, promise, known.searchSample, known.deliveryRows)) as SQL;
  const first =
    known.firstMatches ??
    (await db
      .select({ status: sql<SubmissionStatus>`first_matches.status`, n: sql<number>`count(*)::int` })
      .from(
        sql`(select ${submissions.status} as status from ${submissions} where ${matching} limit ${BOARD_COUNT_CAP + 1}) as first_matches`,
      )
      .groupBy(sql`first_matches.status`));
  for (const row of first) counts[row.status] = Math.min(row.n, BOARD_COUNT_CAP);
  const found = first.reduce((sum, row) => sum + row.n, 0);
  if (found <= BOARD_COUNT_CAP) {
    return { counts, capped: [], total: filters.status ? counts[filters.status] : found, totalCapped: false };
  }
  // More than the cap: every status's count is a lower bound, and so is the whole view's.
  const capped = [...SUBMISSION_STATUSES];
  if (!filters.status) return { counts, capped, total: BOARD_COUNT_CAP, totalCapped: true };
  const [row] =
    statusTotal !== undefined
      ? [{ n: statusTotal }]
      : await db
          .select({
            n: sql<number>`${countUpTo(and(eq(submissions.status, filters.status), matching) as SQL, BOARD_COUNT_CAP)}`,
          })
          .from(sql`(select 1) as one`);
  const ofStatus = Number(row?.n ?? 0);
  if (ofStatus > BOARD_COUNT_CAP) {
    counts[filters.status] = BOARD_COUNT_CAP;
    return { counts, capped, total: BOARD_COUNT_CAP, totalCapped: true };
  }
  // The chosen status counted in full: exact.
  counts[filters.status] = ofStatus;
  return {
    counts,
    capped: capped.filter((status) => status !== filters.status),
    total: ofStatus,
    totalCapped: false,
  };
}

/** The last overdue count read through each database: see overdueProbe. */
const keptOverdue = new WeakMap<object, { cutoff: string; changes: number; n: number }>();

/** What the probe's column holds: [changes, count or null when the kept count holds], or null. */
type OverdueProbeValue = [number, number | null] | null;

/**
 * Submissions past the promise today over the whole board, up to the cap + 1, read through the
 * pending rows' own index in its order (so the count stops at the cap). Every first page shows it,
 * and it changes only when a pending submission was written (or the day, and with it the cutoff):
 * the pending counts row's `changes` (renewed by the counts' trigger on any such write, never the
 * same twice: drizzle/0021_status_changes) is read with it, and while it and the cutoff are those
 * of the last count, that count is the answer and the index is not read again. Exact: no time
 * to live, in any process of a cluster. Inside a transaction (whose own writes may keep one
 * number through several states) it is always counted.
 *
 * A column of the statement the first page makes anyway (readKeptCounts, readFirstMatches), not
 * a statement of its own: `settle` reads its answer.
 */
function overdueProbe(
  db: Executor,
  promise: Pick<PromiseClock, 'cutoff'>,
): { column: SQL; settle(value: OverdueProbeValue): number } {
  const cutoff = promise.cutoff.toISOString();
  const inTransaction = db instanceof PgTransaction;
  const kept = inTransaction ? undefined : keptOverdue.get(db);
  const known = kept?.cutoff === cutoff ? kept : undefined;
  const count = countUpTo(overdueCondition(promise), BOARD_COUNT_CAP, sql`${waitingSince}`);
  // Counted (the uncorrelated subquery run) only when the known count does not hold.
  const column = sql`(select json_build_array(c.changes, case when c.changes = ${known?.changes ?? -1} then null else ${count} end)
      from ${submissionStatusCounts} as c where c.status = 'pending')`;
  return {
    column,
    settle(value) {
      // No pending row: no submission was ever pending (or the table was emptied). None is overdue.
      if (!value) return 0;
      const [changes, counted] = value;
      const n = counted ?? known?.n ?? 0;
      if (!inTransaction) keptOverdue.set(db, { cutoff, changes, n });
      return n;
    },
  };
}

/**
 * The counts as the cursor carries them, a list of numbers: each status's, the overdue count (up to
 * the cap + 1), the total, and which were lower bounds (a bit per status, then one for the total).
 */
function countsToTotals(counted: BoardCounts, overdue: number): number[] {
  let bits = 0;
  SUBMISSION_STATUSES.forEach((status, i) => {
    if (counted.capped.includes(status)) bits |= 1 << i;
  });
  if (counted.totalCapped) bits |= 1 << SUBMISSION_STATUSES.length;
  return [...SUBMISSION_STATUSES.map((status) => counted.counts[status]), overdue, counted.total, bits];
}

function countsFromTotals(totals: number[]): { counted: BoardCounts; overdue: number } | undefined {
  if (totals.length !== SUBMISSION_STATUSES.length + 3) return undefined;
  const n = SUBMISSION_STATUSES.length;
  const bits = totals[n + 2] ?? 0;
  return {
    counted: {
      counts: Object.fromEntries(SUBMISSION_STATUSES.map((status, i) => [status, totals[i] ?? 0])) as Record<
        SubmissionStatus,
        number
      >,
      capped: SUBMISSION_STATUSES.filter((_, i) => (bits & (1 << i)) !== 0),
      total: totals[n + 1] ?? 0,
      totalCapped: (bits & (1 << n)) !== 0,
    },
    overdue: totals[n] ?? 0,
  };
}

/**
 * GET /api/board/items: a page of the board. The counts per status (of the search and the other
 * filters) are taken with the first page and carried in the signed cursor, so later pages never
 * count again; they show the board as it was when the first page was read. A cursor is bound to
 * its order, search and filters: one of another is refused (400).
 */
export async function readBoardPage(
  deps: { db: Executor; cursorKey: Buffer; signer: LinkSigner; promise: PromiseClock },
  query: BoardListQuery,
  now = Date.now(),
): Promise<Omit<BoardListResponse, 'success'>> {
  const filters = boardFiltersOf(query);
  const scope: ListScope = { list: 'board', sort: query.sort, filters: { ...filters } };
  const cursor = query.cursor ? decodeListCursor(deps.cursorKey, scope, query.cursor) : undefined;
  const keyset = boardKeyset(query.sort, cursor?.after, cursor?.lead);
  const words = boardSearchWords(filters.q);
  // The sample tells only how common a text word is: a code or an address alone needs none.
  const searchSample = words.some((word) => boardSearchWordKind(word) === 'text')
    ? await readSearchTextSample(deps.db)
    : [];
  const deliveryRows = filters.delivery
    ? (await readDeliveryStateRows(deps.db))[filters.delivery]
    : undefined;
  const conditions = filterConditions(filters, deps.promise, searchSample, deliveryRows);
  // Nothing but a status and the order's index, or words in most of the board: the same plan for
  // any values, made once (withGenericPlan). A search or filter is planned for its own values.
  const samePlanForAnyValues = conditions.length === 0 || isDenseSearchOnly(filters, words, searchSample);
  const matching = and(
    ...conditions,
    filters.status ? eq(submissions.status, filters.status) : undefined,
    keyset.where,
  );
  // A narrow release date range: the page's ids are found through the release date index and
  // sorted on their own (no row's columns computed for the rows the page leaves out), then read.
  const narrow = isNarrowReleaseRange(filters.releasedFrom, filters.releasedTo);
  const where = narrow
    ? inArray(
        submissions.id,
        deps.db
          .select({ id: submissions.id })
          .from(submissions)
          .where(matching)
          .orderBy(...throughReleaseDates(query.sort, keyset.orderBy))
          .limit(query.limit + 1),
      )
    : matching;
  // The counts and the board's overdue count, taken with the first page and carried
  // by the cursor, so later pages never count again.
  const carried = cursor ? countsFromTotals(cursor.totals) : undefined;
  // The overdue count rides on the first page's counting statement (overdueProbe).
  const probe = carried ? undefined : overdueProbe(deps.db, deps.promise);
  // A first page of a search or filter: its matches read once for the counts and, when they are
  // few, the page's ids (readFirstMatches).
  const first =
    probe && !cursor && conditions.length > 0
      ? await readFirstMatches(
          deps.db,
          {
            matching: samePlanForAnyValues
              ? withGenericPlan(and(...conditions))
              : (and(...conditions) as SQL),
            status: filters.status,
            all: narrow,
            // Every match of a narrow range without words is in the release date index: each part
            // reads it there on its own, as far as it needs (the counts stop at the cap), faster
            // than keeping every match. OFFSET 0 keeps each reading on that index: the page's order
            // is never walked through its own index past the rows outside the range.
            inline: narrow && words.length === 0,
            // Words in most of the board and nothing else (isDenseSearchOnly).
            dense: samePlanForAnyValues,
          },
          {
            time: query.sort === 'age' ? submissions.statusChangedAt : submissions.createdAt,
            orderBy: keyset.orderBy,
          },
          query.limit,
          probe.column,
        )
      : undefined;
  // Any other page that counts (the first with no search or filter): the kept counts, with the probe.
  const kept = probe && !first ? await readKeptCounts(deps.db, probe.column) : undefined;
  const pageIds = first?.pageIds;
  const rows =
    pageIds?.length === 0
      ? []
      : await deps.db
          .select({ ...rowColumns, cursorTime: cursorTimeFor(query.sort) })
          .from(submissions)
          .where(
            pageIds
              ? withGenericPlan(inArray(submissions.id, pageIds))
              : samePlanForAnyValues && !narrow
                ? withGenericPlan(where)
                : where,
          )
          .orderBy(...keyset.orderBy)
          .limit(query.limit + 1);
  // A first page that holds every match of a chosen status is that status's count: a rare
  // combination is not read through twice.
  const statusTotal =
    first?.statusTotal ?? (filters.status && !cursor && rows.length <= query.limit ? rows.length : undefined);
  const counted = carried
    ? carried.counted
    : conditions.length === 0 && kept
      ? keptBoardCounts(kept.byStatus, filters.status)
      : await countBoardItems(deps.db, filters, deps.promise, {
          statusTotal,
          searchSample,
          deliveryRows,
          firstMatches: first?.byStatus,
        });
  const overdueCounted = carried
    ? carried.overdue
    : (probe?.settle(first?.overdue ?? kept?.overdue ?? null) ?? 0);
  const { page, nextCursor } = cutPage(
    deps.cursorKey,
    scope,
    rows,
    query.limit,
    countsToTotals(counted, overdueCounted),
    (last) => (query.sort === 'status' ? last.status : undefined),
  );
  return {
    items: page.map((row) => presentRow(deps.signer, row, now, deps.promise)),
    nextCursor,
    total: counted.total,
    counts: counted.counts,
    overdue: Math.min(overdueCounted, BOARD_COUNT_CAP),
    ...(counted.capped.length > 0 ? { countsCapped: counted.capped } : {}),
    ...(counted.totalCapped ? { totalCapped: true } : {}),
    ...(overdueCounted > BOARD_COUNT_CAP ? { overdueCapped: true } : {}),
  };
}

type BoardRowRecord = Parameters<typeof presentSummary>[0] & {
  statusChangedAt: Date;
  rating: number | null;
  assignee: BoardRow['assignee'];
  preview: PreviewRow | null;
  deliveryState: DeliveryState | null;
};

function presentRow(signer: LinkSigner, row: BoardRowRecord, now: number, promise: PromiseClock): BoardRow {
  return {
    ...presentSummary(row, promise),
    statusChangedAt: row.statusChangedAt.toISOString(),
    rating: row.rating,
    assignee: row.assignee,
    deliveryState: row.deliveryState,
    preview: row.preview
      ? {
          trackTitle: row.preview.title,
          url: fileLinks(signer, row.preview.uploadId, boardLinkLifetimeSeconds, now).url,
          peaks: Array.isArray(row.preview.peaks) ? row.preview.peaks : null,
        }
      : null,
  };
}
