import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CurrentContractResponse, SessionUser } from '../../../domain';
import type { Database } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import type { ArtistRow } from '../artists/find-artist-of-user';
import { expireIfOverdue } from './expire-overdue-request';
import { findSignedAgreementId } from './find-signed-agreement';
import { presentSignatureRequest } from './present-signature-request';

/**
 * GET /api/contracts/current: the artist's latest request (expiry applied), and whether one is
 * signed. An account without an artist row yet has neither; its `artistId`, which the page sends
 * back to create a request, is the account's own id, which createSignatureRequest accepts for the
 * row it then makes.
 */
export async function getCurrentContract(
  db: Database,
  artist: ArtistRow | undefined,
  user: SessionUser,
  now: Date,
): Promise<CurrentContractResponse> {
  if (!artist) return { success: true, artistId: user.userId, hasSignedContract: false };
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(signatureRequests)
      // The agreement's requests only: a release schedule is signed from its submission.
      .where(and(eq(signatureRequests.artistId, artist.id), isNull(signatureRequests.scheduleId)))
      .orderBy(desc(signatureRequests.createdAt), desc(signatureRequests.id))
      .limit(1);
    const current = latest ? await expireIfOverdue(tx, latest, now) : undefined;
    const signedId = await findSignedAgreementId(tx, artist.id);
    return {
      success: true,
      artistId: artist.id,
      hasSignedContract: signedId !== undefined,
      ...(signedId ? { contractSignatureId: signedId } : {}),
      ...(current ? { signatureRequest: presentSignatureRequest(current) } : {}),
    };
  });
}
