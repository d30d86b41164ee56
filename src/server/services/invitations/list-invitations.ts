import { and, desc, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import { getInvitationStatus, type InvitationStatus, type InvitationSummary } from '../../../domain';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema';

/** The statuses as conditions, so a filtered list is filtered by the database, in the same precedence as getInvitationStatus. */
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

/** GET /api/artist-invitations (staff): newest first, optionally of one status. */
export async function listInvitations(
  executor: Executor,
  options: { status?: InvitationStatus | undefined; now: Date },
): Promise<InvitationSummary[]> {
  const rows = await executor
    .select()
    .from(invitations)
    .where(options.status ? statusCondition(options.status, options.now) : undefined)
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((row) => ({
    itemId: row.id,
    artistName: row.artistName,
    firstName: row.firstName,
    surname: row.surname,
    email: row.email,
    invitationReason: row.invitationReason,
    status: getInvitationStatus(row, options.now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    submissionId: row.submissionId,
  }));
}
