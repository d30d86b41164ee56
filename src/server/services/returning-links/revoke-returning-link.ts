import { and, eq, isNull } from 'drizzle-orm';
import { isRecordId } from '../../../domain';
import type { Database } from '../../db/client';
import { returningLinks } from '../../db/schema';
import { notFound } from '../../errors';

export const RETURNING_LINK_NOT_FOUND = 'Returning-artist link not found';

/** POST /api/returning-links/:linkId/revoke (staff): the link answers 'deactivated' from now on. */
export async function revokeReturningLink(db: Database, linkId: string, now: Date): Promise<void> {
  if (!isRecordId(linkId)) throw notFound(RETURNING_LINK_NOT_FOUND);
  const [link] = await db
    .select({ id: returningLinks.id })
    .from(returningLinks)
    .where(eq(returningLinks.id, linkId));
  if (!link) throw notFound(RETURNING_LINK_NOT_FOUND);
  await db
    .update(returningLinks)
    .set({ revokedAt: now })
    .where(and(eq(returningLinks.id, linkId), isNull(returningLinks.revokedAt)));
}
