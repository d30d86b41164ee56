import { formatLongDate, type IsoDate, isIsoDate } from '../common/calendar-date';

/**
 * When submissions reopen: an optional day staff give where they close submissions (the waiting
 * list), shown on the public waiting-list page as "Submissions reopen on <date>." Days are the
 * label's (LABEL_TIME_ZONE). It is a promise to artists, so it is never shown once it has passed,
 * and a day already past is refused when set. Today is allowed: submissions reopen today. It says
 * when, it does not switch anything on: staff open submissions themselves, which clears it.
 */
export const REOPEN_DATE_INVALID =
  'Enter the reopening date as a calendar date (YYYY-MM-DD), or leave it empty.';
export const REOPEN_DATE_IN_PAST = 'The reopening date has already passed. Choose today or a later day.';
export const REOPEN_DATE_WHILE_OPEN =
  'A reopening date can only be set while submissions are closed (the waiting list).';

/** Why `value` cannot be the reopening date on `today`, or null when it can (null clears it). */
export function checkReopenDate(value: IsoDate | null, today: IsoDate): string | null {
  if (value === null) return null;
  if (!isIsoDate(value)) return REOPEN_DATE_INVALID;
  return value < today ? REOPEN_DATE_IN_PAST : null;
}

/** The stored date as the public page may show it: null when none is set or it has passed. */
export function visibleReopenDate(stored: IsoDate | null, today: IsoDate): IsoDate | null {
  return stored !== null && isIsoDate(stored) && stored >= today ? stored : null;
}

/** 'Submissions reopen on June 1, 2026.' */
export function formatReopenSentence(date: IsoDate): string {
  return `Submissions reopen on ${formatLongDate(date) ?? date}.`;
}
