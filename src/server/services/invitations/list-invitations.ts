import { and, gt, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import {
  getInvitationStatus,
  INVITATION_STATUSES,
  type InvitationListQuery,
  type InvitationStatus,
  type InvitationSummary,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema';
import { cursorTimeOf, cutPage, keysetOrder } from '../pagination/keyset-page';
import { decodeListCursor, type ListScope } from '../pagination/list-cursor';

/**
 * The statuses as conditions, so a filtered list is filtered by the database, in the same
 * precedence as getInvitationStatus. Each is read through its partial index of (created_at, id)
 * (schema.ts): used, revoked, and open (valid or expired, told apart by `expires_at`).
 */
function statusCondition(status: InvitationStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'used':
      return isNotNull(invitations.usedAt);
    case 'revoked':
      return and(isNull(invitations.usedAt), isNotNull(invitations.revokedAt));
    case 'expired':
      return and(isNull(invitations.usedAt), isNull(invitations.revokedAt), lte(invitations.expiresAt, now));
    case 'valid':
      return and(isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));
  }
}

/** Invitations per status, every status present (0 when none), in one pass. */
export async function countInvitations(db: Executor, now: Date): Promise<Record<InvitationStatus, number>> {
  const [row] = await db
    .select(
      Object.fromEntries(
        INVITATION_STATUSES.map((status) => [
          status,
          sql<number>`(count(*) filter (where ${statusCondition(status, now)}))::int`,
        ]),
      ) as Record<InvitationStatus, SQL<number>>,
    )
    .from(invitations);
  return Object.fromEntries(INVITATION_STATUSES.map((status) => [status, row?.[status] ?? 0])) as Record<
    InvitationStatus,
    number
  >;
}

/**
 * GET /api/artist-invitations (staff): a page of the invitations, newest first unless asked
 * otherwise, optionally of one status. The counts per status are taken with the first page and
 * carried in the signed cursor, so later pages never count again (like the board's).
 */
export async function readInvitationsPage(
  deps: { db: Executor; cursorKey: Buffer },
  query: InvitationListQuery,
  now: Date,
): Promise<{
  invitations: InvitationSummary[];
  nextCursor: string | null;
  total: number;
  counts: Record<InvitationStatus, number>;
}> {
  const scope: ListScope = { list: 'invitations', sort: query.sort, filters: { status: query.status } };
  const cursor = query.cursor ? decodeListCursor(deps.cursorKey, scope, query.cursor) : undefined;
  const { where, orderBy } = keysetOrder(invitations, query.sort, cursor?.after);
  const [rows, counts] = await Promise.all([
    deps.db
      .select({
        invitation: invitations,
        id: invitations.id,
        cursorTime: cursorTimeOf(invitations.createdAt),
      })
      .from(invitations)
      .where(and(query.status ? statusCondition(query.status, now) : undefined, where))
      .orderBy(...orderBy)
      .limit(query.limit + 1),
    cursor?.totals.length === INVITATION_STATUSES.length
      ? (Object.fromEntries(
          INVITATION_STATUSES.map((status, i) => [status, cursor.totals[i] ?? 0]),
        ) as Record<InvitationStatus, number>)
      : countInvitations(deps.db, now),
  ]);
  const totals = INVITATION_STATUSES.map((status) => counts[status]);
  const { page, nextCursor } = cutPage(deps.cursorKey, scope, rows, query.limit, totals);
  const total = query.status ? counts[query.status] : totals.reduce((sum, n) => sum + n, 0);
  return {
    invitations: page.map(({ invitation: row }) => ({
      itemId: row.id,
      artistName: row.artistName,
      firstName: row.firstName,
      surname: row.surname,
      email: row.email,
      invitationReason: row.invitationReason,
      status: getInvitationStatus(row, now),
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      usedAt: row.usedAt?.toISOString() ?? null,
      submissionId: row.submissionId,
    })),
    nextCursor,
    total,
    counts,
  };
}
