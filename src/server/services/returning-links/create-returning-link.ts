import { eq } from 'drizzle-orm';
import { isRecordId, type SessionUser, SUBMISSION_NOT_FOUND } from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import { notFound } from '../../errors';
import { type IssuedReturningLink, issueReturningLink } from './issue-returning-link';

/** POST /api/board/items/:itemId/returning-link (staff): a link for the artist of that submission. */
export async function createReturningLink(
  deps: { db: Database; config: AppConfig },
  itemId: string,
  context: { actor: SessionUser; now: Date },
): Promise<IssuedReturningLink> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  return deps.db.transaction(async (tx) => {
    const [submission] = await tx
      .select({ artistId: submissions.artistId })
      .from(submissions)
      .where(eq(submissions.id, itemId));
    if (!submission?.artistId) throw notFound(SUBMISSION_NOT_FOUND);
    return issueReturningLink(tx, deps.config, {
      artistId: submission.artistId,
      sourceSubmissionId: itemId,
      createdByUserId: context.actor.userId,
      now: context.now,
    });
  });
}
