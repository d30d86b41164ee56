import type { ChipProps } from '@mui/material/Chip';
import type { DeliveryAttemptView, DeliveryView } from '../../../domain';
import { dateTimePartsOf, mediumDateTimeText } from '../../../domain/common/date-text';

/** The words and colours of the delivery section: what staff read, in one place. */

type Origin = DeliveryView['identifiers']['icpnOrigin'];

/** Where a code came from; a dash while there is none (the code's own cell says "Not assigned"). */
export function describeOrigin(code: string | null, origin: Origin): string {
  if (!code) return '—';
  if (origin === 'artist') return 'From the artist';
  if (origin === 'label') return 'Assigned by the label';
  if (origin === 'staff') return 'Entered by staff';
  return 'Source not recorded';
}

export const ATTEMPT_KIND_LABELS: Record<DeliveryAttemptView['kind'], string> = {
  initial: 'Initial delivery',
  update: 'Update',
  takedown: 'Takedown',
};

export function describeAttemptStatus(attempt: Pick<DeliveryAttemptView, 'status' | 'tries'>): string {
  switch (attempt.status) {
    case 'queued':
      return 'Queued';
    case 'sending':
      return `Sending (try ${Math.max(1, attempt.tries)})`;
    case 'sent':
      return 'Sent — awaiting acknowledgement';
    case 'acknowledged':
      return 'Acknowledged';
    case 'rejected':
      return 'Rejected';
    case 'failed':
      return 'Failed';
  }
}

export const ATTEMPT_STATUS_COLOURS: Record<DeliveryAttemptView['status'], ChipProps['color']> = {
  queued: 'default',
  sending: 'info',
  sent: 'info',
  acknowledged: 'success',
  rejected: 'error',
  failed: 'error',
};

/** When something happened, in the reader's time zone, as the rest of the staff page writes it. */
export function formatDeliveryTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : mediumDateTimeText(dateTimePartsOf(ms, 'local'));
}

/** 3000000 → "2.9 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The first 12 characters of a SHA-256: enough to tell files apart at a glance. */
export function shortHash(sha256: string): string {
  return sha256.slice(0, 12);
}

/** The targets that have had the release delivered: a later delivery there is an update. */
export function deliveredTargets(log: readonly DeliveryAttemptView[]): Set<string> {
  return new Set(
    log
      .filter((a) => a.kind !== 'takedown' && (a.status === 'sent' || a.status === 'acknowledged'))
      .map((a) => a.target),
  );
}

/**
 * Whether the release is in the stores of a target as far as the log knows: its latest successful
 * message there is a delivery, not a takedown (the log is newest first).
 */
export function isLiveAt(log: readonly DeliveryAttemptView[], target: string): boolean {
  const latest = log.find((a) => a.target === target && (a.status === 'sent' || a.status === 'acknowledged'));
  return latest !== undefined && latest.kind !== 'takedown';
}
