import { desc, eq } from 'drizzle-orm';
import type { CurrentContractResponse } from '../../../domain';
import type { Database } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import type { ArtistRow } from '../../policies/artists';
import { expireIfOverdue } from './expire-overdue-request';
import { findSignedAgreementId } from './find-signed-agreement';
import { presentSignatureRequest } from './present-signature-request';

/** GET /api/contracts/current: the artist's latest request (expiry applied), and whether one is signed. */
export async function getCurrentContract(
  db: Database,
  artist: ArtistRow,
  now: Date,
): Promise<CurrentContractResponse> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.artistId, artist.id))
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
