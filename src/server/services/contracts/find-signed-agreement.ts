import { and, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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

/**
 * The same agreement as a scalar subquery for an artist id (a column of the outer query): the
 * session's query reads it with the artist record (services/auth/sessions.ts).
 */
export function latestSignedAgreementId(artistId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${signatureRequests.id} from ${signatureRequests}
    where ${signatureRequests.artistId} = ${artistId} and ${signatureRequests.status} = 'signed'
      and ${signatureRequests.scheduleId} is null
    order by ${signatureRequests.signedAt} desc, ${signatureRequests.createdAt} desc limit 1)`;
}
