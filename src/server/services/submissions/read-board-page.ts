import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import {
  type BoardListQuery,
  type BoardListResponse,
  type BoardRow,
  type BoardSort,
  boardSearchWordKind,
  boardSearchWords,
  INVALID_LIST_CURSOR,
  isNarrowReleaseRange,
  likePatternOf,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  submissionStatusSchema,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { submissionStatusCounts, submissions } from '../../db/schema';
import { badRequest } from '../../errors';
import { cursorTimeOf, cutPage, keysetOrder } from '../pagination/keyset-page';
import { type CursorPosition, decodeListCursor, type ListScope } from '../pagination/list-cursor';
import { countOverdue, overdueCondition, type PromiseClock } from '../response-promise/promise-settings';
import { fileLinks, type LinkSigner } from '../uploads/present-upload';
import { boardLinkLifetimeSeconds, presentSummary } from './present-board-item';
import { summaryColumns } from './read-submissions';

/**
 * The staff board's list (issues 7, 19, 20 §5): a search, filters, one of four orders, a page at
 * a time by signed keyset cursors, with the counts per status for the filter chips. One statement
 * for the page and one grouped count with the first page; each order reads an index:
 *
 * | sort   | order                                   | index (drizzle/0009, 0012)                    |
 * |--------|-----------------------------------------|-----------------------------------------------|
 * | newest | created_at desc, id desc                | (created_at, id), or (status, created_at, id) |
 * | oldest | created_at, id                          | the same, read forwards                       |
 * | status | status (workflow order), created_at, id | (status, created_at, id)                      |
 * | age    | status_changed_at, id                   | (status_changed_at, id), or with status first |
 *
 * The search's words each match the search text (kept by triggers, drizzle/0014_board_triage) through its
 * trigram GIN index; release type and genre are equality filters, the release date range reads
 * (release_date).
 */

/**
 * What the list is narrowed by. One key per filter: a new filter (issue 20 §4's overdue) is a key
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
  /** Only those past the response promise (issue 20 §4): pending, waiting longer than it allows. */
  overdue?: 'true' | undefined;
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
  };
}

/**
 * One search word: a whole ISRC or UPC exactly, through the code indexes of tracks and catalogue
 * items (drizzle/0014_board_triage); a whole e-mail address exactly, through the artist e-mail index; anything
 * else anywhere in the search text, through its trigram index. The expressions are the indexes'.
 */
function searchCondition(word: string): SQL {
  switch (boardSearchWordKind(word)) {
    case 'code':
      return sql`${submissions.id} in (
        select t.submission_id from submission_tracks t
          where lower(regexp_replace(t.isrc, '[^A-Za-z0-9]', '', 'g')) = ${word}
        union all
        select c.submission_id from catalogue_items c
          where lower(regexp_replace(c.details->>'upc', '[^A-Za-z0-9]', '', 'g')) = ${word}
        union all
        select c.submission_id from catalogue_items c
          where lower(regexp_replace(c.details->>'isrc', '[^A-Za-z0-9]', '', 'g')) = ${word})`;
    case 'email':
      return sql`lower(${submissions.artistDetails}->>'email') = ${word}`;
    default:
      return sql`${submissions.searchText} like ${likePatternOf(word)}`;
  }
}

/** The conditions of every filter but the status (which the counts per status leave out). */
function filterConditions(filters: BoardFilters, promise: Pick<PromiseClock, 'cutoff'> | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (filters.overdue && promise) conditions.push(overdueCondition(promise));
  for (const word of boardSearchWords(filters.q)) conditions.push(searchCondition(word));
  if (filters.releaseType) conditions.push(eq(submissions.releaseType, filters.releaseType));
  if (filters.genre) conditions.push(eq(submissions.primaryGenre, filters.genre));
  if (filters.releasedFrom) conditions.push(gte(submissions.releaseDate, filters.releasedFrom));
  if (filters.releasedTo) conditions.push(lte(submissions.releaseDate, filters.releasedTo));
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
};

/**
 * Submissions per status that match the filters but the status's, every status present (0 when
 * none). With nothing but a status to filter by, the counts the triggers keep (one row per status);
 * otherwise counted over what matches.
 */
export async function countBoardItems(
  db: Executor,
  filters: BoardFilters = {},
  promise?: Pick<PromiseClock, 'cutoff'>,
): Promise<Record<SubmissionStatus, number>> {
  const conditions = filterConditions(filters, promise);
  const rows =
    conditions.length === 0
      ? await db
          .select({ status: submissionStatusCounts.status, n: sql<number>`${submissionStatusCounts.n}::int` })
          .from(submissionStatusCounts)
      : await db
          .select({ status: submissions.status, n: sql<number>`count(*)::int` })
          .from(submissions)
          .where(and(...conditions))
          .groupBy(submissions.status);
  const counts = Object.fromEntries(SUBMISSION_STATUSES.map((status) => [status, 0])) as Record<
    SubmissionStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
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
  const conditions = filterConditions(filters, deps.promise);
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
  // The counts per status, then the board's overdue count (issue 20 §4), carried by the cursor.
  const carried =
    cursor && cursor.totals.length === SUBMISSION_STATUSES.length + 1 ? cursor.totals : undefined;
  const [rows, counts, overdueCount] = await Promise.all([
    deps.db
      .select({ ...rowColumns, cursorTime: cursorTimeFor(query.sort) })
      .from(submissions)
      .where(where)
      .orderBy(...keyset.orderBy)
      .limit(query.limit + 1),
    carried
      ? Object.fromEntries(SUBMISSION_STATUSES.map((status, i) => [status, carried[i] ?? 0]))
      : countBoardItems(deps.db, filters, deps.promise),
    // Past the promise today over the whole board, on the pending rows' own index.
    carried ? (carried[SUBMISSION_STATUSES.length] ?? 0) : countOverdue(deps.db, deps.promise),
  ]);
  const statusTotals = SUBMISSION_STATUSES.map((status) => counts[status] ?? 0);
  const totals = [...statusTotals, overdueCount];
  const { page, nextCursor } = cutPage(deps.cursorKey, scope, rows, query.limit, totals, (last) =>
    query.sort === 'status' ? last.status : undefined,
  );
  const total = filters.status ? (counts[filters.status] ?? 0) : statusTotals.reduce((sum, n) => sum + n, 0);
  return {
    items: page.map((row) => presentRow(deps.signer, row, now, deps.promise)),
    nextCursor,
    total,
    counts,
    overdue: overdueCount,
  };
}

type BoardRowRecord = Parameters<typeof presentSummary>[0] & {
  statusChangedAt: Date;
  rating: number | null;
  assignee: BoardRow['assignee'];
  preview: PreviewRow | null;
};

function presentRow(signer: LinkSigner, row: BoardRowRecord, now: number, promise: PromiseClock): BoardRow {
  return {
    ...presentSummary(row, promise),
    statusChangedAt: row.statusChangedAt.toISOString(),
    rating: row.rating,
    assignee: row.assignee,
    preview: row.preview
      ? {
          trackTitle: row.preview.title,
          url: fileLinks(signer, row.preview.uploadId, boardLinkLifetimeSeconds, now).url,
          peaks: Array.isArray(row.preview.peaks) ? row.preview.peaks : null,
        }
      : null,
  };
}
