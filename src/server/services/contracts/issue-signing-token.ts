import { eq } from 'drizzle-orm';
import { SIGNING_LINK_LIFETIME_MINUTES } from '../../../domain';
import type { Executor } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import { createToken, hashToken } from '../auth/tokens';
import { recordSignatureEvent, type SignatureActor } from './record-signature-event';

/** A new signing link token: the token goes to the signer once, only its hash is kept. */
export function issueSigningToken(now: Date): { token: string; tokenHash: string; tokenExpiresAt: Date } {
  const token = createToken();
  return {
    token,
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(now.getTime() + SIGNING_LINK_LIFETIME_MINUTES * 60_000),
  };
}

/**
 * The signing page of a token as the app opens it: a path, so the page opens on the origin the
 * artist's session is on (an absolute PUBLIC_URL address would ask a session opened at another
 * address of the server to sign in again).
 */
export function signingPagePath(token: string): string {
  return `/sign/${token}`;
}

/**
 * Puts a new link on an open request, in the caller's transaction, with its event: the new token
 * replaces the old one, so a link left in another window stops working.
 */
export async function attachSigningLink(
  tx: Executor,
  requestId: string,
  link: { tokenHash: string; tokenExpiresAt: Date },
  actor: SignatureActor,
  now: Date,
): Promise<void> {
  await tx
    .update(signatureRequests)
    .set({ tokenHash: link.tokenHash, tokenExpiresAt: link.tokenExpiresAt, updatedAt: now })
    .where(eq(signatureRequests.id, requestId));
  await recordSignatureEvent(tx, requestId, 'link_issued', actor, {
    linkExpiresAt: link.tokenExpiresAt.toISOString(),
  });
}
