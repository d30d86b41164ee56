import { desc, eq } from 'drizzle-orm';
import type { Submission } from '../../../domain';
import type { Executor } from '../../db/client';
import { submissions } from '../../db/schema';
import type { LinkSigner } from '../uploads/present-upload';
import { presentSubmissions } from './present-submission';

/** GET /api/profile/submissions: the artist's own submissions, newest first. */
export async function listArtistSubmissions(
  deps: { db: Executor; signer: LinkSigner },
  artistId: string,
  now = Date.now(),
): Promise<Submission[]> {
  const rows = await deps.db
    .select()
    .from(submissions)
    .where(eq(submissions.artistId, artistId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  return presentSubmissions(deps.db, deps.signer, rows, now);
}
