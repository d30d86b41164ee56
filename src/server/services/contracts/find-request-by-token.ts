import { eq } from 'drizzle-orm';
import { type SessionUser, SIGNING_MESSAGES } from '../../../domain';
import type { Executor } from '../../db/client';
import { artists, signatureRequests } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { hashToken } from '../auth/tokens';
import type { SignatureRequestRow } from './find-signature-request';

/**
 * The request a signing link names, for the signed-in user: the token is looked up by its hash;
 * an unknown or expired link is a 404, and a link opened by anyone but the artist it was made for
 * a 403 (the session is the second factor of the link).
 */
export async function findRequestByToken(
  executor: Executor,
  token: string,
  user: SessionUser,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<SignatureRequestRow> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(SIGNING_MESSAGES.linkInvalid);
  const query = executor
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.tokenHash, hashToken(token)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  const linkEnds = row?.tokenExpiresAt?.getTime() ?? 0;
  if (!row || linkEnds <= now.getTime()) throw notFound(SIGNING_MESSAGES.linkInvalid);
  const [owner] = await executor
    .select({ userId: artists.userId })
    .from(artists)
    .where(eq(artists.id, row.artistId));
  if (user.role !== 'artist' || !owner || owner.userId !== user.userId)
    throw forbidden(SIGNING_MESSAGES.notYours);
  return row;
}
