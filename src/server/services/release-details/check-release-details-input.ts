import {
  checkReleaseDetailsForReview,
  type FieldError,
  getIsoDateOfInstant,
  type ReleaseDetailsSave,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { badRequest } from '../../errors';
import { isOwnReadyImage } from '../artists/artist-picture';
import type { SubmissionRow } from '../artists/find-artist-submission';
import type { ReleaseDetailsRow, StoredTrack } from './release-details-view';

export const TRACK_NOT_IN_SUBMISSION = 'A track in the release details does not belong to this submission';
export const TRACKS_INCOMPLETE = 'The release details must include every track of the submission, once each';
export const ARTWORK_NOT_USABLE =
  'The artwork must be an image you uploaded while signed in. Please upload it again.';

export type SavedTrack = ReleaseDetailsSave['tracks'][number];

/**
 * The details name the submission's tracks by id: each of them exactly once, none of another
 * submission. Answers them in the release's order, which the field paths of later messages use.
 */
export function matchTracks(stored: readonly StoredTrack[], given: readonly SavedTrack[]): SavedTrack[] {
  const storedIds = new Set(stored.map((track) => track.id));
  given.forEach((track, index) => {
    if (!storedIds.has(track.trackId)) {
      throw badRequest(TRACK_NOT_IN_SUBMISSION, [
        { field: `tracks.${index}.trackId`, message: TRACK_NOT_IN_SUBMISSION },
      ]);
    }
  });
  const byId = new Map(given.map((track) => [track.trackId, track]));
  if (byId.size !== given.length || byId.size !== stored.length) {
    throw badRequest(TRACKS_INCOMPLETE, [{ field: 'tracks', message: TRACKS_INCOMPLETE }]);
  }
  return stored.map((track) => byId.get(track.id) as SavedTrack);
}

/**
 * The final artwork: the one the submission or the draft already has, or an image this artist
 * uploaded while signed in. Another person's upload id is refused like a made-up one.
 */
export async function checkArtwork(
  executor: Executor,
  userId: string,
  submission: Pick<SubmissionRow, 'artworkUploadId'>,
  row: Pick<ReleaseDetailsRow, 'artworkUploadId'> | undefined,
  artworkFileId: string | undefined,
): Promise<void> {
  if (artworkFileId === undefined) return;
  if (artworkFileId === submission.artworkUploadId || artworkFileId === row?.artworkUploadId) return;
  if (await isOwnReadyImage(executor, userId, artworkFileId)) return;
  throw badRequest(ARTWORK_NOT_USABLE, [{ field: 'artwork', message: ARTWORK_NOT_USABLE }]);
}

/**
 * What must hold before the details go to the label: the domain's review check, the same one the
 * page runs. The production year may be this year anywhere on Earth (UTC+14), so an artist
 * already in the new year is not refused by a server still in the old one.
 */
export function validateForSubmit(
  stored: readonly StoredTrack[],
  tracks: readonly SavedTrack[],
  now: Date,
): FieldError[] {
  const titled = tracks.map((track, index) => ({ ...track, title: stored[index]?.title ?? '' }));
  return checkReleaseDetailsForReview(titled, getIsoDateOfInstant(now, 'Etc/GMT-14')).errors;
}
