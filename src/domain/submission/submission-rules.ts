import { validateArtistDetails } from '../artist/artist-validation';
import { getIsoDateOfInstant, type IsoDate } from '../common/calendar-date';
import { buildStepValidation, type StepValidation } from '../common/field-error';
import { getCustomArtworkUploadId, getTrackCustomArtworkField } from '../music/custom-artwork';
import { validateMusicStep } from '../music/music-step';
import type { SubmissionForm } from '../schemas/submission-form';

/**
 * The whole submission, checked with the same rules the form runs step by step (spec 001 §5). The
 * server calls this on what it receives, so a client that skips the browser's checks gets the
 * same messages. The artist-step problems come first, as on the form.
 */
export function validateSubmission(form: SubmissionForm, today: IsoDate): StepValidation {
  const artist = validateArtistDetails(form);
  const music = validateMusicStep(form, today);
  return buildStepValidation([...artist.errors, ...music.errors], artist.stepMessage ?? music.stepMessage);
}

/**
 * The 6-week rule counts days in the artist's time zone, which the server does not know. It
 * checks against the earliest calendar date anywhere on Earth (UTC-12), so a date the artist's
 * browser accepted is never refused for being a day short.
 */
export function getEarliestToday(now: Date): IsoDate {
  return getIsoDateOfInstant(now, 'Etc/GMT+12');
}

export interface ReferencedUpload {
  fileId: string;
  fileType: 'track' | 'artwork';
  /** Where the form refers to it: `tracks.N`, `tracks.N.customArtwork` or `artwork`. */
  field: string;
}

/**
 * Every uploaded file the submission refers to: each track's audio and custom artwork (while its
 * switch is on), and the main artwork. Custom artwork is an image like the main one, checked alike.
 */
export function listReferencedUploads(
  form: Pick<SubmissionForm, 'tracks'> & { artworkFileId?: string | undefined },
): ReferencedUpload[] {
  const files: ReferencedUpload[] = [];
  form.tracks.forEach((track, index) => {
    if (track.fileId) files.push({ fileId: track.fileId, fileType: 'track', field: `tracks.${index}` });
    const artworkId = getCustomArtworkUploadId(track);
    if (artworkId) {
      files.push({ fileId: artworkId, fileType: 'artwork', field: getTrackCustomArtworkField(index) });
    }
  });
  if (form.artworkFileId) files.push({ fileId: form.artworkFileId, fileType: 'artwork', field: 'artwork' });
  return files;
}

/**
 * How long a form's uploads wait for their submission, and how long the browser keeps the draft
 * that refers to them: the same span, so a draft never outlives its files.
 */
export const UPLOAD_SESSION_LIFETIME_DAYS = 7;

export const UPLOAD_NOT_IN_SESSION =
  'One of the files in this submission was not found. Please upload it again and resubmit.';
