import { desc, eq } from 'drizzle-orm';
import {
  getEffectiveSignatureStatus,
  isRecordId,
  RELEASE_SCHEDULE_MESSAGES,
  type ReleaseSchedule,
  type ReleaseScheduleContent,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { releaseSchedules, signatureRequests, submissions } from '../../db/schema';
import { notFound } from '../../errors';
import type { SignatureRequestRow, SignatureViewer } from '../contracts/find-signature-request';
import { agreementDocumentPath } from '../contracts/present-signature-request';
import type { ReleaseScheduleRow } from './schedule-source';

/** The schedule's latest signature request (a schedule gets a new one after one expired or was declined). */
export async function findLatestScheduleRequest(
  executor: Executor,
  scheduleId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SignatureRequestRow | undefined> {
  const query = executor
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.scheduleId, scheduleId))
    .orderBy(desc(signatureRequests.createdAt), desc(signatureRequests.id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * A schedule checked against its reader: staff see every one, an artist only their own; unknown,
 * malformed and other artists' ids answer the same 404.
 */
export async function findScheduleForViewer(
  executor: Executor,
  scheduleId: string,
  viewer: SignatureViewer,
  options: { forUpdate?: boolean } = {},
): Promise<ReleaseScheduleRow> {
  if (!isRecordId(scheduleId)) throw notFound(RELEASE_SCHEDULE_MESSAGES.notFound);
  const query = executor.select().from(releaseSchedules).where(eq(releaseSchedules.id, scheduleId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row || (viewer.kind === 'artist' && row.artistId !== viewer.artistId))
    throw notFound(RELEASE_SCHEDULE_MESSAGES.notFound);
  return row;
}

/** A schedule as the artist and staff see it; the request's status is the effective one (expiry on read). */
export function presentReleaseSchedule(
  schedule: ReleaseScheduleRow,
  request: SignatureRequestRow | undefined,
  now: Date,
): ReleaseSchedule {
  const state = schedule.supersededAt
    ? 'superseded'
    : request
      ? getEffectiveSignatureStatus(request, now)
      : 'awaiting_signature';
  return {
    id: schedule.id,
    submissionId: schedule.submissionId,
    version: schedule.version,
    state,
    createdAt: schedule.createdAt.toISOString(),
    ...(schedule.supersededAt ? { supersededAt: schedule.supersededAt.toISOString() } : {}),
    ...(request
      ? {
          signatureRequestId: request.id,
          verifyPath: `/contracts/${request.id}/verify`,
          ...(request.signedAt ? { signedAt: request.signedAt.toISOString() } : {}),
          ...(request.sealedAt ? { sealedAt: request.sealedAt.toISOString() } : {}),
          ...(request.sealedFileKey && request.sealedSha256
            ? { documentUrl: agreementDocumentPath(request.id) }
            : {}),
        }
      : {}),
    content: schedule.content as ReleaseScheduleContent,
  };
}

/** GET /api/release-schedules/:id (owner or staff). */
export async function readReleaseSchedule(
  db: Executor,
  scheduleId: string,
  viewer: SignatureViewer,
  now: Date,
): Promise<ReleaseSchedule> {
  const schedule = await findScheduleForViewer(db, scheduleId, viewer);
  return presentReleaseSchedule(schedule, await findLatestScheduleRequest(db, schedule.id), now);
}

/**
 * GET /api/release-schedules?submissionId= (owner or staff): the submission's current schedule, or
 * its latest superseded one while a new one is being prepared, or null before any approval. Another
 * artist's submission is a 404, as everywhere.
 */
export async function readSubmissionSchedule(
  db: Executor,
  submissionId: string,
  viewer: SignatureViewer,
  now: Date,
): Promise<ReleaseSchedule | null> {
  if (!isRecordId(submissionId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [submission] = await db
    .select({ artistId: submissions.artistId })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!submission || (viewer.kind === 'artist' && submission.artistId !== viewer.artistId))
    throw notFound(SUBMISSION_NOT_FOUND);
  // The newest version is the current one; when it is superseded, a new one is on its way.
  const [schedule] = await db
    .select()
    .from(releaseSchedules)
    .where(eq(releaseSchedules.submissionId, submissionId))
    .orderBy(desc(releaseSchedules.version))
    .limit(1);
  if (!schedule) return null;
  return presentReleaseSchedule(schedule, await findLatestScheduleRequest(db, schedule.id), now);
}
