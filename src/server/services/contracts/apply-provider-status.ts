import { and, eq } from 'drizzle-orm';
import type { SignatureStatusValue } from '../../../domain';
import type { Executor } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import type { SignatureRequestRow } from './find-signature-request';
import { queueSealAgreement } from './queue-seal-agreement';
import { recordSignatureEvent } from './record-signature-event';

/**
 * A final status reported by the e-signature provider, applied to an open request with its event;
 * a signature queues the sealing (the provider's signed PDF) in the same transaction. Guarded by
 * the status, so the status poll and the provider's callback never apply it twice.
 */
export async function applyProviderStatus(
  executor: Executor,
  row: SignatureRequestRow,
  status: Exclude<SignatureStatusValue, 'awaiting_signature'>,
  now: Date,
  source: string,
): Promise<SignatureRequestRow> {
  const closedAt =
    status === 'signed'
      ? { signedAt: now }
      : status === 'declined'
        ? { declinedAt: now }
        : { expiredAt: now };
  const [updated] = await executor
    .update(signatureRequests)
    .set({ status, ...closedAt, tokenHash: null, tokenExpiresAt: null, updatedAt: now })
    .where(and(eq(signatureRequests.id, row.id), eq(signatureRequests.status, 'awaiting_signature')))
    .returning();
  if (!updated) return row;
  await recordSignatureEvent(executor, row.id, status, {}, { provider: row.provider, source });
  if (status === 'signed') await queueSealAgreement(executor, row.id);
  return updated;
}
