import { formatDisplayDate } from '../../../../domain';
import { dateTimePartsOf, longDateText } from '../../../../domain/common/date-text';

/**
 * The day a submission was made, in the reader's own time zone (an evening submission in New York
 * is not "tomorrow"), or in UTC while a page the server rendered is hydrated
 * (`useReaderTimeZone`); 'TBD' like every other date when there is none.
 */
export function formatSubmittedDate(createdAt: string | null | undefined, timeZone?: 'UTC'): string {
  const ms = createdAt ? Date.parse(createdAt) : Number.NaN;
  if (Number.isNaN(ms)) return formatDisplayDate(createdAt);
  return longDateText(dateTimePartsOf(ms, timeZone === 'UTC' ? 'UTC' : 'local'));
}
