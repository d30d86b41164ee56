import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  getSubmissionEventLabel,
  isRecordId,
  SUBMISSION_NOT_FOUND,
  type TimelineQuery,
  type TimelineResponse,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { submissionEvents, submissions, users } from '../../db/schema';
import { notFound } from '../../errors';
import { decodeListCursor, encodeListCursor, type ListScope } from '../pagination/list-cursor';

/** The audit trail's ids are serial numbers, not UUIDs. */
const isEventId = (id: string) => /^\d{1,18}$/.test(id);

/** createdAt as the cursor keeps it: the database's text, every microsecond. */
const createdAtText = sql<string>`to_char(${submissionEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * GET /api/board/items/{itemId}/timeline (staff): the submission's audit trail, a
 * keyset page at a time on (created_at, id) through the events' (submission_id, created_at, id)
 * index, newest first by default, with the cursor module of the other lists (signed, bound to this
 * submission and order; the total counted with the first page only).
 */
export async function readTimeline(
  deps: { db: Executor; cursorKey: Buffer },
  itemId: string,
  query: TimelineQuery,
): Promise<Omit<TimelineResponse, 'success'>> {
  const scope: ListScope = { list: 'submission-timeline', sort: query.sort, filters: { item: itemId } };
  const cursor = query.cursor
    ? decodeListCursor(deps.cursorKey, scope, query.cursor, { isId: isEventId })
    : undefined;
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [submission] = await deps.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, itemId));
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);

  const newest = query.sort === 'newest';
  const direction = newest ? desc : asc;
  let after: SQL | undefined;
  if (cursor) {
    const position = sql`(${cursor.after.createdAt}::timestamptz, ${cursor.after.id}::bigint)`;
    after = newest
      ? sql`(${submissionEvents.createdAt}, ${submissionEvents.id}) < ${position}`
      : sql`(${submissionEvents.createdAt}, ${submissionEvents.id}) > ${position}`;
  }
  const rows = await deps.db
    .select({
      event: submissionEvents,
      cursorTime: createdAtText,
      actor: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
    })
    .from(submissionEvents)
    .leftJoin(users, eq(users.id, submissionEvents.actorUserId))
    .where(and(eq(submissionEvents.submissionId, itemId), after))
    .orderBy(direction(submissionEvents.createdAt), direction(submissionEvents.id))
    .limit(query.limit + 1);

  let total = cursor?.totals[0];
  if (total === undefined) {
    total =
      rows.length <= query.limit
        ? rows.length
        : ((
            await deps.db
              .select({ n: sql<number>`count(*)::int` })
              .from(submissionEvents)
              .where(eq(submissionEvents.submissionId, itemId))
          )[0]?.n ?? 0);
  }
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeListCursor(deps.cursorKey, scope, {
          after: { createdAt: last.cursorTime, id: String(last.event.id) },
          totals: [total],
        })
      : null;
  return {
    events: page.map(({ event, actor }) => ({
      eventId: String(event.id),
      type: event.type,
      label: getSubmissionEventLabel(event.type),
      actor,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      message: event.message,
      templateId: event.templateId,
      roundId: event.roundId,
      data: (event.data as Record<string, unknown> | null) ?? null,
      createdAt: event.createdAt.toISOString(),
    })),
    nextCursor,
    total,
  };
}
