import { getStatusLabel, type SubmissionStatus } from './submission-status';

/**
 * How staff move a submission along the board. A new submission is `pending`; staff who want it
 * set `in_progress` (the artist completes the release details), then `processing` while it is
 * prepared for distribution, `approved` once scheduled, `live` when out (`active` is the older
 * board's word for live). `rejected` and `failed` can be reopened. Anything else is a mistake.
 */
const NEXT_STATUSES: Readonly<Record<SubmissionStatus, readonly SubmissionStatus[]>> = {
  pending: ['in_progress', 'approved', 'rejected'],
  in_progress: ['pending', 'processing', 'approved', 'rejected'],
  processing: ['in_progress', 'approved', 'live', 'failed'],
  approved: ['in_progress', 'processing', 'live', 'rejected'],
  live: ['active'],
  active: ['live'],
  rejected: ['pending'],
  failed: ['processing', 'in_progress'],
};

export function getNextStatuses(from: SubmissionStatus): readonly SubmissionStatus[] {
  return NEXT_STATUSES[from];
}

export function canChangeStatus(from: SubmissionStatus, to: SubmissionStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

export function formatStatusChangeRefused(from: SubmissionStatus, to: SubmissionStatus): string {
  return `A submission that is ${getStatusLabel(from)} cannot be set to ${getStatusLabel(to)}`;
}

export const STATUS_MESSAGE_MAX_LENGTH = 2_000;
