import {
  albumDetailsSchema,
  type CatalogueItem,
  type MasterSplit,
  type Submission,
  type SubmissionStatus,
  trackDetailsSchema,
} from '../../../domain';
import type { masterSplits } from '../../db/schema';
import { signFileUrl } from '../files/signed-urls';
import type { LinkSigner } from '../uploads/present-upload';

/**
 * Long enough for a dashboard left open through an afternoon; the page refetches after that. The
 * links are bound to the artist's session (request.pageLinks).
 */
export const artistLinkLifetimeSeconds = 6 * 3600;

type SplitRow = typeof masterSplits.$inferSelect;
export type SplitParts = Pick<
  SplitRow,
  'id' | 'contributorClientId' | 'firstName' | 'lastName' | 'email' | 'percentage'
>;

/** What read-submissions.ts reads of a submission for its artist: one row, children as JSON. */
export interface ArtistSubmissionRow {
  id: string;
  releaseTitle: string;
  releaseType: string;
  releaseDate: string | null;
  status: SubmissionStatus;
  uploadType: string;
  artworkUploadId: string | null;
  createdAt: Date;
  /** In the artist's order. */
  tracks: { title: string; audioUploadId: string | null; artworkUploadId: string | null }[];
  /** In the form's order, each with its splits in order. */
  catalogueItems: {
    clientId: string;
    type: string;
    title: string;
    artist: string;
    image: string | null;
    spotifyUrl: string | null;
    releaseDate: string | null;
    details: unknown;
    splits: SplitParts[];
  }[];
}

export function signedLink(signer: LinkSigner, fileId: string, now: number): string {
  const expires = Math.floor(now / 1000) + artistLinkLifetimeSeconds;
  return signFileUrl(signer, { fileId, disposition: 'inline', expires }, now);
}

export function presentSplit(split: SplitParts): MasterSplit {
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
function presentCatalogueItem(item: ArtistSubmissionRow['catalogueItems'][number]): CatalogueItem {
  const base = {
    id: item.clientId,
    title: item.title,
    artist: item.artist,
    ...(item.image ? { image: item.image } : {}),
    spotifyUrl: item.spotifyUrl ?? '',
    ...(item.releaseDate ? { releaseDate: item.releaseDate } : {}),
    ...(item.splits.length > 0
      ? { metadata: { hasMasterSplit: true, masterSplits: item.splits.map(presentSplit) } }
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
 * A submission as the artist sees it (spec 000 §3): the tracks' audio in order then the artwork
 * as signed links, the tracks' own covers, and the catalogue items of a transfer.
 */
export function presentArtistSubmission(
  signer: LinkSigner,
  row: ArtistSubmissionRow,
  now: number,
): Submission {
  const withAudio = row.tracks.filter((track) => track.audioUploadId);
  const audio = withAudio.map((track) => signedLink(signer, track.audioUploadId as string, now));
  // Numbered as the media list numbers the tracks: by their audio, in order.
  const trackArtworks = withAudio.flatMap((track, index) =>
    track.artworkUploadId
      ? [{ trackNumber: index + 1, title: track.title, url: signedLink(signer, track.artworkUploadId, now) }]
      : [],
  );
  const artworkUrl = row.artworkUploadId ? signedLink(signer, row.artworkUploadId, now) : undefined;
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
    ...(row.catalogueItems.length > 0
      ? { catalogueItems: row.catalogueItems.map(presentCatalogueItem) }
      : {}),
  };
}
