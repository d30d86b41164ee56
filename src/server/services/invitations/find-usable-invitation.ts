import { eq } from 'drizzle-orm';
import { getInvitationStatus, isWellFormedToken } from '../../../domain';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema';
import { hashToken } from '../auth/tokens';

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * The invitation a token opens, only while it is valid (not used, revoked or expired): every other
 * case is the same "no", so the answer never tells whether a token once belonged to someone.
 */
export async function findUsableInvitation(
  executor: Executor,
  token: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await executor
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)));
  if (!row || getInvitationStatus(row, now) !== 'valid') return undefined;
  return row;
}
