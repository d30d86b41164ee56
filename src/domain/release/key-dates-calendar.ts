import { buildCalendar, type CalendarEvent } from '../common/icalendar';
import { isDeadline, type KeyDate } from './deadline-planner';
import { explainKeyDate, formatKeyDateTitle } from './key-date-words';

export interface KeyDatesCalendarInput {
  submissionId: string;
  releaseTitle: string;
  keyDates: readonly KeyDate[];
  labelName: string;
  /** Where the artist reads the dates (the submission page): each event links to it. */
  pageUrl: string;
  /** The host that makes the UIDs globally unique (RFC 5545 §3.8.4.7 suggests a domain). */
  uidDomain: string;
  /** A calendar alarm this many days before each deadline, as the reminder mails go. */
  reminderDaysBefore: number;
  stamp: Date;
}

/**
 * The key dates as an iCalendar file: one all-day event per deadline and release
 * day, described in the artist's words. UIDs come from the submission and the date's key, so a
 * second download updates the events of the first instead of doubling them.
 */
export function buildKeyDatesCalendar(input: KeyDatesCalendarInput): string {
  const events = input.keyDates.map(
    (keyDate): CalendarEvent => ({
      uid: `${input.submissionId}-${keyDate.key}@${input.uidDomain}`,
      date: keyDate.date,
      summary: formatKeyDateTitle(keyDate),
      description: `${explainKeyDate(keyDate.kind, input.labelName)}\n\nAll the dates: ${input.pageUrl}`,
      url: input.pageUrl,
      ...(isDeadline(keyDate) ? { alarmDaysBefore: input.reminderDaysBefore } : {}),
    }),
  );
  return buildCalendar(events, {
    productId: `-//${input.labelName}//Imprint key dates//EN`,
    name: `${input.releaseTitle}: key dates`,
    stamp: input.stamp,
  });
}

/** The download's file name: the release title made safe for every file system, then '-key-dates.ics'. */
export function getKeyDatesFileName(releaseTitle: string): string {
  const base = releaseTitle
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'release'}-key-dates.ics`;
}
