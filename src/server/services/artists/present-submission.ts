import { asc, inArray } from 'drizzle-orm';
import {
  albumDetailsSchema,
  type CatalogueItem,
  type MasterSplit,
  type Submission,
  trackDetailsSchema,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { catalogueItems, masterSplits, submissionTracks } from '../../db/schema';
import { signFileUrl } from '../files/signed-urls';
import type { LinkSigner } from '../uploads/present-upload';
import type { SubmissionRow } from './find-artist-submission';

/**
 * Long enough for a dashboard left open through an afternoon; the page refetches after that. The
 * links are bound to the artist's session (request.pageLinks).
 */
export const artistLinkLifetimeSeconds = 6 * 3600;

type CatalogueRow = typeof catalogueItems.$inferSelect;
type SplitRow = typeof masterSplits.$inferSelect;

export function signedLink(signer: LinkSigner, fileId: string, now: number): string {
  const expires = Math.floor(now / 1000) + artistLinkLifetimeSeconds;
  return signFileUrl(signer, { fileId, disposition: 'inline', expires }, now);
}

export function presentSplit(split: SplitRow): MasterSplit {
  return {
    id: split.id,
    ...(split.contributorClientId ? { contributorId: split.contributorClientId } : {}),
    ...(split.firstName ? { firstName: split.firstName } : {}),
    ...(split.lastName ? { lastName: split.lastName } : {}),
    ...(split.email ? { email: split.email } : {}),
    percentage: split.percentage,
  };
}

/** A stored catalogue item in the shape the form sent it (spec 001 §3), its details if they still parse. */
function presentCatalogueItem(item: CatalogueRow, splits: SplitRow[]): CatalogueItem {
  const base = {
    id: item.clientId,
    title: item.title,
    artist: item.artist,
    ...(item.image ? { image: item.image } : {}),
    spotifyUrl: item.spotifyUrl ?? '',
    ...(item.releaseDate ? { releaseDate: item.releaseDate } : {}),
    ...(splits.length > 0
      ? { metadata: { hasMasterSplit: true, masterSplits: splits.map(presentSplit) } }
      : {}),
  };
  if (item.type === 'album') {
    const details = albumDetailsSchema.safeParse(item.details);
    return { ...base, type: 'album', ...(details.success ? { details: details.data } : {}) };
  }
  const details = trackDetailsSchema.safeParse(item.details);
  return { ...base, type: 'track', ...(details.success ? { details: details.data } : {}) };
}

/**
 * Submissions as the artist sees them (spec 000 §3): the tracks' audio in order then the artwork
 * as signed links, the tracks' own covers, and the catalogue items of a transfer. Three queries for any number of
 * submissions: their tracks, their catalogue items, and those items' splits.
 */
export async function presentSubmissions(
  executor: Executor,
  signer: LinkSigner,
  rows: readonly SubmissionRow[],
  now = Date.now(),
): Promise<Submission[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [trackRows, itemRows] = await Promise.all([
    executor
      .select({
        submissionId: submissionTracks.submissionId,
        title: submissionTracks.title,
        audioUploadId: submissionTracks.audioUploadId,
        artworkUploadId: submissionTracks.artworkUploadId,
      })
      .from(submissionTracks)
      .where(inArray(submissionTracks.submissionId, ids))
      .orderBy(asc(submissionTracks.position)),
    executor
      .select()
      .from(catalogueItems)
      .where(inArray(catalogueItems.submissionId, ids))
      .orderBy(asc(catalogueItems.position)),
  ]);
  const splitRows =
    itemRows.length === 0
      ? []
      : await executor
          .select()
          .from(masterSplits)
          .where(
            inArray(
              masterSplits.catalogueItemId,
              itemRows.map((item) => item.id),
            ),
          )
          .orderBy(asc(masterSplits.position));

  return rows.map((row) => {
    const withAudio = trackRows.filter((track) => track.submissionId === row.id && track.audioUploadId);
    const audio = withAudio.map((track) => signedLink(signer, track.audioUploadId as string, now));
    // Numbered as the media list numbers the tracks: by their audio, in order.
    const trackArtworks = withAudio.flatMap((track, index) =>
      track.artworkUploadId
        ? [
            {
              trackNumber: index + 1,
              title: track.title,
              url: signedLink(signer, track.artworkUploadId, now),
            },
          ]
        : [],
    );
    const artworkUrl = row.artworkUploadId ? signedLink(signer, row.artworkUploadId, now) : undefined;
    const items = itemRows.filter((item) => item.submissionId === row.id);
    const transfer = row.uploadType === 'transfer';
    return {
      itemId: row.id,
      releaseTitle: row.releaseTitle.trim() || (transfer ? 'Catalogue transfer' : 'Untitled release'),
      // A transfer has no release type of its own; the display rules then say 'Release'.
      ...(transfer ? {} : { releaseType: row.releaseType }),
      ...(row.releaseDate ? { releaseDate: row.releaseDate } : {}),
      status: row.status,
      mediaLinks: artworkUrl ? [...audio, artworkUrl] : audio,
      ...(artworkUrl ? { artworkUrl } : {}),
      ...(trackArtworks.length > 0 ? { trackArtworks } : {}),
      createdAt: row.createdAt.toISOString(),
      ...(items.length > 0
        ? {
            catalogueItems: items.map((item) =>
              presentCatalogueItem(
                item,
                splitRows.filter((split) => split.catalogueItemId === item.id),
              ),
            ),
          }
        : {}),
    };
  });
}
