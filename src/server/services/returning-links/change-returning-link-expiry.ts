import { eq } from 'drizzle-orm';
import {
  checkReturningLinkLastDay,
  getIsoDateOfInstant,
  getReturningLinkEndOfLastDay,
  isRecordId,
  RETURNING_LINK_EXPIRY_MESSAGES,
} from '../../../domain';
import type { Database } from '../../db/client';
import { returningLinks } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { RETURNING_LINK_NOT_FOUND } from './revoke-returning-link';

/**
 * POST /api/returning-links/:linkId/expiry (staff): move a link's last day. A day in the past
 * ends the link as 'expired'; a later one extends it, up to 365 days from today.
 */
export async function changeReturningLinkExpiry(
  db: Database,
  linkId: string,
  lastDay: string,
  now: Date,
): Promise<Date> {
  if (!isRecordId(linkId)) throw notFound(RETURNING_LINK_NOT_FOUND);
  const refusal = checkReturningLinkLastDay(lastDay, getIsoDateOfInstant(now));
  if (refusal) throw badRequest(refusal);
  const expiresAt = getReturningLinkEndOfLastDay(lastDay);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ revokedAt: returningLinks.revokedAt })
      .from(returningLinks)
      .where(eq(returningLinks.id, linkId))
      .for('update');
    if (!link) throw notFound(RETURNING_LINK_NOT_FOUND);
    if (link.revokedAt) throw conflict(RETURNING_LINK_EXPIRY_MESSAGES.revoked);
    await tx.update(returningLinks).set({ expiresAt }).where(eq(returningLinks.id, linkId));
    return expiresAt;
  });
}
