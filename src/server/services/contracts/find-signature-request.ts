import { eq } from 'drizzle-orm';
import { isRecordId, SIGNING_MESSAGES } from '../../../domain';
import type { Executor } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import { notFound } from '../../errors';

export type SignatureRequestRow = typeof signatureRequests.$inferSelect;

/** Who asks for a request: its artist, or staff, who may see every artist's. */
export type SignatureViewer = { kind: 'artist'; artistId: string } | { kind: 'staff' };

/**
 * A request checked against its reader. Unknown ids, malformed ids and another artist's ids all
 * answer the same 404, so an id tells nobody whether it exists.
 */
export async function findSignatureRequest(
  executor: Executor,
  requestId: string,
  viewer: SignatureViewer,
  options: { forUpdate?: boolean } = {},
): Promise<SignatureRequestRow> {
  if (!isRecordId(requestId)) throw notFound(SIGNING_MESSAGES.requestNotFound);
  const query = executor.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(SIGNING_MESSAGES.requestNotFound);
  if (viewer.kind === 'artist' && row.artistId !== viewer.artistId)
    throw notFound(SIGNING_MESSAGES.requestNotFound);
  return row;
}
