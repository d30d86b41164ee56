/**
 * One canonical, lower-case status (design.md §2). Boards and older data send 'In Progress',
 * 'LIVE' and so on; they are normalised once, here, and everything else compares enum values.
 * No zod here: the status chip is on the first paint of the artist area and the board;
 * the schemas are in submission-status-schema.ts.
 */
export const SUBMISSION_STATUSES = [
  'pending',
  /** Staff asked the artist to fix named fields; a resubmission puts it back to pending. */
  'changes_requested',
  'in_progress',
  'processing',
  'approved',
  'live',
  'active',
  'rejected',
  'failed',
] as const;

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

const statuses: ReadonlySet<string> = new Set(SUBMISSION_STATUSES);

/** Exactly one of the canonical statuses ('in_progress', not 'In Progress'). */
export function isSubmissionStatus(value: unknown): value is SubmissionStatus {
  return typeof value === 'string' && statuses.has(value);
}

export function normaliseStatusText(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Case-insensitive parse of what a board sends ('In Progress' → 'in_progress'); null if unknown. */
export function parseSubmissionStatus(value: string | null | undefined): SubmissionStatus | null {
  if (value == null) return null;
  const normalised = normaliseStatusText(value);
  return isSubmissionStatus(normalised) ? normalised : null;
}

const STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: 'Pending',
  changes_requested: 'Changes requested',
  in_progress: 'In Progress',
  processing: 'Processing',
  approved: 'Approved',
  live: 'Live',
  active: 'Active',
  rejected: 'Rejected',
  failed: 'Failed',
};

export function getStatusLabel(status: SubmissionStatus): string {
  return STATUS_LABELS[status];
}

export type StatusChipColour = 'success' | 'warning' | 'error' | 'default';

/** Chip colour (spec 000 §4); unknown text gets 'default', compared case-insensitively. */
export function getStatusChipColour(status: string | null | undefined): StatusChipColour {
  switch (parseSubmissionStatus(status)) {
    case 'approved':
    case 'live':
    case 'active':
      return 'success';
    case 'pending':
    // Not in the spec: waiting, like pending, but on the artist.
    case 'changes_requested':
    case 'in_progress':
    case 'processing':
      return 'warning';
    case 'rejected':
    case 'failed':
      return 'error';
    default:
      return 'default';
  }
}

/** A submission whose artist has fields to fix and send back. */
export function isAwaitingChanges(status: string | null | undefined): boolean {
  return parseSubmissionStatus(status) === 'changes_requested';
}

/** An in-progress submission needs release details, so its card links to that page instead. */
export function isAwaitingReleaseDetails(status: string | null | undefined): boolean {
  return parseSubmissionStatus(status) === 'in_progress';
}
