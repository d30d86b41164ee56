import { and, eq, gt, isNull } from 'drizzle-orm';
import { INVITATION_MESSAGES } from '../../../domain';
import type { Transaction } from '../../db/client';
import { invitations, submissionEvents } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * Marks the invitation used by this submission, inside the submission's transaction. The update
 * only applies while the invitation is still valid, so of two submissions racing on one link,
 * the second finds nothing to update and is refused (its whole transaction rolls back).
 */
export async function markInvitationUsed(
  tx: Transaction,
  input: {
    invitationId: string;
    submissionId: string;
    artistId: string;
    actorUserId: string | null;
    now: Date;
  },
): Promise<void> {
  const used = await tx
    .update(invitations)
    .set({
      usedAt: input.now,
      submissionId: input.submissionId,
      artistId: input.artistId,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(invitations.id, input.invitationId),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, input.now),
      ),
    )
    .returning({ id: invitations.id });
  if (used.length === 0) throw badRequest(INVITATION_MESSAGES.invalidLink);
  await tx.insert(submissionEvents).values({
    submissionId: input.submissionId,
    type: 'invitation_used',
    actorUserId: input.actorUserId,
    data: { invitationId: input.invitationId },
  });
}
