import { eq } from 'drizzle-orm';
import {
  addDays,
  checkSignatureDeadline,
  getIsoDateOfInstant,
  type IsoDate,
  SIGNING_MESSAGES,
  type SignatureStatusValue,
} from '../../../domain';
import type { Database } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { expireIfOverdue } from './expire-overdue-request';
import { findSignatureRequest } from './find-signature-request';
import { recordSignatureEvent, type SignatureActor } from './record-signature-event';

/**
 * POST /api/contracts/:id/deadline (staff): an open request's last day (UTC). It can be signed
 * until midnight UTC after that day; a day already past ends the request at once.
 */
export async function changeSignatureDeadline(
  db: Database,
  requestId: string,
  lastDay: string,
  actor: SignatureActor,
  now: Date,
): Promise<{ expiresAt: Date; status: SignatureStatusValue }> {
  const refusal = checkSignatureDeadline(lastDay, getIsoDateOfInstant(now));
  const outcome = await db.transaction(async (tx) => {
    const found = await findSignatureRequest(tx, requestId, { kind: 'staff' }, { forUpdate: true });
    if (refusal) throw badRequest(refusal);
    const row = await expireIfOverdue(tx, found, now);
    if (row.status !== 'awaiting_signature') return null;
    const expiresAt = new Date(`${addDays(lastDay as IsoDate, 1)}T00:00:00.000Z`);
    const ended = expiresAt.getTime() <= now.getTime();
    await tx
      .update(signatureRequests)
      .set({ expiresAt, ...(ended ? { status: 'expired' as const, expiredAt: now } : {}), updatedAt: now })
      .where(eq(signatureRequests.id, row.id));
    await recordSignatureEvent(tx, row.id, 'deadline_changed', actor, {
      lastDay,
      previousExpiresAt: row.expiresAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    if (ended) await recordSignatureEvent(tx, row.id, 'expired', actor, { reason: 'deadline_moved' });
    return { expiresAt, status: ended ? ('expired' as const) : ('awaiting_signature' as const) };
  });
  if (!outcome) throw conflict(SIGNING_MESSAGES.deadlineClosed);
  return outcome;
}
