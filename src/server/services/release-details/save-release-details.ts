import type { ReleaseDetailsSave, SessionUser } from '../../../domain';
import type { Database } from '../../db/client';
import { releaseDetails } from '../../db/schema';
import { claimUpload } from '../artists/artist-picture';
import { findArtistSubmission } from '../artists/find-artist-submission';
import type { LinkSigner } from '../uploads/present-upload';
import { checkArtwork, matchTracks } from './check-release-details-input';
import {
  assertReleaseDetailsOpen,
  buildReleaseDetailsView,
  findReleaseDetails,
  loadStoredTracks,
  type ReleaseDetailsData,
  type ReleaseDetailsView,
} from './release-details-view';

/**
 * PUT …/release-details: keeps the artist's work as a draft. Anything well-formed is kept, even
 * what the label would not accept yet (a half-typed ISRC, splits not adding up), so nothing is lost
 * between sittings; submitting is where the rules apply. The submission row is locked, so a draft
 * cannot slip in after staff moved the item on or after the details were submitted.
 */
export async function saveReleaseDetails(
  deps: { db: Database; signer: LinkSigner },
  artistId: string,
  user: SessionUser,
  itemId: string,
  input: ReleaseDetailsSave,
  now = new Date(),
): Promise<ReleaseDetailsView> {
  return deps.db.transaction(async (tx) => {
    const submission = await findArtistSubmission(tx, artistId, itemId, { forUpdate: true });
    const existing = await findReleaseDetails(tx, submission.id, { forUpdate: true });
    assertReleaseDetailsOpen(submission, existing, 'write');
    const stored = await loadStoredTracks(tx, submission.id);
    const tracks = matchTracks(stored, input.tracks);
    await checkArtwork(tx, user.userId, submission, existing, input.artworkFileId);

    const data: ReleaseDetailsData = { tracks };
    const artworkUploadId = input.artworkFileId ?? existing?.artworkUploadId ?? null;
    const values = {
      status: 'draft' as const,
      data,
      artworkUploadId,
      updatedByUserId: user.userId,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(releaseDetails)
      .values({ submissionId: submission.id, ...values })
      .onConflictDoUpdate({ target: releaseDetails.submissionId, set: values })
      .returning();
    if (input.artworkFileId) await claimUpload(tx, input.artworkFileId, now);
    return buildReleaseDetailsView(tx, deps.signer, submission, row, now.getTime());
  });
}
