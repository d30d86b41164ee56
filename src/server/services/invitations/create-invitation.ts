import { eq } from 'drizzle-orm';
import {
  type AdminInvitationPayload,
  getInvitationExpiry,
  type SessionUser,
  validateAdminInvite,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { artists, invitations, waitingListEntries } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { createToken, hashToken } from '../auth/tokens';
import { queueBoardSync } from '../board-sync/queue-board-sync';
import { queueMail } from '../mail/queue-mail';
import { composeInvitationMail, invitationUrlOf } from './invitation-mail';

export const WAITING_LIST_ENTRY_NOT_FOUND = 'Waiting list entry not found';

export interface CreatedInvitation {
  itemId: string;
  artistName: string;
  email: string;
  invitationUrl: string;
  expiresAt: Date;
}

/**
 * POST /api/artist-invitations/create: the invitation (its id is the board item id), a fresh token
 * kept only as its hash, and the artist's mail with the personal link, in one transaction.
 */
export async function createInvitation(
  deps: { db: Database; config: AppConfig },
  payload: AdminInvitationPayload,
  context: { actor: SessionUser; now: Date },
): Promise<CreatedInvitation> {
  const validation = validateAdminInvite(payload);
  if (validation.errors.length > 0) {
    throw badRequest(validation.stepMessage ?? validation.errors[0]?.message ?? '', validation.errors);
  }
  const email = payload.email.trim().toLowerCase();
  const token = createToken();
  const expiresAt = getInvitationExpiry(context.now, deps.config.invitationLifetimeDays);
  const invitationUrl = invitationUrlOf(deps.config, token);

  const itemId = await deps.db.transaction(async (tx) => {
    if (payload.waitingListEntryId) {
      const [entry] = await tx
        .select({ id: waitingListEntries.id })
        .from(waitingListEntries)
        .where(eq(waitingListEntries.id, payload.waitingListEntryId));
      if (!entry) throw notFound(WAITING_LIST_ENTRY_NOT_FOUND);
    }
    const [artist] = await tx.select({ id: artists.id }).from(artists).where(eq(artists.email, email));
    const reason = payload.invitationReason?.trim() || null;
    const [row] = await tx
      .insert(invitations)
      .values({
        tokenHash: hashToken(token),
        artistName: payload.artistName.trim(),
        firstName: payload.firstName.trim(),
        surname: payload.surname.trim(),
        email,
        invitationReason: reason,
        artistId: artist?.id ?? null,
        waitingListEntryId: payload.waitingListEntryId ?? null,
        createdByUserId: context.actor.userId,
        tokenIssuedAt: context.now,
        expiresAt,
      })
      .returning({ id: invitations.id });
    if (!row) throw new Error('invitation insert returned no row');
    await queueMail(
      tx,
      composeInvitationMail(deps.config, {
        to: email,
        firstName: payload.firstName.trim(),
        artistName: payload.artistName.trim(),
        invitedBy: { name: context.actor.name, email: context.actor.email },
        invitationReason: reason,
        url: invitationUrl,
        expiresAt,
      }),
    );
    if (deps.config.monday) await queueBoardSync(tx, 'invitation', row.id);
    return row.id;
  });
  return { itemId, artistName: payload.artistName.trim(), email, invitationUrl, expiresAt };
}
