import { and, asc, eq } from 'drizzle-orm';
import {
  type Contributor,
  type ContributorsValue,
  type FieldTarget,
  type FieldValue,
  type FlaggableSubmission,
  isRecordId,
  type MasterSplit,
  type SplitsValue,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { Executor } from '../../db/client';
import {
  catalogueItems,
  masterSplits,
  submissions,
  submissionTracks,
  trackContributors,
} from '../../db/schema';
import { notFound } from '../../errors';
import { presentContributor } from '../release-details/release-details-view';
import { presentSplit } from '../submissions/present-artist-submission';

export type SubmissionRow = typeof submissions.$inferSelect;
export type TrackRow = typeof submissionTracks.$inferSelect;
export type CatalogueItemRow = typeof catalogueItems.$inferSelect;
type ContributorRow = typeof trackContributors.$inferSelect;
type SplitRow = typeof masterSplits.$inferSelect;

/**
 * A submission's reviewable fields as stored: the row, its tracks and catalogue
 * items in order, the tracks' credits and every split. What a change request is checked against,
 * what the artist is shown to edit, and the "before" of each change.
 */
export interface FieldState {
  submission: SubmissionRow;
  tracks: TrackRow[];
  catalogueItems: CatalogueItemRow[];
  contributors: ContributorRow[];
  splits: SplitRow[];
}

/**
 * One submission's state, in five queries on the submission's indexes; `artistId` scopes it to
 * that artist (another's is the same 404 as an unknown id). `forUpdate` locks the submission row.
 */
export async function loadFieldState(
  executor: Executor,
  itemId: string,
  options: { artistId?: string; forUpdate?: boolean } = {},
): Promise<FieldState> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const query = executor
    .select()
    .from(submissions)
    .where(
      and(
        eq(submissions.id, itemId),
        options.artistId ? eq(submissions.artistId, options.artistId) : undefined,
      ),
    );
  const [submission] = options.forUpdate ? await query.for('update') : await query;
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
  const [tracks, items, contributors, splits] = await Promise.all([
    executor
      .select()
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(submissionTracks.position)),
    executor
      .select()
      .from(catalogueItems)
      .where(eq(catalogueItems.submissionId, itemId))
      .orderBy(asc(catalogueItems.position)),
    executor
      .select({ contributor: trackContributors })
      .from(trackContributors)
      .innerJoin(submissionTracks, eq(submissionTracks.id, trackContributors.trackId))
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(trackContributors.position)),
    executor
      .select()
      .from(masterSplits)
      .where(eq(masterSplits.submissionId, itemId))
      .orderBy(asc(masterSplits.position)),
  ]);
  return {
    submission,
    tracks,
    catalogueItems: items,
    contributors: contributors.map((row) => row.contributor),
    splits,
  };
}

export function flaggableOf(state: FieldState): FlaggableSubmission {
  return {
    uploadType: state.submission.uploadType,
    tracks: state.tracks.map((track) => ({ id: track.id, title: track.title })),
    catalogueItems: state.catalogueItems.map((item) => ({ id: item.id, title: item.title })),
  };
}

// --- Values in one canonical form, so stored and sent values compare field by field -------------

export function canonicalContributor(contributor: Contributor): Contributor {
  const email = contributor.email?.trim();
  const spotifyUrl = contributor.isPrimaryArtist ? contributor.spotifyUrl?.trim() : undefined;
  return {
    id: contributor.id,
    firstName: contributor.firstName.trim(),
    surname: contributor.surname.trim(),
    ...(email ? { email } : {}),
    roles: [...contributor.roles],
    isFeatured: contributor.isFeatured,
    isPrimaryArtist: contributor.isPrimaryArtist,
    ...(spotifyUrl ? { spotifyUrl } : {}),
  };
}

export function canonicalContributors(value: ContributorsValue): ContributorsValue {
  if (value.soloWork) return { soloWork: true, featuredArtists: [], nonFeaturedArtists: [], producers: [] };
  return {
    soloWork: false,
    featuredArtists: value.featuredArtists.map(canonicalContributor),
    nonFeaturedArtists: value.nonFeaturedArtists.map(canonicalContributor),
    producers: value.producers.map(canonicalContributor),
  };
}

function canonicalSplit(split: MasterSplit): MasterSplit {
  const contributorId = split.contributorId?.trim();
  const firstName = split.firstName?.trim();
  const lastName = split.lastName?.trim();
  const email = split.email?.trim();
  return {
    id: split.id,
    ...(contributorId ? { contributorId } : {}),
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(email ? { email } : {}),
    percentage: split.percentage,
  };
}

export function canonicalSplits(value: SplitsValue): SplitsValue {
  return value.hasMasterSplit && value.masterSplits.length > 0
    ? { hasMasterSplit: true, masterSplits: value.masterSplits.map(canonicalSplit) }
    : { hasMasterSplit: false, masterSplits: [] };
}

function storedContributors(state: FieldState, track: TrackRow): ContributorsValue {
  const of = (kind: ContributorRow['kind']) =>
    state.contributors.filter((c) => c.trackId === track.id && c.kind === kind).map(presentContributor);
  return canonicalContributors({
    soloWork: track.soloWork,
    featuredArtists: of('featured'),
    nonFeaturedArtists: of('non_featured'),
    producers: of('producer'),
  });
}

function storedSplits(rows: readonly SplitRow[]): SplitsValue {
  return canonicalSplits({ hasMasterSplit: rows.length > 0, masterSplits: rows.map(presentSplit) });
}

/**
 * The field's value as stored, in the shape the artist sends a new one; null when the field has
 * none (no artwork yet, no release date) or names nothing of this submission.
 */
export function currentValueOf(state: FieldState, target: FieldTarget): FieldValue | null {
  switch (target.field) {
    case 'artwork':
      return state.submission.artworkUploadId
        ? { field: 'artwork', fileId: state.submission.artworkUploadId }
        : null;
    case 'releaseDate':
      return state.submission.releaseDate
        ? { field: 'releaseDate', releaseDate: state.submission.releaseDate }
        : null;
    case 'catalogueItem': {
      const item = state.catalogueItems.find((entry) => entry.id === target.catalogueItemId);
      if (!item) return null;
      return {
        field: 'catalogueItem',
        catalogueItemId: item.id,
        title: item.title,
        artist: item.artist,
        spotifyUrl: item.spotifyUrl ?? '',
        ...storedSplits(state.splits.filter((split) => split.catalogueItemId === item.id)),
      };
    }
    default: {
      const track = state.tracks.find((entry) => entry.id === target.trackId);
      if (!track) return null;
      const trackId = track.id;
      switch (target.field) {
        case 'trackAudio':
          return track.audioUploadId ? { field: 'trackAudio', trackId, fileId: track.audioUploadId } : null;
        case 'trackTitle':
          return { field: 'trackTitle', trackId, title: track.title };
        case 'trackIsrc':
          return { field: 'trackIsrc', trackId, isrc: track.isrc ?? '' };
        case 'trackContributors':
          return { field: 'trackContributors', trackId, ...storedContributors(state, track) };
        case 'trackSplits':
          return {
            field: 'trackSplits',
            trackId,
            ...storedSplits(state.splits.filter((split) => split.trackId === track.id)),
          };
      }
    }
  }
}
