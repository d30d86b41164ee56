import { and, eq } from 'drizzle-orm';
import { getEffectiveSignatureStatus } from '../../../domain';
import type { Executor } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import type { SignatureRequestRow } from './find-signature-request';
import { recordSignatureEvent } from './record-signature-event';

/**
 * Expiry is applied when a request is read rather than by a timer: an open request past its
 * deadline becomes 'expired' here, with its event, in the caller's transaction. The update is
 * guarded by the status, so two readers at once write one event.
 */
export async function expireIfOverdue(
  executor: Executor,
  row: SignatureRequestRow,
  now: Date,
  data: Record<string, unknown> = { reason: 'deadline_passed' },
): Promise<SignatureRequestRow> {
  if (getEffectiveSignatureStatus(row, now) !== 'expired' || row.status === 'expired') return row;
  const [updated] = await executor
    .update(signatureRequests)
    .set({ status: 'expired', expiredAt: now, updatedAt: now })
    .where(and(eq(signatureRequests.id, row.id), eq(signatureRequests.status, 'awaiting_signature')))
    .returning();
  if (!updated) {
    const [current] = await executor.select().from(signatureRequests).where(eq(signatureRequests.id, row.id));
    return current ?? row;
  }
  await recordSignatureEvent(
    executor,
    row.id,
    'expired',
    {},
    { ...data, expiresAt: row.expiresAt.toISOString() },
  );
  return updated;
}
