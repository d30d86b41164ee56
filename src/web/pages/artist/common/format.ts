import { formatDisplayDate } from '../../../../domain';

const LOCAL_LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * The day a submission was made, in the reader's own time zone (an evening submission in New York
 * is not "tomorrow"); 'TBD' like every other date when there is none.
 */
export function formatSubmittedDate(createdAt: string | null | undefined): string {
  const ms = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isNaN(ms) ? formatDisplayDate(createdAt) : LOCAL_LONG_DATE.format(ms);
}
