import {
  type ArtistDecision,
  canChangeFeedbackRating,
  getDecisionOfStatus,
  getFeedbackRatingDeadline,
  type SubmissionStatus,
} from '../../../domain';

/**
 * The submission events an artist receives as a decision (the spec's "Answers artists can rate"):
 * a status change that approved or declined, and a change request. As SQL over the events' alias
 * `e`, for the artist's submission page and the rating route alike.
 */
/** A change request's marked fields, from its round (for the event aliased `e`). */
export const DECISION_FIELDS = `(select r.fields from review_rounds r where r.id = e.round_id and e.type = 'changes_requested')`;

export const DECISION_EVENT_CONDITION = `((e.type = 'status_changed' and e.to_status in ('approved', 'rejected')) or e.type = 'changes_requested')`;

/** A decision as read for its artist: the event and its rating, if given. Times as the database writes them. */
export interface ArtistDecisionRow {
  id: number | string;
  toStatus: SubmissionStatus;
  message: string | null;
  /** A change request's marked fields as its round keeps them; null for other decisions. */
  fields?: { label: string; note: string }[] | null;
  createdAt: string | Date;
  rating: { stars: number; comment: string | null; ratedAt: string | Date } | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * A decision as its artist sees it: what was decided, its message, the rating given and until when
 * it can be given or changed. Nothing of staff's (reviewer, template, notes).
 */
export function presentArtistDecision(row: ArtistDecisionRow, now: Date): ArtistDecision {
  const decidedAt = new Date(row.createdAt);
  return {
    decisionId: String(row.id),
    kind: getDecisionOfStatus(row.toStatus) ?? 'request_changes',
    status: row.toStatus,
    message: row.message,
    points: (row.fields ?? []).map((field) => ({ label: field.label, note: field.note })),
    decidedAt: decidedAt.toISOString(),
    changeableUntil: getFeedbackRatingDeadline(decidedAt).toISOString(),
    changeable: canChangeFeedbackRating(decidedAt, now),
    feedbackRating: row.rating
      ? { stars: row.rating.stars, comment: row.rating.comment, ratedAt: iso(row.rating.ratedAt) }
      : null,
  };
}
