import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type BoardItemSummary,
  type BoardListResponse,
  isRecordId,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../../domain';
import type { Database } from '../../db/client';
import { catalogueItems, submissions, submissionTracks } from '../../db/schema';
import { badRequest } from '../../errors';

export const INVALID_BOARD_CURSOR = 'Invalid cursor';

export interface ListBoardItemsQuery {
  status?: SubmissionStatus | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * The cursor is the last row's (createdAt, id). createdAt is written out by the database with all
 * its microseconds: a JavaScript Date keeps milliseconds only, and two submissions in the same
 * millisecond would otherwise be skipped or repeated across pages.
 */
interface CursorPosition {
  createdAt: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeBoardCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** Anything the server did not issue is refused before it reaches SQL (a bad timestamp would be a 500). */
export function decodeBoardCursor(cursor: string): CursorPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      CURSOR_TIME.test(parsed[0]) &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      isRecordId(parsed[1])
    ) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw badRequest(INVALID_BOARD_CURSOR);
}

const createdAtText = sql<string>`to_char(${submissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Submissions per status over the whole board, every status present (0 when none). */
export async function countBoardItems(db: Database): Promise<Record<SubmissionStatus, number>> {
  const rows = await db
    .select({ status: submissions.status, n: count() })
    .from(submissions)
    .groupBy(submissions.status);
  const counts = Object.fromEntries(SUBMISSION_STATUSES.map((status) => [status, 0])) as Record<
    SubmissionStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Rows per submission of a child table, for one page of submissions in one query. */
async function countPerSubmission(
  db: Database,
  table: typeof submissionTracks | typeof catalogueItems,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ submissionId: table.submissionId, n: count() })
    .from(table)
    .where(inArray(table.submissionId, ids))
    .groupBy(table.submissionId);
  return new Map(rows.map((row) => [row.submissionId, row.n]));
}

/** GET /api/board/items: newest first, one page after the cursor, optionally one status only. */
export async function listBoardItems(
  db: Database,
  query: ListBoardItemsQuery,
): Promise<Omit<BoardListResponse, 'success'>> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(submissions.status, query.status));
  if (query.cursor) {
    const after = decodeBoardCursor(query.cursor);
    conditions.push(
      sql`(${submissions.createdAt}, ${submissions.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: submissions.id,
      status: submissions.status,
      itemName: submissions.itemName,
      artistName: sql<string | null>`${submissions.artistDetails}->>'artistName'`,
      releaseTitle: submissions.releaseTitle,
      uploadType: submissions.uploadType,
      releaseType: submissions.releaseType,
      releaseDate: submissions.releaseDate,
      createdAt: submissions.createdAt,
      cursorTime: createdAtText,
    })
    .from(submissions)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    // One more than asked tells whether another page follows without a second query.
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const ids = page.map((row) => row.id);
  const [trackCounts, itemCounts, counts] = await Promise.all([
    countPerSubmission(db, submissionTracks, ids),
    countPerSubmission(db, catalogueItems, ids),
    countBoardItems(db),
  ]);
  const items: BoardItemSummary[] = page.map((row) => ({
    itemId: row.id,
    status: row.status,
    itemName: row.itemName,
    artistName: row.artistName ?? '',
    releaseTitle: row.releaseTitle,
    uploadType: row.uploadType,
    releaseType: row.releaseType,
    releaseDate: row.releaseDate,
    createdAt: row.createdAt.toISOString(),
    trackCount: trackCounts.get(row.id) ?? 0,
    catalogueItemCount: itemCounts.get(row.id) ?? 0,
  }));
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? encodeBoardCursor({ createdAt: last.cursorTime, id: last.id })
        : null,
    counts,
  };
}
