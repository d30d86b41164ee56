import { asc, eq } from 'drizzle-orm';
import {
  CONTRIBUTOR_ROLES,
  type Contributor,
  type ContributorRole,
  parentalAdvisorySchema,
  parseStoredWaveform,
  type ReleaseDetailsResponse,
  type ReleaseDetailsSave,
  releaseDetailsSaveSchema,
  type TrackMetadata,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { releaseDetails, type socialClips, submissionTracks, type trackContributors } from '../../db/schema';
import { conflict } from '../../errors';
import type { SubmissionRow } from '../artists/find-artist-submission';
import { presentSplit, signedLink } from '../submissions/present-artist-submission';
import { type ReleaseDetailsTrackRow, readReleaseDetailsTracks } from '../submissions/read-submissions';
import type { LinkSigner } from '../uploads/present-upload';

export type ReleaseDetailsRow = typeof releaseDetails.$inferSelect;
export type ReleaseDetailsView = ReleaseDetailsResponse['releaseDetails'];
export type StoredTrack = typeof submissionTracks.$inferSelect;
/** What `release_details.data` holds: the tracks as the artist last sent them. */
export type ReleaseDetailsData = Pick<ReleaseDetailsSave, 'tracks'>;

export const NOT_IN_PROGRESS = 'Release details can only be completed while the submission is in progress';
export const ALREADY_SUBMITTED =
  'The release details of this submission have already been submitted. Contact the label to change them.';

type ContributorRow = typeof trackContributors.$inferSelect;
type ClipRow = typeof socialClips.$inferSelect;

const ROLES = new Set<string>(CONTRIBUTOR_ROLES);

export async function findReleaseDetails(
  executor: Executor,
  submissionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReleaseDetailsRow | undefined> {
  const query = executor.select().from(releaseDetails).where(eq(releaseDetails.submissionId, submissionId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * Release details are the artist's work while staff have the submission in progress. Once sent they
 * stay readable whatever happens to the submission next; a draft of a submission that moved on
 * can no longer be completed.
 */
export function assertReleaseDetailsOpen(
  submission: Pick<SubmissionRow, 'status'>,
  row: Pick<ReleaseDetailsRow, 'status'> | undefined,
  access: 'read' | 'write',
): void {
  if (row?.status === 'submitted') {
    if (access === 'write') throw conflict(ALREADY_SUBMITTED);
    return;
  }
  if (submission.status !== 'in_progress') throw conflict(NOT_IN_PROGRESS);
}

export async function loadStoredTracks(executor: Executor, submissionId: string): Promise<StoredTrack[]> {
  return executor
    .select()
    .from(submissionTracks)
    .where(eq(submissionTracks.submissionId, submissionId))
    .orderBy(asc(submissionTracks.position));
}

export function presentContributor(
  row: Pick<
    ContributorRow,
    'clientId' | 'firstName' | 'surname' | 'email' | 'roles' | 'isFeatured' | 'isPrimaryArtist' | 'spotifyUrl'
  >,
): Contributor {
  return {
    id: row.clientId,
    firstName: row.firstName,
    surname: row.surname,
    ...(row.email ? { email: row.email } : {}),
    roles: row.roles.filter((role): role is ContributorRole => ROLES.has(role)),
    isFeatured: row.isFeatured,
    isPrimaryArtist: row.isPrimaryArtist,
    ...(row.isPrimaryArtist && row.spotifyUrl ? { spotifyUrl: row.spotifyUrl } : {}),
  };
}

/** The form's metadata of a track from its stored rows: where the release details start from. */
function storedMetadata(track: ReleaseDetailsTrackRow): TrackMetadata {
  const of = (kind: ContributorRow['kind']) =>
    track.contributors.filter((c) => c.kind === kind).map(presentContributor);
  const advisory = parentalAdvisorySchema.safeParse(track.parentalAdvisory);
  return {
    soloWork: track.soloWork,
    featuredArtists: of('featured'),
    nonFeaturedArtists: of('non_featured'),
    producers: of('producer'),
    productionYear: track.productionYear ?? '',
    parentalAdvisory: advisory.success ? advisory.data : 'no',
    hasMasterSplit: track.splits.length > 0,
    masterSplits: track.splits.map(presentSplit),
    lyricsEnabled: Boolean(track.lyrics?.trim()),
    ...(track.lyrics?.trim() ? { lyrics: track.lyrics } : {}),
    socialClipsEnabled: track.clips.length > 0,
    socialClips: track.clips.map((clip) => ({
      id: clip.clientId,
      startTime: clip.startTime,
      endTime: clip.endTime,
      status: clip.status as ClipRow['status'],
      ...(clip.description ? { description: clip.description } : {}),
    })),
  };
}

function savedTracks(row: ReleaseDetailsRow | undefined): Map<string, ReleaseDetailsData['tracks'][number]> {
  if (!row) return new Map();
  // Written by this module from the same schema; a row that no longer parses is treated as unsaved.
  const parsed = releaseDetailsSaveSchema.pick({ tracks: true }).safeParse(row.data);
  return new Map(parsed.success ? parsed.data.tracks.map((track) => [track.trackId, track]) : []);
}

/**
 * The release-details form as the artist sees it: the saved draft (or what was submitted), else
 * the submission's own tracks, credits, splits, clips and lyrics; each track with a signed link to
 * its audio, and the final artwork.
 */
export async function buildReleaseDetailsView(
  executor: Executor,
  signer: LinkSigner,
  submission: SubmissionRow,
  row: ReleaseDetailsRow | undefined,
  now = Date.now(),
): Promise<ReleaseDetailsView> {
  // The tracks with their stored credits, splits and clips, read by the submissions module in one
  // statement; a track the draft holds takes its metadata from the draft.
  const tracks = await readReleaseDetailsTracks(executor, submission.id);
  const saved = savedTracks(row);
  const artworkId = row?.artworkUploadId ?? submission.artworkUploadId;
  return {
    itemId: submission.id,
    releaseTitle: submission.releaseTitle,
    status: row ? row.status : 'not_started',
    updatedAt: row ? row.updatedAt.toISOString() : null,
    submittedAt: row?.submittedAt ? row.submittedAt.toISOString() : null,
    tracks: tracks.map((track) => {
      const draft = saved.get(track.id);
      const metadata = draft?.metadata ?? storedMetadata(track);
      return {
        trackId: track.id,
        position: track.position,
        title: track.title,
        audioUrl: track.audioUploadId ? signedLink(signer, track.audioUploadId, now) : null,
        waveform: track.audioUploadId ? parseStoredWaveform(track.waveform) : null,
        isrc: draft ? draft.isrc : (track.isrc ?? ''),
        metadata,
      };
    }),
    artwork: artworkId ? { fileId: artworkId, url: signedLink(signer, artworkId, now) } : null,
  };
}
