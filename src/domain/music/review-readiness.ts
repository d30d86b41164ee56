import { isBlank } from '../common/field-error';
import type { SubmissionDraft } from '../schemas/submission-form';
import { READY_TO_SUBMIT, SOME_FIELDS_INCOMPLETE } from './messages';
import { hasTrackAudio } from './track-audio';

type ReviewInput = Pick<
  SubmissionDraft,
  'artistName' | 'country' | 'city' | 'releaseTitle' | 'primaryGenre' | 'releaseDate' | 'tracks'
>;

/**
 * The review badge (spec 001 §2 step 4) is a summary, not validation: it only checks that the
 * headline fields are present and that at least one track has a file or url.
 */
export function isReadyToSubmit(form: ReviewInput): boolean {
  const present = [
    form.artistName,
    form.country,
    form.city,
    form.releaseTitle,
    form.primaryGenre,
    form.releaseDate,
  ];
  return present.every((value) => !isBlank(value)) && form.tracks.some(hasTrackAudio);
}

export function getReviewBadgeLabel(
  form: ReviewInput,
): typeof READY_TO_SUBMIT | typeof SOME_FIELDS_INCOMPLETE {
  return isReadyToSubmit(form) ? READY_TO_SUBMIT : SOME_FIELDS_INCOMPLETE;
}
