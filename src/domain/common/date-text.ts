/**
 * Dates and times as the pages write them (US English), without `Intl`: the server renders pages
 * that the browser then takes over, and both must write the same text whatever their ICU
 * version; and the first `Intl.DateTimeFormat` a page makes loads locale data, a long task on a
 * phone while the page starts.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** An instant's calendar and clock, in UTC or in the machine's own time zone. */
export interface DateTimeParts {
  year: number;
  /** 0 for January. */
  monthIndex: number;
  day: number;
  hours: number;
  minutes: number;
}

export function dateTimePartsOf(ms: number, zone: 'UTC' | 'local'): DateTimeParts {
  const date = new Date(ms);
  return zone === 'UTC'
    ? {
        year: date.getUTCFullYear(),
        monthIndex: date.getUTCMonth(),
        day: date.getUTCDate(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        monthIndex: date.getMonth(),
        day: date.getDate(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

/** 'January 5, 2027' (en-US, `dateStyle: 'long'`). */
export function longDateText({ year, monthIndex, day }: Pick<DateTimeParts, 'year' | 'monthIndex' | 'day'>) {
  return `${MONTHS[monthIndex]} ${day}, ${year}`;
}

/** 'Jan 5, 2027' (en-US, `dateStyle: 'medium'`). */
export function mediumDateText({
  year,
  monthIndex,
  day,
}: Pick<DateTimeParts, 'year' | 'monthIndex' | 'day'>) {
  return `${MONTHS[monthIndex]?.slice(0, 3)} ${day}, ${year}`;
}

/** 'Jan 5, 2027, 3:04 PM' (en-US, `dateStyle: 'medium', timeStyle: 'short'`). */
export function mediumDateTimeText({ year, monthIndex, day, hours, minutes }: DateTimeParts): string {
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const clock = `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${mediumDateText({ year, monthIndex, day })}, ${clock}`;
}
