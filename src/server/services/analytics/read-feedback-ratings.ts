import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  DECIDED_WITHOUT_REVIEWER,
  DECLINED_WITHOUT_TEMPLATE,
  type FeedbackRatingGroup,
  type FeedbackRatings,
} from '../../../domain';
import type { Database } from '../../db/client';
import { decisionRatings, decisionTemplates, submissionEvents, users } from '../../db/schema';

const count = sql<number>`count(*)::int`;
const starsCount = (stars: number) =>
  sql<number>`(count(*) filter (where ${decisionRatings.rating} = ${stars}))::int`;
const figures = {
  count,
  average: sql<number>`avg(${decisionRatings.rating})::float8`,
  stars1: starsCount(1),
  stars2: starsCount(2),
  stars3: starsCount(3),
  stars4: starsCount(4),
  stars5: starsCount(5),
};

type FiguresRow = { [K in keyof typeof figures]: number };

function presentGroup(id: string | null, name: string, row: FiguresRow): FeedbackRatingGroup {
  return {
    id,
    name,
    count: row.count,
    average: Math.round(row.average * 100) / 100,
    distribution: [row.stars1, row.stars2, row.stars3, row.stars4, row.stars5],
  };
}

/**
 * Artists' ratings of decisions' feedback (the spec's "Answers artists can rate") given or changed
 * in the window, per reviewer (the decision's actor) and per decision template: how many, their
 * mean and their spread over 1–5 stars, most rated first. A rating is found through its
 * `updated_at` index, its decision by key.
 */
export async function readFeedbackRatings(db: Database, start: Date, end: Date): Promise<FeedbackRatings> {
  const inWindow = and(gte(decisionRatings.updatedAt, start), lt(decisionRatings.updatedAt, end));
  const reviewerName = sql<string | null>`coalesce(${users.name}, ${users.email})`;
  const [reviewers, templates] = await Promise.all([
    db
      .select({ id: submissionEvents.actorUserId, name: reviewerName, ...figures })
      .from(decisionRatings)
      .innerJoin(submissionEvents, eq(submissionEvents.id, decisionRatings.decisionId))
      .leftJoin(users, eq(users.id, submissionEvents.actorUserId))
      .where(inWindow)
      .groupBy(submissionEvents.actorUserId, users.name, users.email)
      .orderBy(desc(count), asc(reviewerName)),
    db
      .select({ id: submissionEvents.templateId, name: decisionTemplates.name, ...figures })
      .from(decisionRatings)
      .innerJoin(submissionEvents, eq(submissionEvents.id, decisionRatings.decisionId))
      .leftJoin(decisionTemplates, eq(decisionTemplates.id, submissionEvents.templateId))
      .where(inWindow)
      .groupBy(submissionEvents.templateId, decisionTemplates.name)
      .orderBy(desc(count), asc(decisionTemplates.name)),
  ]);
  return {
    byReviewer: reviewers.map((row) =>
      presentGroup(row.id, row.id ? (row.name ?? DECIDED_WITHOUT_REVIEWER) : DECIDED_WITHOUT_REVIEWER, row),
    ),
    byTemplate: templates.map((row) =>
      presentGroup(row.id, row.id ? (row.name ?? DECLINED_WITHOUT_TEMPLATE) : DECLINED_WITHOUT_TEMPLATE, row),
    ),
  };
}
