import { compareIsoDates, formatLongDate, type IsoDate, isIsoDate } from '../common/calendar-date';
import { buildStepValidation, type FieldError, isBlank, type StepValidation } from '../common/field-error';
import { hasContributors } from '../contributors/contributor-dialog';
import { validateMasterSplits } from '../contributors/master-splits';
import {
  checkProductionYear,
  getMaxProductionYear,
  MIN_PRODUCTION_YEAR,
} from '../contributors/production-year';
import { validateSocialClips } from '../contributors/track-details';
import { isPrimaryGenre, isSubGenreOf } from '../reference/genres';
import type { SubmissionDraft } from '../schemas/submission-form';
import type { TrackDraft } from '../schemas/track';
import {
  formatTrackNeedsCustomArtwork,
  getTrackCustomArtworkField,
  isCustomArtworkMissing,
} from './custom-artwork';
import {
  ADD_TRACKS,
  ADD_TRACKS_STEP,
  EARLY_RELEASE_REASON_REQUIRED,
  FULL_RELEASE_DATE_REQUIRED,
  formatFullReleaseBeforeLastSingle,
  formatTrackNeedsContributors,
  formatTrackNeedsProductionYear,
  formatTrackProductionYearOutOfRange,
  PRIMARY_GENRE_REQUIRED,
  RELEASE_DATE_REQUIRED,
  RELEASE_DATE_TOO_SOON,
  RELEASE_TITLE_REQUIRED,
  SELECT_A_SINGLE,
  SUB_GENRE_REQUIRED,
  TRACK_TITLES_REQUIRED,
} from './messages';
import { hasMinimumLeadTime } from './release-dates';
import { listSingleDates } from './release-strategy';
import { hasTrackAudio } from './track-audio';

export type MusicUploadInput = Pick<
  SubmissionDraft,
  | 'releaseTitle'
  | 'primaryGenre'
  | 'subGenre'
  | 'releaseStrategy'
  | 'releaseDate'
  | 'earlyReleaseRequest'
  | 'earlyReleaseReason'
  | 'fullReleaseDate'
> & { tracks: readonly TrackDraft[] };

/**
 * Field path of a track's contributor section; not a form value but the anchor the form
 * scrolls to, next to the track's real fields.
 */
export function getTrackContributorsField(index: number): string {
  return `tracks.${index}.metadata.contributors`;
}

/**
 * The release's tracks are the slots holding audio; empty slots are placeholders the form
 * offers and are neither checked nor submitted.
 */
function listReleaseTracks(tracks: readonly TrackDraft[]): { track: TrackDraft; index: number }[] {
  return tracks.map((track, index) => ({ track, index })).filter(({ track }) => hasTrackAudio(track));
}

/**
 * What one track needs beyond its title and audio: contributors (or Solo work), a production year,
 * its custom artwork when it is to have one, whole master splits and readable clip times.
 */
export function validateTrackDetails(track: TrackDraft, index: number, today: IsoDate): FieldError[] {
  const errors: FieldError[] = [];
  const n = index + 1;
  const title = track.title.trim();
  const metadata = track.metadata;
  if (!hasContributors(metadata)) {
    errors.push({
      field: getTrackContributorsField(index),
      message: formatTrackNeedsContributors(n, title),
    });
  }
  const year = checkProductionYear(metadata?.productionYear, today);
  if (year === 'missing') {
    errors.push({
      field: `tracks.${index}.metadata.productionYear`,
      message: formatTrackNeedsProductionYear(n, title),
    });
  } else if (year === 'out-of-range') {
    errors.push({
      field: `tracks.${index}.metadata.productionYear`,
      message: formatTrackProductionYearOutOfRange(
        n,
        title,
        MIN_PRODUCTION_YEAR,
        getMaxProductionYear(today),
      ),
    });
  }
  if (isCustomArtworkMissing(track)) {
    errors.push({
      field: getTrackCustomArtworkField(index),
      message: formatTrackNeedsCustomArtwork(n, title),
    });
  }
  if (metadata) {
    errors.push(
      ...validateMasterSplits(
        { title, hasMasterSplit: metadata.hasMasterSplit, masterSplits: metadata.masterSplits },
        `tracks.${index}.metadata.masterSplits`,
      ),
    );
    // The server's schema refuses malformed clip times; say so here, next to the clip.
    if (metadata.socialClipsEnabled) {
      errors.push(...validateSocialClips(metadata.socialClips, `tracks.${index}.metadata.socialClips`));
    }
  }
  return errors;
}

/** The words for each part of a track's details, in the order the card holds them. */
const TRACK_DETAIL_NAMES: readonly [suffix: string, name: string][] = [
  ['metadata.contributors', 'contributors or Solo work'],
  ['metadata.masterSplits', 'master splits'],
  ['metadata.productionYear', 'production year'],
  ['metadata.socialClips', 'clip times'],
  ['customArtwork', 'custom artwork'],
];

/**
 * What a track's collapsed "Credits and details" still needs, in words for its card ("production
 * year", "contributors or Solo work"), so the artist sees it before pressing Next Step.
 */
export function listMissingTrackDetails(track: TrackDraft, index: number, today: IsoDate): string[] {
  const fields = validateTrackDetails(track, index, today).map((error) => error.field);
  return TRACK_DETAIL_NAMES.filter(([suffix]) =>
    fields.some(
      (field) => field === `tracks.${index}.${suffix}` || field.startsWith(`tracks.${index}.${suffix}.`),
    ),
  ).map(([, name]) => name);
}

function validateTracks(tracks: readonly TrackDraft[], today: IsoDate): FieldError[] {
  const release = listReleaseTracks(tracks);
  if (release.length === 0) return [{ field: 'tracks', message: ADD_TRACKS }];
  const errors: FieldError[] = [];
  const untitled = release.find(({ track }) => isBlank(track.title));
  // One message for all untitled tracks, as the spec words it; it points at the first of them.
  if (untitled) errors.push({ field: `tracks.${untitled.index}.title`, message: TRACK_TITLES_REQUIRED });
  for (const { track, index } of release) errors.push(...validateTrackDetails(track, index, today));
  return errors;
}

function validateReleaseDetails(form: MusicUploadInput): FieldError[] {
  const errors: FieldError[] = [];
  if (isBlank(form.releaseTitle)) errors.push({ field: 'releaseTitle', message: RELEASE_TITLE_REQUIRED });
  // An unknown genre is as good as none: the server must not store values the pickers never offer.
  if (!isPrimaryGenre(form.primaryGenre))
    errors.push({ field: 'primaryGenre', message: PRIMARY_GENRE_REQUIRED });
  const subGenreMissing =
    isBlank(form.subGenre) ||
    (isPrimaryGenre(form.primaryGenre) && !isSubGenreOf(form.primaryGenre, form.subGenre));
  if (subGenreMissing) errors.push({ field: 'subGenre', message: SUB_GENRE_REQUIRED });
  return errors;
}

function validateEarlyReason(form: MusicUploadInput): FieldError[] {
  return form.earlyReleaseRequest && isBlank(form.earlyReleaseReason)
    ? [{ field: 'earlyReleaseReason', message: EARLY_RELEASE_REASON_REQUIRED }]
    : [];
}

function validateTogetherDates(form: MusicUploadInput, today: IsoDate): FieldError[] {
  const errors: FieldError[] = [];
  const hasDate = isIsoDate(form.releaseDate);
  if (!hasDate) errors.push({ field: 'releaseDate', message: RELEASE_DATE_REQUIRED });
  if (form.earlyReleaseRequest) {
    errors.push(...validateEarlyReason(form));
  } else if (hasDate && !hasMinimumLeadTime(form.releaseDate, today)) {
    errors.push({ field: 'releaseDate', message: RELEASE_DATE_TOO_SOON });
  }
  return errors;
}

function validateSinglesFirstDates(form: MusicUploadInput, today: IsoDate): FieldError[] {
  const singleDates = listSingleDates(form.tracks);
  const firstSingle = singleDates[0];
  const lastSingle = singleDates.at(-1);
  if (firstSingle === undefined || lastSingle === undefined) {
    return [{ field: 'releaseStrategy', message: SELECT_A_SINGLE }];
  }
  const errors: FieldError[] = [];
  if (!isIsoDate(form.fullReleaseDate)) {
    errors.push({ field: 'fullReleaseDate', message: FULL_RELEASE_DATE_REQUIRED });
  } else if (compareIsoDates(form.fullReleaseDate, lastSingle) < 0) {
    errors.push({
      field: 'fullReleaseDate',
      message: formatFullReleaseBeforeLastSingle(formatLongDate(lastSingle) ?? lastSingle),
      quickFix: { field: 'fullReleaseDate', value: lastSingle },
    });
  }
  if (form.earlyReleaseRequest) {
    errors.push(...validateEarlyReason(form));
  } else if (!hasMinimumLeadTime(firstSingle, today)) {
    // The first single is the first thing to reach the stores, so it carries the 6-week rule.
    const index = form.tracks.findIndex((t) => t.releaseAsSingle && t.singleReleaseDate === firstSingle);
    errors.push({ field: `tracks.${index}.singleReleaseDate`, message: RELEASE_DATE_TOO_SOON });
  }
  return errors;
}

/**
 * Music Upload step rules (spec 001 §5) for uploadType new-music or both. `today` is the
 * artist's calendar date; the 6-week rule counts whole days from it.
 */
export function validateMusicUpload(form: MusicUploadInput, today: IsoDate): StepValidation {
  const errors = [
    ...validateTracks(form.tracks, today),
    ...validateReleaseDetails(form),
    ...(form.releaseStrategy === 'singles_first'
      ? validateSinglesFirstDates(form, today)
      : validateTogetherDates(form, today)),
  ];
  const noTracks = errors.some((e) => e.message === ADD_TRACKS);
  return buildStepValidation(errors, noTracks ? ADD_TRACKS_STEP : undefined);
}
