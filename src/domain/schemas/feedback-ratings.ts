import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../common/text';
import { DECISION_KINDS } from '../review/decision-templates';
import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_COMMENT_TOO_LONG,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATING_MIN,
  FEEDBACK_RATING_OUT_OF_RANGE,
} from '../review/feedback-ratings';
import { submissionStatusSchema } from '../status/submission-status-schema';

/**
 * The spec's "Answers artists can rate" (domain/review/feedback-ratings.ts): the decisions an
 * artist sees on their submission with their rating, the rating they send, and the analytics'
 * ratings per reviewer and per template. The artist's answers name the value `stars`, never
 * `rating`, the word of staff's private rating of a submission, which no artist answer carries.
 */

const starsSchema = z
  .number({ error: FEEDBACK_RATING_OUT_OF_RANGE })
  .int({ error: FEEDBACK_RATING_OUT_OF_RANGE })
  .min(FEEDBACK_RATING_MIN, { error: FEEDBACK_RATING_OUT_OF_RANGE })
  .max(FEEDBACK_RATING_MAX, { error: FEEDBACK_RATING_OUT_OF_RANGE });

/** PUT /api/profile/submissions/:itemId/decisions/:decisionId/rating: create or change. */
export const feedbackRatingPayloadSchema = z.object({
  rating: starsSchema,
  comment: z
    .string({ error: FEEDBACK_COMMENT_TOO_LONG })
    .max(FEEDBACK_COMMENT_MAX_LENGTH, { error: FEEDBACK_COMMENT_TOO_LONG })
    .refine(isStorableText, UNSTORABLE_TEXT)
    .nullish(),
});
export type FeedbackRatingPayload = z.infer<typeof feedbackRatingPayloadSchema>;

/** A decision as its artist sees it: what was decided, the message that came with it, the rating. */
export const artistDecisionSchema = z.object({
  decisionId: z.string(),
  kind: z.enum(DECISION_KINDS),
  status: submissionStatusSchema,
  /** The message the artist was sent with the decision, if any. */
  message: z.string().nullable(),
  /** A change request's marked fields, each with the reviewer's note (empty for other decisions). */
  points: z.array(z.object({ label: z.string(), note: z.string() })),
  decidedAt: z.string(),
  /** The last moment the rating can be given or changed (14 days after the decision). */
  changeableUntil: z.string(),
  changeable: z.boolean(),
  feedbackRating: z
    .object({ stars: z.number().int(), comment: z.string().nullable(), ratedAt: z.string() })
    .nullable(),
});
export type ArtistDecision = z.infer<typeof artistDecisionSchema>;

export const feedbackRatingResponseSchema = z.object({
  success: z.literal(true),
  decision: artistDecisionSchema,
});
export type FeedbackRatingResponse = z.infer<typeof feedbackRatingResponseSchema>;

/** Ratings of one reviewer's or one template's decisions: how many, their mean, and per star (1–5). */
export const feedbackRatingGroupSchema = z.object({
  /** The reviewer's user id or the template's id; null for decisions without one. */
  id: z.string().nullable(),
  name: z.string(),
  count: z.number().int().nonnegative(),
  average: z.number(),
  /** Ratings of 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: z.array(z.number().int().nonnegative()).length(5),
});
export type FeedbackRatingGroup = z.infer<typeof feedbackRatingGroupSchema>;

export const feedbackRatingsSchema = z.object({
  byReviewer: z.array(feedbackRatingGroupSchema),
  byTemplate: z.array(feedbackRatingGroupSchema),
});
export type FeedbackRatings = z.infer<typeof feedbackRatingsSchema>;
