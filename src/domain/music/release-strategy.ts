import { compareIsoDates, type IsoDate, isIsoDate } from '../common/calendar-date';
import type { ReleaseStrategy, SubmissionForm } from '../schemas/submission-form';
import type { Track } from '../schemas/track';
import { getDefaultReleaseDate, getDefaultSingleDate } from './release-dates';
import { hasTrackAudio } from './track-audio';

/**
 * Release strategy transitions (spec 001 §4). Each returns the form fields it changes, so the
 * web form applies them with a spread and the tracks keep their own extra fields (the File).
 */
export interface StrategyUpdate<T extends Track> {
  tracks: T[];
  releaseStrategy: ReleaseStrategy;
  singlesCount: number;
  firstSingleDate: IsoDate | '';
  lastSingleDate: IsoDate | '';
}

/** Grouping non-singles with the final single only makes sense from three tracks up. */
export const MIN_TRACKS_FOR_GROUPING = 3;

function isDatedSingle(track: Track): track is Track & { singleReleaseDate: IsoDate } {
  return Boolean(track.releaseAsSingle) && isIsoDate(track.singleReleaseDate);
}

function clearSingleSettings<T extends Track>(track: T): T {
  return {
    ...track,
    releaseAsSingle: false,
    singleReleaseDate: undefined,
    singleOrder: undefined,
    groupedWithFinalSingle: false,
    // A grouped track only carried the final single's date; it has no date of its own.
    releaseDate: track.groupedWithFinalSingle ? undefined : track.releaseDate,
  };
}

/** 'together' clears every single setting (spec 001 §4). */
export function chooseTogetherStrategy<T extends Track>(tracks: readonly T[]): StrategyUpdate<T> {
  return {
    tracks: tracks.map(clearSingleSettings),
    releaseStrategy: 'together',
    singlesCount: 0,
    firstSingleDate: '',
    lastSingleDate: '',
  };
}

/** Dates of the ticked, dated singles, earliest first. */
export function listSingleDates(tracks: readonly Track[]): IsoDate[] {
  return tracks
    .filter(isDatedSingle)
    .map((t) => t.singleReleaseDate)
    .sort(compareIsoDates);
}

/** The latest single date among the ticked singles, or '' when none is dated. */
export function findLastSingleDate(tracks: readonly Track[]): IsoDate | '' {
  return listSingleDates(tracks).at(-1) ?? '';
}

/**
 * Recomputes the strategy from the ticked singles: none ticked reverts to 'together'; otherwise
 * 'singles_first', and with 3+ tracks the non-singles are grouped with the final single and take
 * its date, so every track has a release date.
 */
export function summariseStrategy<T extends Track>(tracks: readonly T[]): StrategyUpdate<T> {
  if (!tracks.some((t) => t.releaseAsSingle)) return chooseTogetherStrategy(tracks);
  const dates = listSingleDates(tracks);
  const lastSingleDate = dates.at(-1) ?? '';
  const grouping = tracks.length >= MIN_TRACKS_FOR_GROUPING;
  const updated = tracks.map((track): T => {
    if (track.releaseAsSingle) return { ...track, groupedWithFinalSingle: false };
    if (grouping) {
      return { ...track, groupedWithFinalSingle: true, releaseDate: lastSingleDate || undefined };
    }
    return track.groupedWithFinalSingle
      ? { ...track, groupedWithFinalSingle: false, releaseDate: undefined }
      : track;
  });
  return {
    tracks: updated,
    releaseStrategy: 'singles_first',
    singlesCount: tracks.filter((t) => t.releaseAsSingle).length,
    firstSingleDate: dates[0] ?? '',
    lastSingleDate,
  };
}

/**
 * Ticking a track as a single. A ticked track without a date gets the default single date; its
 * order comes after the singles already ticked. Unticking clears its date and order.
 */
export function toggleTrackAsSingle<T extends Track>(
  tracks: readonly T[],
  trackId: string,
  asSingle: boolean,
  today: IsoDate,
): StrategyUpdate<T> {
  const datedSingles = tracks.filter((t) => t.id !== trackId && isDatedSingle(t)).length;
  const nextOrder = Math.max(0, ...tracks.map((t) => (t.releaseAsSingle ? (t.singleOrder ?? 0) : 0))) + 1;
  const updated = tracks.map((track): T => {
    if (track.id !== trackId) return track;
    if (!asSingle)
      return { ...track, releaseAsSingle: false, singleReleaseDate: undefined, singleOrder: undefined };
    if (track.releaseAsSingle) return track;
    return {
      ...track,
      releaseAsSingle: true,
      singleReleaseDate: isIsoDate(track.singleReleaseDate)
        ? track.singleReleaseDate
        : getDefaultSingleDate(datedSingles, today),
      singleOrder: nextOrder,
    };
  });
  return summariseStrategy(updated);
}

/** Moving a single's date moves the grouped tracks and the first/last single dates with it. */
export function setSingleReleaseDate<T extends Track>(
  tracks: readonly T[],
  trackId: string,
  date: IsoDate | '',
): StrategyUpdate<T> {
  return summariseStrategy(
    tracks.map((track) =>
      track.id === trackId ? { ...track, singleReleaseDate: date || undefined } : track,
    ),
  );
}

/** Choosing a strategy directly: 'singles_first' with nothing ticked falls back to 'together'. */
export function chooseReleaseStrategy<T extends Track>(
  tracks: readonly T[],
  strategy: ReleaseStrategy,
): StrategyUpdate<T> {
  return strategy === 'together' ? chooseTogetherStrategy(tracks) : summariseStrategy(tracks);
}

type EarlyReleaseFields = Pick<SubmissionForm, 'earlyReleaseRequest' | 'earlyReleaseReason' | 'releaseDate'>;

/**
 * Early release toggle: on lifts the 6-week minimum (a reason becomes required); off puts the
 * date back to the default and drops the reason, so no too-early date survives the switch.
 */
export function setEarlyReleaseRequest(
  form: EarlyReleaseFields,
  requested: boolean,
  today: IsoDate,
): EarlyReleaseFields {
  if (requested) return { ...form, earlyReleaseRequest: true };
  return { earlyReleaseRequest: false, earlyReleaseReason: '', releaseDate: getDefaultReleaseDate(today) };
}

/**
 * Setting the release date. With the singles-first ("waterfall") strategy the first track
 * follows the release date, as in the examined portal.
 */
export function setReleaseDate<T extends Track>(
  tracks: readonly T[],
  strategy: ReleaseStrategy,
  date: IsoDate | '',
): { releaseDate: IsoDate | ''; tracks: T[] } {
  if (strategy !== 'singles_first' || tracks.length === 0) return { releaseDate: date, tracks: [...tracks] };
  return {
    releaseDate: date,
    tracks: tracks.map((track, i) => (i === 0 ? { ...track, releaseDate: date || undefined } : track)),
  };
}

/**
 * The tracks the strategy screen lists: a slot counts once the artist has given it a title or
 * audio. Untouched empty slots (an EP starts with three) are not part of the schedule yet.
 */
export function isTrackOnSchedule(track: Pick<Track, 'title' | 'url'> & { file?: unknown }): boolean {
  return track.title.trim() !== '' || hasTrackAudio(track);
}

/**
 * Each ticked single's place in the release ('Single 1' comes out first): by date, then by the
 * order the singles were ticked; a single without a date goes last. The stored `singleOrder` is
 * the ticking order and keeps gaps after an untick, so it cannot be shown as is.
 */
export function numberSinglesInReleaseOrder(tracks: readonly Track[]): Map<string, number> {
  const singles = tracks
    .map((track, index) => ({ track, index }))
    .filter(({ track }) => track.releaseAsSingle);
  singles.sort((a, b) => {
    const aDate = isIsoDate(a.track.singleReleaseDate) ? a.track.singleReleaseDate : null;
    const bDate = isIsoDate(b.track.singleReleaseDate) ? b.track.singleReleaseDate : null;
    if (aDate !== bDate) {
      if (aDate === null) return 1;
      if (bDate === null) return -1;
      return compareIsoDates(aDate, bDate);
    }
    const byTick =
      (a.track.singleOrder ?? Number.MAX_SAFE_INTEGER) - (b.track.singleOrder ?? Number.MAX_SAFE_INTEGER);
    return byTick !== 0 ? byTick : a.index - b.index;
  });
  return new Map(singles.map(({ track }, position) => [track.id, position + 1]));
}
