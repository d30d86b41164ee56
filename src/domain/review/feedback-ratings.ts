/**
 * The spec's "Answers artists can rate": after a decision (approved, declined, changes
 * requested) the submission's artist rates how helpful its feedback was, 1–5 with an optional
 * comment, one rating per decision, changeable for 14 days after the decision. Staff read the
 * ratings per reviewer and per decision template on the analytics page.
 */

export const FEEDBACK_RATING_WINDOW_DAYS = 14;
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_COMMENT_MAX_LENGTH = 1_000;

/** The stars' words, "Not helpful" (1) to "Very helpful" (5): the rating control's labels. */
export const FEEDBACK_RATING_LABELS: Record<number, string> = {
  1: 'Not helpful',
  2: 'Slightly helpful',
  3: 'Somewhat helpful',
  4: 'Helpful',
  5: 'Very helpful',
};

export function getFeedbackRatingLabel(stars: number): string {
  return FEEDBACK_RATING_LABELS[stars] ?? `${stars} stars`;
}

export const FEEDBACK_RATING_OUT_OF_RANGE = 'Choose a rating from 1 to 5 stars';
export const FEEDBACK_COMMENT_TOO_LONG = `A comment can be at most ${FEEDBACK_COMMENT_MAX_LENGTH} characters`;
export const FEEDBACK_RATING_CLOSED = `You can change your rating for ${FEEDBACK_RATING_WINDOW_DAYS} days after the decision.`;
export const DECISION_NOT_FOUND = 'There is no such decision on this submission.';
/** The analytics' name for decisions no staff member made (the response promise's automatic decline). */
export const DECIDED_WITHOUT_REVIEWER = 'Without a reviewer';
export const NO_FEEDBACK_RATINGS = 'No ratings yet';

const DAY_MS = 24 * 60 * 60_000;

/** The last instant a decision's rating can be given or changed: 14 days after the decision. */
export function getFeedbackRatingDeadline(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + FEEDBACK_RATING_WINDOW_DAYS * DAY_MS);
}

/** Whether the artist may still rate (or change the rating of) a decision made at `decidedAt`. */
export function canChangeFeedbackRating(decidedAt: Date, now: Date): boolean {
  return now.getTime() < getFeedbackRatingDeadline(decidedAt).getTime();
}

/** A decision's rating as a comment stored: trimmed, and none when blank. */
export function normaliseFeedbackComment(comment: string | null | undefined): string | null {
  const trimmed = comment?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The anchor of a decision's rating block on the artist's submission page (`#rate-<id>`). */
export function feedbackRatingAnchor(decisionId: string | number): string {
  return `rate-${decisionId}`;
}

/** The decision mail's line: where the artist rates the answer (the signed-in submission page). */
export function formatFeedbackRatingInvitation(
  publicUrl: string,
  itemId: string,
  decisionId: string | number,
) {
  return `How helpful was this answer? Rate it: ${publicUrl}/submission/${itemId}#${feedbackRatingAnchor(decisionId)}`;
}
