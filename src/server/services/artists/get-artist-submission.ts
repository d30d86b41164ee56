import type { Submission } from '../../../domain';
import type { Executor } from '../../db/client';
import type { LinkSigner } from '../uploads/present-upload';
import { findArtistSubmission } from './find-artist-submission';
import { presentSubmissions } from './present-submission';

/** GET /api/profile/submissions/{itemId}: one of the artist's own submissions, else 404. */
export async function getArtistSubmission(
  deps: { db: Executor; signer: LinkSigner },
  artistId: string,
  itemId: string,
  now = Date.now(),
): Promise<Submission> {
  const row = await findArtistSubmission(deps.db, artistId, itemId);
  const [submission] = await presentSubmissions(deps.db, deps.signer, [row], now);
  if (!submission) throw new Error('presentSubmissions returned nothing for one row');
  return submission;
}
