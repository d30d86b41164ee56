import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildBoardItemName } from '../../../domain';
import type { Database } from '../../db/client';
import { submissions, submissionTracks } from '../../db/schema';
import { notFound } from '../../errors';

/**
 * Copies of one submission for the end-to-end suite (test hooks only): a board of many made from
 * one submission sent through the API. Each copy is a row of its own, titled `<title> <n>`, made a
 * minute before the one before it, with the original's tracks pointing at the same stored files, so
 * every copy has the original's preview. Uploading a WAV and a cover for each would spend the
 * installation's upload budget per address (120 an hour), which the rest of the suite needs.
 */
export async function copySubmissionForTests(
  db: Database,
  input: { itemId: string; copies: number },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(submissions).where(eq(submissions.id, input.itemId));
    if (!source) throw notFound('There is no submission to copy.');
    const tracks = await tx
      .select()
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, source.id));
    const { id: _id, searchText: _searchText, ...fields } = source;
    const artistName = String((source.artistDetails as { artistName?: unknown }).artistName ?? '');
    const ids: string[] = [];
    for (let n = 1; n <= input.copies; n++) {
      const at = new Date(source.createdAt.getTime() - n * 60_000);
      const releaseTitle = `${source.releaseTitle} ${n}`;
      const [copy] = await tx
        .insert(submissions)
        .values({
          ...fields,
          uploadSessionId: `${source.uploadSessionId}-copy-${n}-${randomUUID().slice(0, 8)}`,
          releaseTitle,
          itemName: buildBoardItemName(artistName, releaseTitle),
          createdAt: at,
          statusChangedAt: at,
          updatedAt: at,
        })
        .returning({ id: submissions.id });
      if (!copy) throw new Error('the copy was not inserted');
      if (tracks.length > 0) {
        await tx
          .insert(submissionTracks)
          .values(
            tracks.map(({ id: _trackId, ...track }) => ({ ...track, submissionId: copy.id, createdAt: at })),
          );
      }
      ids.push(copy.id);
    }
    return ids;
  });
}
