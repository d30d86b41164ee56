import { eq, inArray } from 'drizzle-orm';
import { isRecordId, type ProcessSocialClipsPayload } from '../../../domain';
import type { Database } from '../../db/client';
import { socialClips, submissions, submissionTracks } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { queueSocialClips } from './queue-social-clips';

export const SUBMISSION_NOT_FOUND = 'Submission not found';
export const CLIP_TRACK_NOT_IN_SUBMISSION = 'This file is not the audio of a track of this submission';
export const CLIP_NOT_REQUESTED = 'This clip does not match a clip requested with this submission';

/**
 * POST /api/background/process-social-clips (spec 001 §7): the browser asks, right after
 * create-item, for the clips to be cut. Anyone may ask, so the request can only (re)queue the work
 * the submission itself asked for: every file must be a track's audio and every clip one the
 * submission requested, at the same times. The clips themselves come from the database, never
 * from this payload. Answers whether a job was queued (nothing is queued once every clip is cut).
 */
export async function requestSocialClips(db: Database, payload: ProcessSocialClipsPayload): Promise<boolean> {
  const submissionId = payload.itemId;
  if (!isRecordId(submissionId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [submission] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);

  const tracks = await db
    .select({ id: submissionTracks.id, audioUploadId: submissionTracks.audioUploadId })
    .from(submissionTracks)
    .where(eq(submissionTracks.submissionId, submissionId));
  const clips =
    tracks.length === 0
      ? []
      : await db
          .select({
            trackId: socialClips.trackId,
            clientId: socialClips.clientId,
            startTime: socialClips.startTime,
            endTime: socialClips.endTime,
            status: socialClips.status,
          })
          .from(socialClips)
          .where(
            inArray(
              socialClips.trackId,
              tracks.map((track) => track.id),
            ),
          );

  for (const [i, given] of payload.tracksWithClips.entries()) {
    const track = tracks.find((candidate) => candidate.audioUploadId === given.fileId);
    if (!track)
      throw badRequest(CLIP_TRACK_NOT_IN_SUBMISSION, [
        { field: `tracksWithClips.${i}.fileId`, message: CLIP_TRACK_NOT_IN_SUBMISSION },
      ]);
    for (const [j, clip] of given.socialClips.entries()) {
      const stored = clips.find((c) => c.trackId === track.id && c.clientId === clip.id);
      if (stored?.startTime !== clip.startTime || stored.endTime !== clip.endTime)
        throw badRequest(CLIP_NOT_REQUESTED, [
          { field: `tracksWithClips.${i}.socialClips.${j}`, message: CLIP_NOT_REQUESTED },
        ]);
    }
  }

  if (clips.every((clip) => clip.status === 'ready')) return false;
  await queueSocialClips(db, submissionId);
  return true;
}
