import type { Database } from '../../db/client';
import { conflict } from '../../errors';
import { expireIfOverdue } from './expire-overdue-request';
import { findSignatureRequest } from './find-signature-request';
import { attachSigningLink, issueSigningToken, signingPagePath } from './issue-signing-token';
import { closedRequestMessage } from './present-signature-request';
import type { SignatureActor } from './record-signature-event';

/**
 * POST /api/contracts/:id/sign-url (owner): a fresh signing link for an open request. The new
 * token replaces the old one, so a link left in another window stops working. Every provider's
 * request answers Imprint's own signing page (with Dropbox Sign, the page opens their client).
 */
export async function issueSignUrl(
  deps: { db: Database },
  requestId: string,
  artistId: string,
  actor: SignatureActor,
  now: Date,
): Promise<string> {
  const link = issueSigningToken(now);
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await findSignatureRequest(
      tx,
      requestId,
      { kind: 'artist', artistId },
      { forUpdate: true },
    );
    const row = await expireIfOverdue(tx, found, now);
    if (row.status !== 'awaiting_signature') return { kind: 'closed' as const, status: row.status };
    await attachSigningLink(tx, row.id, link, actor, now);
    return { kind: 'open' as const };
  });
  // Thrown after the commit: an expiry found on the way is kept.
  if (outcome.kind === 'closed') throw conflict(closedRequestMessage(outcome.status));
  // A Dropbox Sign request is signed on the same page: it asks the provider for its short-lived,
  // single-use embedded URL when it opens, so no URL of theirs is spent here.
  return signingPagePath(link.token);
}
