import { useReaderTimeZone } from '../../../components/use-reader-time-zone';
import { formatSubmittedAt } from './board-format';

/**
 * When a submission was made, in the reader's time zone: a component of its own, so that only this
 * text is rendered again after a page the server rendered is hydrated (`useReaderTimeZone`).
 */
export function SubmittedAt({ createdAt }: { createdAt: string }) {
  return formatSubmittedAt(createdAt, useReaderTimeZone());
}
