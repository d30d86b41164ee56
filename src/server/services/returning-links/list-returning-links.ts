import { desc, eq } from 'drizzle-orm';
import { getReturningLinkStatus, isRecordId, type ReturningLinkSummary } from '../../../domain';
import type { Executor } from '../../db/client';
import { artists, returningLinks } from '../../db/schema';
import { notFound } from '../../errors';

export const ARTIST_NOT_FOUND = 'Artist not found';

/** GET /api/artists/:artistId/returning-links (staff): the artist's links, newest first. */
export async function listReturningLinks(
  executor: Executor,
  artistId: string,
  now: Date,
): Promise<ReturningLinkSummary[]> {
  if (!isRecordId(artistId)) throw notFound(ARTIST_NOT_FOUND);
  const [artist] = await executor.select({ id: artists.id }).from(artists).where(eq(artists.id, artistId));
  if (!artist) throw notFound(ARTIST_NOT_FOUND);
  const rows = await executor
    .select()
    .from(returningLinks)
    .where(eq(returningLinks.artistId, artistId))
    .orderBy(desc(returningLinks.createdAt), desc(returningLinks.id));
  return rows.map((row) => ({
    linkId: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    usageCount: row.usageCount,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    status: getReturningLinkStatus(row, now),
  }));
}
