import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RETURNING_LINK_FAILURE_MESSAGES } from '../../../domain';
import type { Transaction } from '../../db/client';
import { returningLinks, submissionEvents } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * Counts a submission made through a returning-artist link, inside the submission's transaction.
 * Guarded like the check before it: a link revoked or expired in between refuses the submission.
 */
export async function recordReturningLinkUse(
  tx: Transaction,
  input: { linkId: string; submissionId: string; actorUserId: string | null; now: Date },
): Promise<void> {
  const [used] = await tx
    .update(returningLinks)
    .set({ usageCount: sql`${returningLinks.usageCount} + 1`, lastUsedAt: input.now })
    .where(
      and(
        eq(returningLinks.id, input.linkId),
        isNull(returningLinks.revokedAt),
        gt(returningLinks.expiresAt, input.now),
      ),
    )
    .returning({ usageCount: returningLinks.usageCount, revokedAt: returningLinks.revokedAt });
  if (!used) {
    const [link] = await tx
      .select({ revokedAt: returningLinks.revokedAt })
      .from(returningLinks)
      .where(eq(returningLinks.id, input.linkId));
    throw badRequest(RETURNING_LINK_FAILURE_MESSAGES[link?.revokedAt ? 'deactivated' : 'expired']);
  }
  await tx.insert(submissionEvents).values({
    submissionId: input.submissionId,
    type: 'returning_link_used',
    actorUserId: input.actorUserId,
    data: { linkId: input.linkId, usageCount: used.usageCount },
  });
}
