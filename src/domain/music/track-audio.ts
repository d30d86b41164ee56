import { isBlank } from '../common/field-error';

/**
 * A track "has a file" when the artist picked audio in this browser or it was already uploaded
 * (the server only sees the url), so the browser and the server count the same tracks.
 */
export function hasTrackAudio(track: { file?: unknown; url?: string | undefined }): boolean {
  return Boolean(track.file) || !isBlank(track.url);
}
