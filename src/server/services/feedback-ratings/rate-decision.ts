import { and, eq, sql } from 'drizzle-orm';
import {
  type ArtistDecision,
  canChangeFeedbackRating,
  DECISION_NOT_FOUND,
  FEEDBACK_RATING_CLOSED,
  type FeedbackRatingPayload,
  isRecordId,
  normaliseFeedbackComment,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { decisionRatings, submissions } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import {
  type ArtistDecisionRow,
  DECISION_EVENT_CONDITION,
  DECISION_FIELDS,
  presentArtistDecision,
} from './artist-decisions';

/** An event id as a path carries it: digits, within a bigserial's range as JavaScript reads it. */
const DECISION_ID = /^[1-9]\d{0,14}$/;

export interface RateDecisionInput {
  artistId: string;
  raterUserId: string;
  itemId: string;
  decisionId: string;
  payload: FeedbackRatingPayload;
  now: Date;
}

/**
 * The artist rates the feedback of a decision on their own submission, or changes the rating
 * (the spec's "Answers artists can rate"): one rating per decision (the unique index on
 * decision_id, written as an upsert, so a second rating replaces the first), until 14 days after
 * the decision. Another artist's submission answers 404 as if unknown; a decision of another
 * submission, or an event that is no decision, 404 too.
 */
export async function rateDecision(db: Executor, input: RateDecisionInput): Promise<ArtistDecision> {
  if (!isRecordId(input.itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const decisionId = DECISION_ID.test(input.decisionId) ? Number(input.decisionId) : null;
  const [found] = await db
    .select({
      decision: sql<
        (Omit<ArtistDecisionRow, 'rating'> & { id: number; createdAt: string }) | null
      >`${sql.raw(`(select json_build_object('id', e.id, 'toStatus', e.to_status, 'message', e.message, 'fields', ${DECISION_FIELDS}, 'createdAt', e.created_at)
        from submission_events e where e.submission_id = "submissions"."id" and ${DECISION_EVENT_CONDITION}
        and e.id = `)}${decisionId ?? 0})`,
    })
    .from(submissions)
    .where(and(eq(submissions.id, input.itemId), eq(submissions.artistId, input.artistId)));
  if (!found) throw notFound(SUBMISSION_NOT_FOUND);
  const decision = found.decision;
  if (!decision) throw notFound(DECISION_NOT_FOUND);
  if (!canChangeFeedbackRating(new Date(decision.createdAt), input.now))
    throw conflict(FEEDBACK_RATING_CLOSED);

  const values = {
    rating: input.payload.rating,
    comment: normaliseFeedbackComment(input.payload.comment),
    raterUserId: input.raterUserId,
    updatedAt: input.now,
  };
  const [rated] = await db
    .insert(decisionRatings)
    .values({ decisionId: decision.id, submissionId: input.itemId, createdAt: input.now, ...values })
    .onConflictDoUpdate({ target: decisionRatings.decisionId, set: values })
    .returning({
      stars: decisionRatings.rating,
      comment: decisionRatings.comment,
      ratedAt: decisionRatings.updatedAt,
    });
  if (!rated) throw new Error('rateDecision: no rating written');
  return presentArtistDecision({ ...decision, rating: rated }, input.now);
}
