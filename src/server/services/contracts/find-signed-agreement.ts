import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signatureRequests } from '../../db/schema';

/** The artist's latest signed agreement, which is what `hasSignedContract` means. */
export async function findSignedAgreementId(
  executor: Executor,
  artistId: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.artistId, artistId),
        eq(signatureRequests.status, 'signed'),
        isNull(signatureRequests.scheduleId),
      ),
    )
    .orderBy(desc(signatureRequests.signedAt), desc(signatureRequests.createdAt))
    .limit(1);
  return row?.id;
}
