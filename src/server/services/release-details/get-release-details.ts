import type { Executor } from '../../db/client';
import { findArtistSubmission } from '../artists/find-artist-submission';
import type { LinkSigner } from '../uploads/present-upload';
import {
  assertReleaseDetailsOpen,
  buildReleaseDetailsView,
  findReleaseDetails,
  type ReleaseDetailsView,
} from './release-details-view';

/** GET /api/profile/submissions/{itemId}/release-details: the form, for the artist's own item. */
export async function getReleaseDetails(
  deps: { db: Executor; signer: LinkSigner },
  artistId: string,
  itemId: string,
  now = Date.now(),
): Promise<ReleaseDetailsView> {
  const submission = await findArtistSubmission(deps.db, artistId, itemId);
  const row = await findReleaseDetails(deps.db, submission.id);
  assertReleaseDetailsOpen(submission, row, 'read');
  return buildReleaseDetailsView(deps.db, deps.signer, submission, row, now);
}
