import { useReaderTimeZone } from '../../../components/use-reader-time-zone';
import { formatSubmittedAt, formatSubmittedDay } from './board-format';

/**
 * When a submission was made, in the reader's time zone: a component of its own, so that only this
 * text is rendered again after a page the server rendered is hydrated (`useReaderTimeZone`).
 */
export function SubmittedAt({ createdAt, dayOnly = false }: { createdAt: string; dayOnly?: boolean }) {
  const zone = useReaderTimeZone();
  if (!dayOnly) return formatSubmittedAt(createdAt, zone);
  return <span title={formatSubmittedAt(createdAt, zone)}>{formatSubmittedDay(createdAt, zone)}</span>;
}
