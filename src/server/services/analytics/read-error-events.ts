import { and, gte, lt, sql } from 'drizzle-orm';
import { type ErrorEventSummary, type ErrorEventsQuery, errorSeveritySchema } from '../../../domain';
import type { Executor } from '../../db/client';
import { errorReports } from '../../db/schema';
import { cursorTimeOf, cutPage, firstPageTotal, keysetOrder } from '../pagination/keyset-page';
import { decodeListCursor, type ListScope } from '../pagination/list-cursor';

const HOUR_MS = 60 * 60_000;

/** An error event row as the dashboard's lists show it. */
export function presentErrorEvent(row: {
  id: string;
  createdAt: Date;
  severity: string;
  category: string;
  source: ErrorEventSummary['source'];
  message: string;
  url: string | null;
}): ErrorEventSummary {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    // Written by the domain's classification; an unknown word (an older row) reads as LOW.
    severity: errorSeveritySchema.catch('LOW').parse(row.severity),
    category: row.category,
    source: row.source,
    message: row.message,
    ...(row.url ? { url: row.url } : {}),
  };
}

export const errorEventColumns = {
  id: errorReports.id,
  createdAt: errorReports.createdAt,
  severity: errorReports.severity,
  category: errorReports.category,
  source: errorReports.source,
  message: errorReports.message,
  url: errorReports.url,
};

/**
 * GET /api/analytics/errors: a page of the error events of a window, newest first unless asked
 * otherwise, on error_reports (created_at, id). The window is fixed by the first page (from
 * `hours` before it up to it) and carried in the signed cursor with the total counted then, so
 * later pages neither count again nor lose the window's oldest events to the passing of time.
 * The cursor's totals are [events in the window, window start (ms), window end (ms)].
 */
export async function readErrorEventsPage(
  deps: { db: Executor; cursorKey: Buffer },
  query: ErrorEventsQuery,
  now: Date,
): Promise<{ errors: ErrorEventSummary[]; nextCursor: string | null; total: number }> {
  const scope: ListScope = {
    list: 'error-events',
    sort: query.sort,
    filters: { hours: String(query.hours) },
  };
  const cursor = query.cursor ? decodeListCursor(deps.cursorKey, scope, query.cursor) : undefined;
  const [carriedTotal, carriedStart, carriedEnd] = cursor?.totals ?? [];
  const span =
    carriedStart !== undefined && carriedEnd !== undefined
      ? { start: new Date(carriedStart), end: new Date(carriedEnd) }
      : { start: new Date(now.getTime() - query.hours * HOUR_MS), end: now };
  const inWindow = and(gte(errorReports.createdAt, span.start), lt(errorReports.createdAt, span.end));
  const { where, orderBy } = keysetOrder(errorReports, query.sort, cursor?.after);
  const rows = await deps.db
    .select({ ...errorEventColumns, cursorTime: cursorTimeOf(errorReports.createdAt) })
    .from(errorReports)
    .where(and(inWindow, where))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const total = await firstPageTotal(carriedTotal, rows.length, query.limit, async () => {
    const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(errorReports).where(inWindow);
    return row?.n ?? 0;
  });
  const totals = [total, span.start.getTime(), span.end.getTime()];
  const { page, nextCursor } = cutPage(deps.cursorKey, scope, rows, query.limit, totals);
  return { errors: page.map(presentErrorEvent), nextCursor, total };
}
