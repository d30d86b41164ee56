import { eq } from 'drizzle-orm';
import type { SessionUser, SignatureStatusValue } from '../../../domain';
import type { Database } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import { conflict } from '../../errors';
import { expireIfOverdue } from './expire-overdue-request';
import { findRequestByToken } from './find-request-by-token';
import { closedRequestMessage } from './present-signature-request';
import { recordSignatureEvent, type SignatureActor } from './record-signature-event';

/** POST /api/signing/:token/consent: the signer agreed to sign electronically (recorded once). */
export async function recordConsent(
  db: Database,
  token: string,
  user: SessionUser,
  actor: SignatureActor,
  now: Date,
): Promise<SignatureStatusValue> {
  const status = await db.transaction(async (tx) => {
    const found = await findRequestByToken(tx, token, user, now, { forUpdate: true });
    const row = await expireIfOverdue(tx, found, now);
    if (row.status !== 'awaiting_signature' || row.consentedAt) return row.status;
    await tx
      .update(signatureRequests)
      .set({ consentedAt: now, updatedAt: now })
      .where(eq(signatureRequests.id, row.id));
    await recordSignatureEvent(tx, row.id, 'consented', actor);
    return row.status;
  });
  if (status !== 'awaiting_signature') throw conflict(closedRequestMessage(status));
  return status;
}
