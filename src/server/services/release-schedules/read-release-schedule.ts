import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  getEffectiveSignatureStatus,
  isRecordId,
  RELEASE_SCHEDULE_MESSAGES,
  type ReleaseSchedule,
  type ReleaseScheduleContent,
  type ReleaseScheduleSummary,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { releaseSchedules, signatureRequests, submissions } from '../../db/schema';
import { notFound } from '../../errors';
import type { SignatureRequestRow, SignatureViewer } from '../contracts/find-signature-request';
import { agreementDocumentPath, agreementVerifyPath } from '../contracts/present-signature-request';
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

/** What a schedule's state and proof are read from: the schedule's row and its latest request's. */
type ScheduleStateRow = Pick<
  ReleaseScheduleRow,
  'id' | 'submissionId' | 'version' | 'createdAt' | 'supersededAt'
>;
type ScheduleRequestRow = Pick<
  SignatureRequestRow,
  'id' | 'status' | 'expiresAt' | 'signedAt' | 'sealedAt' | 'sealedFileKey' | 'sealedSha256'
>;

/**
 * A schedule's state and where its proof is, without what it lists; the request's status is the
 * effective one (expiry on read).
 */
function presentScheduleState(
  schedule: ScheduleStateRow,
  request: ScheduleRequestRow | undefined,
  now: Date,
): Omit<ReleaseSchedule, 'content'> {
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
          verifyPath: agreementVerifyPath(request.id),
          ...(request.signedAt ? { signedAt: request.signedAt.toISOString() } : {}),
          ...(request.sealedAt ? { sealedAt: request.sealedAt.toISOString() } : {}),
          ...(request.sealedFileKey && request.sealedSha256
            ? { documentUrl: agreementDocumentPath(request.id) }
            : {}),
        }
      : {}),
  };
}

/** A schedule as the artist and staff see it, with what it lists. */
export function presentReleaseSchedule(
  schedule: ReleaseScheduleRow,
  request: SignatureRequestRow | undefined,
  now: Date,
): ReleaseSchedule {
  return {
    ...presentScheduleState(schedule, request, now),
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

/**
 * GET /api/release-schedules/mine (artist): every schedule of the artist's releases, superseded
 * versions included (a signed one stays proof of what was approved then), newest first, each with
 * its latest request's state and proof. Owner-scoped by the query itself: only rows whose
 * `artist_id` is the caller's are read, and of their requests only those that are the caller's too. Not paged: an
 * artist has one schedule per approved release and version, and the tab shows every proof at once.
 * Only the release's title is read of what a schedule lists, not its tracks and file hashes.
 */
export async function listArtistSchedules(
  db: Executor,
  artistId: string | undefined,
  now: Date,
): Promise<ReleaseScheduleSummary[]> {
  if (!artistId) return [];
  const schedules = await db
    .select({
      id: releaseSchedules.id,
      submissionId: releaseSchedules.submissionId,
      version: releaseSchedules.version,
      createdAt: releaseSchedules.createdAt,
      supersededAt: releaseSchedules.supersededAt,
      releaseTitle: sql<string | null>`${releaseSchedules.content} ->> 'releaseTitle'`,
    })
    .from(releaseSchedules)
    .where(eq(releaseSchedules.artistId, artistId))
    .orderBy(desc(releaseSchedules.createdAt), desc(releaseSchedules.id));
  if (schedules.length === 0) return [];
  // Each schedule's latest request (a new one follows an expired or declined one), as
  // findLatestScheduleRequest orders them.
  const requests = await db
    .selectDistinctOn([signatureRequests.scheduleId], {
      scheduleId: signatureRequests.scheduleId,
      id: signatureRequests.id,
      status: signatureRequests.status,
      expiresAt: signatureRequests.expiresAt,
      signedAt: signatureRequests.signedAt,
      sealedAt: signatureRequests.sealedAt,
      sealedFileKey: signatureRequests.sealedFileKey,
      sealedSha256: signatureRequests.sealedSha256,
    })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.artistId, artistId),
        inArray(
          signatureRequests.scheduleId,
          schedules.map((schedule) => schedule.id),
        ),
      ),
    )
    .orderBy(
      asc(signatureRequests.scheduleId),
      desc(signatureRequests.createdAt),
      desc(signatureRequests.id),
    );
  const latest = new Map(requests.map((request) => [request.scheduleId, request]));
  return schedules.map((schedule) => ({
    ...presentScheduleState(schedule, latest.get(schedule.id), now),
    releaseTitle: schedule.releaseTitle ?? '',
  }));
}
