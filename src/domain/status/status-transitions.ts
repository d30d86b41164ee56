import { getStatusLabel, type SubmissionStatus } from './submission-status';

/**
 * How staff move a submission along the board. A new submission is `pending`; staff who want it
 * set `in_progress` (the artist completes the release details), then `processing` while it is
 * prepared for distribution, `approved` once scheduled, `live` when out (`active` is the older
 * board's word for live). `rejected` and `failed` can be reopened. Anything else is a mistake.
 *
 * `changes_requested`: while a submission is under review (pending, in progress or
 * processing) staff may send it back to the artist with the fields to fix. Only a change request
 * sets it (it needs the fields and their notes, `canRequestChanges`), never a bare status change.
 * From there the artist's resubmission returns it to review (`STATUS_AFTER_RESUBMISSION`), or staff
 * withdraw the request (back to pending) or decline the submission.
 * An approved release may be sent back too: what a store needs and the artist must give (a larger
 * cover, a missing ISRC) is asked for from the delivery checklist with the same change request, and
 * the resubmission is reviewed and approved again (its schedule is made anew).
 */
const NEXT_STATUSES: Readonly<Record<SubmissionStatus, readonly SubmissionStatus[]>> = {
  pending: ['in_progress', 'approved', 'rejected', 'changes_requested'],
  changes_requested: ['pending', 'rejected'],
  in_progress: ['pending', 'processing', 'approved', 'rejected', 'changes_requested'],
  processing: ['in_progress', 'approved', 'live', 'failed', 'changes_requested'],
  approved: ['in_progress', 'processing', 'live', 'rejected', 'changes_requested'],
  live: ['active'],
  active: ['live'],
  rejected: ['pending'],
  failed: ['processing', 'in_progress'],
};

/** Where a resubmission puts the submission: back under review. */
export const STATUS_AFTER_RESUBMISSION = 'pending' satisfies SubmissionStatus;

export function getNextStatuses(from: SubmissionStatus): readonly SubmissionStatus[] {
  return NEXT_STATUSES[from];
}

export function canChangeStatus(from: SubmissionStatus, to: SubmissionStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** Whether staff may send a change request now. */
export function canRequestChanges(from: SubmissionStatus): boolean {
  return canChangeStatus(from, 'changes_requested');
}

/** The statuses a plain status change may set: every next status but `changes_requested`. */
export function getStatusChangeChoices(from: SubmissionStatus): SubmissionStatus[] {
  return NEXT_STATUSES[from].filter((status) => status !== 'changes_requested');
}

export function formatStatusChangeRefused(from: SubmissionStatus, to: SubmissionStatus): string {
  return `A submission that is ${getStatusLabel(from)} cannot be set to ${getStatusLabel(to)}`;
}

/** A status change to `changes_requested` without the fields: the request is its own action. */
export const CHANGES_NEED_A_REQUEST =
  'To ask for changes, send a change request that marks the fields to fix, each with a note.';

export const STATUS_MESSAGE_MAX_LENGTH = 2_000;
