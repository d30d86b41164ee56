import { addDays, type IsoDate, parseIsoDate } from './calendar-date';

/**
 * A small iCalendar (RFC 5545) writer for all-day events: what the key-dates download needs.
 * No library for it is installed, and the format's rules that matter here are few:
 * CRLF line ends (§3.1), lines folded at 75 octets with a space starting each continuation (§3.1),
 * TEXT values with backslash, semicolon, comma and line breaks escaped (§3.3.11), all-day events as
 * DTSTART;VALUE=DATE with the next day as the (exclusive) DTEND (§3.6.1), and every event with a
 * UID and a DTSTAMP (§3.6.1).
 */

export interface CalendarEvent {
  /** Globally unique and stable: the same event downloaded again replaces the first in a calendar. */
  uid: string;
  /** The day of the all-day event. */
  date: IsoDate;
  summary: string;
  description?: string;
  url?: string;
  /** A reminder this many days before the event (a VALARM at the start of that day); none when undefined. */
  alarmDaysBefore?: number;
}

export interface CalendarOptions {
  /** PRODID (§3.7.3): who made the file, e.g. '-//Imprint//Key dates//EN'. */
  productId: string;
  /** Shown by calendar apps as the calendar's name (X-WR-CALNAME, a common extension). */
  name?: string;
  /** DTSTAMP of every event: when the file was made. */
  stamp: Date;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping (§3.3.11): \ ; , and line breaks (CRLF, CR or LF become \n). */
export function escapeCalendarText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds one content line (§3.1): at most 75 octets of UTF-8 per line, the rest on continuation
 * lines that start with one space (which counts toward their 75). A character is never split.
 */
export function foldCalendarLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** DATE value (§3.3.4): 20270305. */
export function formatCalendarDate(date: IsoDate): string {
  if (parseIsoDate(date) === null) throw new RangeError(`Not an ISO calendar date: ${date}`);
  return date.replace(/-/g, '');
}

/** DATE-TIME value in UTC (§3.3.5 form #2): 20261126T052100Z. */
export function formatCalendarStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeCalendarText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${formatCalendarDate(event.date)}`,
    `DTEND;VALUE=DATE:${formatCalendarDate(addDays(event.date, 1))}`,
    `SUMMARY:${escapeCalendarText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeCalendarText(event.description)}`);
  // URI values are not TEXT: not escaped (§3.3.13).
  if (event.url) lines.push(`URL:${event.url}`);
  // An all-day date is not busy time.
  lines.push('TRANSP:TRANSPARENT');
  if (event.alarmDaysBefore !== undefined && event.alarmDaysBefore > 0) {
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeCalendarText(event.summary)}`,
      `TRIGGER:-P${event.alarmDaysBefore}D`,
      'END:VALARM',
    );
  }
  lines.push('END:VEVENT');
  return lines;
}

/** A whole VCALENDAR with its events, folded, every line ended with CRLF. */
export function buildCalendar(events: readonly CalendarEvent[], options: CalendarOptions): string {
  const stamp = formatCalendarStamp(options.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeCalendarText(options.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.name ? [`X-WR-CALNAME:${escapeCalendarText(options.name)}`] : []),
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map((line) => `${foldCalendarLine(line)}${CRLF}`).join('');
}
