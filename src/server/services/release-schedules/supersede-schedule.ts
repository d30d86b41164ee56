import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { releaseSchedules, signatureRequests } from '../../db/schema';
import { recordSignatureEvent } from '../contracts/record-signature-event';
import { readReleaseScheduleSource } from '../submissions/read-submissions';
import { queuePrepareSchedule } from './queue-prepare-schedule';
import {
  findCurrentSchedule,
  type ReleaseScheduleRow,
  scheduleSourceKey,
  toScheduleSource,
} from './schedule-source';

/**
 * Marks a schedule superseded, in the caller's transaction, and closes its open signature request
 * (expired, with the reason in its event), so a stale schedule can no longer be signed.
 */
export async function supersedeSchedule(
  tx: Executor,
  schedule: ReleaseScheduleRow,
  now: Date,
): Promise<void> {
  await tx
    .update(releaseSchedules)
    .set({ supersededAt: now, supersededReason: 'changed' })
    .where(and(eq(releaseSchedules.id, schedule.id), isNull(releaseSchedules.supersededAt)));
  const closed = await tx
    .update(signatureRequests)
    .set({ status: 'expired', expiredAt: now, tokenHash: null, tokenExpiresAt: null, updatedAt: now })
    .where(
      and(eq(signatureRequests.scheduleId, schedule.id), eq(signatureRequests.status, 'awaiting_signature')),
    )
    .returning({ id: signatureRequests.id, expiresAt: signatureRequests.expiresAt });
  for (const request of closed)
    await recordSignatureEvent(
      tx,
      request.id,
      'expired',
      {},
      { reason: 'schedule_superseded', expiresAt: request.expiresAt.toISOString() },
    );
}

/**
 * Called by every writer that may change what a release schedule lists (a resubmission after a
 * change request, submitted release details), in its transaction after its writes: when the
 * submission's current schedule no longer describes the stored rows (a replaced file, a new ISRC,
 * other credits or splits), it is superseded at once and a new one is queued (prepared while the
 * release is approved, else at the next approval). Reads no file: file ids stand for their hashes.
 */
export async function supersedeStaleSchedule(
  tx: Executor,
  submissionId: string,
  now: Date,
): Promise<boolean> {
  const current = await findCurrentSchedule(tx, submissionId, { forUpdate: true });
  if (!current) return false;
  const source = await readReleaseScheduleSource(tx, submissionId);
  if (source && scheduleSourceKey(toScheduleSource(source)) === current.sourceKey) return false;
  await supersedeSchedule(tx, current, now);
  await queuePrepareSchedule(tx, submissionId);
  return true;
}
