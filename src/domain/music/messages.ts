/** Music Upload step messages, word for word from spec 001 §5. */
export const ADD_TRACKS = 'Please add tracks for your release';
/** The wizard banner words the same problem differently. */
export const ADD_TRACKS_STEP = 'Please add at least one track for your release';
export const TRACK_TITLES_REQUIRED = 'Track titles are required for all tracks';
export const RELEASE_TITLE_REQUIRED = 'Release title is required';
export const PRIMARY_GENRE_REQUIRED = 'Primary genre is required';
export const SUB_GENRE_REQUIRED = 'Sub-genre is required';
export const RELEASE_DATE_REQUIRED = 'Release date is required';
export const EARLY_RELEASE_REASON_REQUIRED = 'Please provide a reason for the early release request';
export const SELECT_A_SINGLE = 'Please select at least one track to release as a single';
export const FULL_RELEASE_DATE_REQUIRED = 'Full release date is required for singles-first strategy';
export const RELEASE_DATE_TOO_SOON = 'Release date must be at least 6 weeks from today';

export function formatTrackNeedsContributors(trackNumber: number, title: string): string {
  return `Track ${trackNumber} "${title}" needs contributors and roles`;
}

export function formatTrackNeedsProductionYear(trackNumber: number, title: string): string {
  return `Track ${trackNumber} "${title}" needs a production year`;
}

/** Not quoted by the spec, which only gives the input's min and max; worded like the message above. */
export function formatTrackProductionYearOutOfRange(
  trackNumber: number,
  title: string,
  min: number,
  max: number,
): string {
  return `Track ${trackNumber} "${title}" needs a production year between ${min} and ${max}`;
}

/** `date` is already formatted for people, e.g. 'January 5, 2027'. */
export function formatFullReleaseBeforeLastSingle(date: string): string {
  return `Full release date must be on or after your last single (${date})`;
}

/** Review step badge (spec 001 §2 step 4). */
export const READY_TO_SUBMIT = 'Ready to Submit';
export const SOME_FIELDS_INCOMPLETE = 'Some fields incomplete';
