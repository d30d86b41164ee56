import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { submissions } from '../../db/schema';
import { notFound } from '../../errors';
import { SUBMISSION_NOT_FOUND } from '../board/get-board-item';

export type SubmissionRow = typeof submissions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (!UUID.test(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const query = executor
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, itemId), eq(submissions.artistId, artistId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return row;
}
