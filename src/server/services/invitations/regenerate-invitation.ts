import { eq } from 'drizzle-orm';
import { getInvitationExpiry, type SessionUser } from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { invitations } from '../../db/schema';
import { conflict } from '../../errors';
import { createToken, hashToken } from '../auth/tokens';
import { queueBoardSync } from '../board-sync/queue-board-sync';
import { queueMail } from '../mail/queue-mail';
import { composeInvitationMail, invitationUrlOf } from './invitation-mail';
import { INVITATION_ALREADY_USED, loadInvitationForUpdate } from './load-invitation';

/**
 * The spec's "set the token status to Generate": a new token replaces the old one (which stops
 * working at once), the expiry starts again, a revoked invitation is live again, and the artist
 * gets the new link. A used invitation has done its work and stays as it is.
 */
export async function regenerateInvitation(
  deps: { db: Database; config: AppConfig },
  itemId: string,
  context: { actor: SessionUser; now: Date },
): Promise<{ itemId: string; invitationUrl: string; expiresAt: Date }> {
  const token = createToken();
  const expiresAt = getInvitationExpiry(context.now, deps.config.invitationLifetimeDays);
  const invitationUrl = invitationUrlOf(deps.config, token);
  await deps.db.transaction(async (tx) => {
    const row = await loadInvitationForUpdate(tx, itemId);
    if (row.usedAt) throw conflict(INVITATION_ALREADY_USED);
    await tx
      .update(invitations)
      .set({
        tokenHash: hashToken(token),
        tokenIssuedAt: context.now,
        expiresAt,
        revokedAt: null,
        updatedAt: context.now,
      })
      .where(eq(invitations.id, row.id));
    if (deps.config.monday) await queueBoardSync(tx, 'invitation', row.id);
    await queueMail(
      tx,
      composeInvitationMail(deps.config, {
        to: row.email,
        firstName: row.firstName,
        artistName: row.artistName,
        invitedBy: { name: context.actor.name, email: context.actor.email },
        invitationReason: row.invitationReason,
        url: invitationUrl,
        expiresAt,
      }),
    );
  });
  return { itemId, invitationUrl, expiresAt };
}
