import { addDays, countDaysBetween, type IsoDate } from '../common/calendar-date';

/** Stores need lead time to place a release: at least 42 days (6 weeks) from today (spec 001 §9). */
export const MIN_RELEASE_LEAD_DAYS = 42;
/** Default distance between singles, and from today to the first one. */
export const SINGLE_SPACING_DAYS = 42;

/** The release date the form starts with: six weeks ahead, the earliest date that passes. */
export function getDefaultReleaseDate(today: IsoDate): IsoDate {
  return addDays(today, MIN_RELEASE_LEAD_DAYS);
}

export function hasMinimumLeadTime(date: IsoDate, today: IsoDate): boolean {
  return countDaysBetween(today, date) >= MIN_RELEASE_LEAD_DAYS;
}

/**
 * Default date for a newly ticked single: (count of already-dated singles + 1) x 6 weeks from today,
 * so singles ticked one after another land six weeks apart.
 */
export function getDefaultSingleDate(datedSinglesCount: number, today: IsoDate): IsoDate {
  return addDays(today, (datedSinglesCount + 1) * SINGLE_SPACING_DAYS);
}
