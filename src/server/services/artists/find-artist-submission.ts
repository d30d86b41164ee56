import { and, eq } from 'drizzle-orm';
import { isRecordId, SUBMISSION_NOT_FOUND } from '../../../domain';
import type { Executor } from '../../db/client';
import { submissions } from '../../db/schema';
import { notFound } from '../../errors';

export type SubmissionRow = typeof submissions.$inferSelect;

/**
 * One of this artist's submissions. Unknown, malformed and other artists' ids all answer the same
 * 404: an artist cannot even learn that someone else's item exists.
 */
export async function findArtistSubmission(
  executor: Executor,
  artistId: string,
  itemId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubmissionRow> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const query = executor
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, itemId), eq(submissions.artistId, artistId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return row;
}
