import { eq } from 'drizzle-orm';
import { isRecordId } from '../../../domain';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema';
import { notFound } from '../../errors';
import type { InvitationRow } from './find-usable-invitation';

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_ALREADY_USED = 'This invitation has already been used.';

/** A staff action's invitation, locked for the rest of the transaction; 404 when there is none. */
export async function loadInvitationForUpdate(executor: Executor, itemId: string): Promise<InvitationRow> {
  if (!isRecordId(itemId)) throw notFound(INVITATION_NOT_FOUND);
  const [row] = await executor.select().from(invitations).where(eq(invitations.id, itemId)).for('update');
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  return row;
}
