import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { invitations } from '../../db/schema';
import { conflict } from '../../errors';
import { queueBoardSync } from '../board-sync/queue-board-sync';
import { INVITATION_ALREADY_USED, loadInvitationForUpdate } from './load-invitation';

/** Staff withdraw an invitation: its link stops working. Revoking twice changes nothing. */
export async function revokeInvitation(
  deps: { db: Database; config: Pick<AppConfig, 'monday'> },
  itemId: string,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await loadInvitationForUpdate(tx, itemId);
    if (row.usedAt) throw conflict(INVITATION_ALREADY_USED);
    if (row.revokedAt) return;
    await tx.update(invitations).set({ revokedAt: now, updatedAt: now }).where(eq(invitations.id, row.id));
    if (deps.config.monday) await queueBoardSync(tx, 'invitation', row.id);
  });
}
