import { isBlank } from '../common/field-error';
import type { TrackDraft } from '../schemas/track';

/**
 * A track's own artwork (spec 001 §3, Track: useCustomArtwork, customArtwork, customArtworkUrl):
 * a "Use custom artwork" switch per track and, when on, a JPEG with the main artwork's rules
 * (files/file-rules.ts `checkArtwork`), uploaded at once like every file of the form.
 */

export const USE_CUSTOM_ARTWORK_LABEL = 'Use custom artwork';

/**
 * The spec has no words for a switch left on without a picture; this says what is wrong and
 * both ways out, in the form of the other per-track messages ('Track N "title" needs ...').
 */
export function formatTrackNeedsCustomArtwork(trackNumber: number, title: string): string {
  return `Track ${trackNumber} "${title}" needs custom artwork: choose a JPEG or turn it off`;
}

/** Where a track's custom artwork problems point: the picker, next to the track's other fields. */
export function getTrackCustomArtworkField(index: number): string {
  return `tracks.${index}.customArtwork`;
}

type CustomArtworkFields = Pick<TrackDraft, 'useCustomArtwork' | 'customArtwork' | 'customArtworkFileId'>;

/**
 * The switch is on but there is no picture: none picked in this browser (a picked one may still be
 * uploading) and none uploaded. The server only ever sees the uploaded file's id.
 */
export function isCustomArtworkMissing(track: CustomArtworkFields): boolean {
  return Boolean(track.useCustomArtwork) && !track.customArtwork && isBlank(track.customArtworkFileId);
}

/** The uploaded custom artwork the track carries, if its switch is on: what the server stores. */
export function getCustomArtworkUploadId(track: CustomArtworkFields): string | undefined {
  return track.useCustomArtwork && !isBlank(track.customArtworkFileId)
    ? track.customArtworkFileId
    : undefined;
}

/** The track without its custom picture (picked or uploaded); the switch stays as it is. */
export function clearCustomArtwork<T extends TrackDraft>(track: T): T {
  return {
    ...track,
    customArtwork: null,
    customArtworkUrl: undefined,
    customArtworkFileId: undefined,
    customArtworkFileName: undefined,
  };
}

/**
 * Turns the switch on or off. Off forgets the picture, as turning lyrics or clips off clears them
 * (spec 001 §4), so a picture the artist switched off is never submitted.
 */
export function setUseCustomArtwork<T extends TrackDraft>(track: T, on: boolean): T {
  if (on) return { ...track, useCustomArtwork: true };
  return { ...clearCustomArtwork(track), useCustomArtwork: false };
}
