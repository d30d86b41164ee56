import { dateTimePartsOf, longDateText } from './date-text';

/**
 * Calendar dates are ISO `YYYY-MM-DD` strings. All arithmetic runs on UTC midnights, so a rule gives
 * the same answer on every machine whatever its time zone; "today" is always passed in by the caller.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** UTC midnight of an ISO date in milliseconds, or null when the text is not a real calendar date. */
export function parseIsoDate(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // Date.UTC silently rolls 2027-02-30 over to March; reject instead of guessing what was meant.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return ms;
}

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

function formatUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

function requireIsoDate(value: IsoDate): number {
  const ms = parseIsoDate(value);
  if (ms === null) throw new RangeError(`Not an ISO calendar date: ${value}`);
  return ms;
}

/**
 * The calendar date of an instant in a given IANA time zone. The browser passes the artist's own
 * zone so "today" is the artist's today; the server passes its configured zone (UTC by default).
 */
export function getIsoDateOfInstant(instant: Date, timeZone = 'UTC'): IsoDate {
  // UTC needs no formatter (the board works out each row's answer-by date with it: a formatter
  // built per call was a tenth of a board page's time).
  if (timeZone === 'UTC') return instant.toISOString().slice(0, 10);
  return isoDateIn(instant.getTime(), timeZone);
}

/** Whether `value` names an IANA time zone this runtime knows ('Europe/London', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (!value.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** getIsoDateOfInstant with one formatter per zone, for the searches below. */
function isoDateIn(ms: number, timeZone: string): IsoDate {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Each day's first instant found so far, by zone and date (a zone's rules are fixed while we run). */
const startsOfDays = new Map<string, number>();

/**
 * The first instant of a calendar day in a time zone: its local midnight, or the first minute the
 * day has where a clock change skips midnight (a spring-forward at 00:00). Every zone's offset is
 * within ±14 hours of UTC, so the instant is searched for between the day's UTC midnight ±15 h.
 */
export function getStartOfDayInstant(date: IsoDate, timeZone = 'UTC'): Date {
  const utcMidnight = requireIsoDate(date);
  if (timeZone === 'UTC') return new Date(utcMidnight);
  // The search formats about 27 instants; every board page asks for today's (its overdue cutoff).
  const key = `${timeZone} ${date}`;
  let start = startsOfDays.get(key);
  if (start === undefined) {
    start = searchStartOfDay(utcMidnight, date, timeZone);
    if (startsOfDays.size >= 256) startsOfDays.clear();
    startsOfDays.set(key, start);
  }
  return new Date(start);
}

function searchStartOfDay(utcMidnight: number, date: IsoDate, timeZone: string): number {
  let low = utcMidnight - 15 * 3_600_000;
  let high = utcMidnight + 15 * 3_600_000;
  // The smallest instant whose local date is `date` or later.
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (isoDateIn(middle, timeZone) >= date) high = middle;
    else low = middle + 1;
  }
  return low;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return formatUtcMs(requireIsoDate(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function countDaysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((requireIsoDate(to) - requireIsoDate(from)) / DAY_MS);
}

/** ISO dates sort as text, but only when both are valid; callers check validity first. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function getYearOf(date: IsoDate): number {
  return new Date(requireIsoDate(date)).getUTCFullYear();
}

/**
 * Instant in ms for an ISO date or date-time. A date-time without a zone is read as UTC, because
 * `Date.parse` would otherwise read it in the machine's local zone.
 */
function parseDateOrDateTime(value: string): number | null {
  const dateOnly = parseIsoDate(value);
  if (dateOnly !== null) return dateOnly;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const ms = Date.parse(hasZone ? value : `${value}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** US English long date, e.g. 'January 5, 2027' (spec 001 §2 step 4), or null when unreadable. */
export function formatLongDate(value: string): string | null {
  const ms = parseDateOrDateTime(value);
  // Written without Intl (date-text.ts): the same text on the server and in every browser.
  return ms === null ? null : longDateText(dateTimePartsOf(ms, 'UTC'));
}
