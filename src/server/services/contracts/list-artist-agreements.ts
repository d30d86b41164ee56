import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  ARTIST_NOT_FOUND,
  getEffectiveSignatureStatus,
  isRecordId,
  type StaffAgreement,
} from '../../../domain';
import type { Database } from '../../db/client';
import { artists, signatureRequests } from '../../db/schema';
import { notFound } from '../../errors';
import { presentSignatureRequest } from './present-signature-request';

/** GET /api/artists/:artistId/agreements (staff): every request of the artist, newest first. */
export async function listArtistAgreements(
  db: Database,
  artistId: string,
  now: Date,
): Promise<StaffAgreement[]> {
  if (!isRecordId(artistId)) throw notFound(ARTIST_NOT_FOUND);
  const [artist] = await db.select({ id: artists.id }).from(artists).where(eq(artists.id, artistId));
  if (!artist) throw notFound(ARTIST_NOT_FOUND);
  const rows = await db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.artistId, artistId), isNull(signatureRequests.scheduleId)))
    .orderBy(desc(signatureRequests.createdAt), desc(signatureRequests.id));
  // A list is a read of many rows: the status shown is the effective one; the row itself is
  // expired (with its event) when the request is next read on its own.
  return rows.map((row) => ({
    ...presentSignatureRequest(row),
    status: getEffectiveSignatureStatus(row, now),
    signerName: row.signerName,
    signerEmail: row.signerEmail,
    provider: row.provider,
    ...(row.sealedAt ? { sealedAt: row.sealedAt.toISOString() } : {}),
    ...(row.sealedSha256 ? { sha256: row.sealedSha256 } : {}),
    ...(row.declineReason ? { declineReason: row.declineReason } : {}),
  }));
}
