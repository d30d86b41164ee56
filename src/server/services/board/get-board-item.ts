import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type BoardItemDetail,
  type BoardTrack,
  getNextStatuses,
  isRecordId,
  type SignedFile,
  type SubmissionForm,
} from '../../../domain';
import type { Executor } from '../../db/client';
import {
  catalogueItems,
  masterSplits,
  releaseDetails,
  socialClips,
  submissionEvents,
  submissions,
  submissionTracks,
  trackContributors,
  uploads,
  users,
} from '../../db/schema';
import { notFound } from '../../errors';
import { fileLinks, type LinkSigner } from '../uploads/present-upload';

export const SUBMISSION_NOT_FOUND = 'Submission not found';

/** Long enough to listen to every track of an album while reviewing it, short enough not to travel. */
export const boardLinkLifetimeSeconds = 3600;

/** What submissions.artistDetails holds (create-submission.ts writes it). */
type StoredArtistDetails = Pick<
  SubmissionForm,
  | 'firstName'
  | 'surname'
  | 'email'
  | 'artistName'
  | 'country'
  | 'city'
  | 'spotifyProfile'
  | 'instagramProfile'
  | 'tiktokProfile'
> & { phone?: string };

type UploadRow = typeof uploads.$inferSelect;
type SplitRow = typeof masterSplits.$inferSelect;

function signedFile(signer: LinkSigner, row: UploadRow | null, now: number): SignedFile | null {
  if (!row) return null;
  return {
    fileId: row.id,
    fileName: row.originalName,
    ...fileLinks(signer, row.id, boardLinkLifetimeSeconds, now),
    media: (row.media as Record<string, unknown> | null) ?? null,
    size: row.originalSize,
  };
}

/** Map.groupBy arrived in Node 21; the server runs on 20. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function personName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The board's view of one submission. A handful of queries whatever its size: the submission,
 * then its tracks, contributors, splits, clips, catalogue items and events, each in one query
 * keyed by the submission (never one query per track).
 */
export async function getBoardItem(
  db: Executor,
  signer: LinkSigner,
  itemId: string,
  now = Date.now(),
): Promise<BoardItemDetail> {
  // A malformed id would make PostgreSQL refuse the uuid cast: to the reader it is simply not there.
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [found] = await db
    .select({ submission: submissions, artwork: uploads })
    .from(submissions)
    .leftJoin(uploads, eq(uploads.id, submissions.artworkUploadId))
    .where(eq(submissions.id, itemId));
  if (!found) throw notFound(SUBMISSION_NOT_FOUND);
  const { submission, artwork } = found;

  const clipFiles = alias(uploads, 'clip_files');
  const trackArtworks = alias(uploads, 'track_artworks');
  const [trackRows, contributorRows, splitRows, clipRows, itemRows, eventRows] = await Promise.all([
    db
      .select({ track: submissionTracks, audio: uploads, customArtwork: trackArtworks })
      .from(submissionTracks)
      .leftJoin(uploads, eq(uploads.id, submissionTracks.audioUploadId))
      .leftJoin(trackArtworks, eq(trackArtworks.id, submissionTracks.artworkUploadId))
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(submissionTracks.position)),
    db
      .select({ contributor: trackContributors })
      .from(trackContributors)
      .innerJoin(submissionTracks, eq(submissionTracks.id, trackContributors.trackId))
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(submissionTracks.position), asc(trackContributors.position)),
    db
      .select()
      .from(masterSplits)
      .where(eq(masterSplits.submissionId, itemId))
      .orderBy(asc(masterSplits.position)),
    db
      .select({ clip: socialClips, file: clipFiles })
      .from(socialClips)
      .innerJoin(submissionTracks, eq(submissionTracks.id, socialClips.trackId))
      .leftJoin(clipFiles, eq(clipFiles.id, socialClips.clipUploadId))
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(submissionTracks.position), asc(socialClips.position)),
    db
      .select()
      .from(catalogueItems)
      .where(eq(catalogueItems.submissionId, itemId))
      .orderBy(asc(catalogueItems.position)),
    db
      .select({ event: submissionEvents, actorName: users.name, actorEmail: users.email })
      .from(submissionEvents)
      .leftJoin(users, eq(users.id, submissionEvents.actorUserId))
      .where(eq(submissionEvents.submissionId, itemId))
      .orderBy(asc(submissionEvents.createdAt), asc(submissionEvents.id)),
  ]);
  const [details] = await db
    .select({ status: releaseDetails.status, submittedAt: releaseDetails.submittedAt })
    .from(releaseDetails)
    .where(eq(releaseDetails.submissionId, itemId));

  const contributorsByTrack = groupBy(
    contributorRows.map((row) => row.contributor),
    (c) => c.trackId,
  );
  // Splits name a contributor by the form's id; the track's own credits come first, then any other
  // credit of the submission with that id (the form keeps ids unique across tracks).
  const contributorsByClientId = new Map(
    contributorRows.map(({ contributor }) => [contributor.clientId, contributor]),
  );
  const splitView = (split: SplitRow, trackId: string | null) => {
    const own = trackId
      ? contributorsByTrack.get(trackId)?.find((c) => c.clientId === split.contributorClientId)
      : undefined;
    const contributor =
      own ?? (split.contributorClientId ? contributorsByClientId.get(split.contributorClientId) : undefined);
    const name = contributor
      ? personName(contributor.firstName, contributor.surname)
      : personName(split.firstName, split.lastName);
    return {
      name: name || 'Unnamed contributor',
      email: contributor ? contributor.email : split.email,
      percentage: split.percentage,
    };
  };
  const clipsByTrack = groupBy(clipRows, (row) => row.clip.trackId);

  const tracks: BoardTrack[] = trackRows.map(({ track, audio, customArtwork }) => ({
    position: track.position,
    title: track.title,
    audio: signedFile(signer, audio, now),
    customArtwork: signedFile(signer, customArtwork, now),
    releaseAsSingle: track.releaseAsSingle,
    singleReleaseDate: track.singleReleaseDate,
    singleOrder: track.singleOrder,
    groupedWithFinalSingle: track.groupedWithFinalSingle,
    soloWork: track.soloWork,
    productionYear: track.productionYear,
    parentalAdvisory: track.parentalAdvisory,
    lyrics: track.lyrics,
    isrc: track.isrc,
    contributors: (contributorsByTrack.get(track.id) ?? []).map((c) => ({
      kind: c.kind,
      firstName: c.firstName,
      surname: c.surname,
      email: c.email,
      roles: c.roles,
      isPrimaryArtist: c.isPrimaryArtist,
      spotifyUrl: c.spotifyUrl,
    })),
    splits: splitRows.filter((s) => s.trackId === track.id).map((s) => splitView(s, track.id)),
    clips: (clipsByTrack.get(track.id) ?? []).map(({ clip, file }) => ({
      startTime: clip.startTime,
      endTime: clip.endTime,
      description: clip.description,
      status: clip.status,
      file: clip.status === 'ready' ? signedFile(signer, file, now) : null,
    })),
  }));

  const artist = submission.artistDetails as StoredArtistDetails;
  return {
    itemId: submission.id,
    status: submission.status,
    itemName: submission.itemName,
    artistName: artist.artistName ?? '',
    releaseTitle: submission.releaseTitle,
    uploadType: submission.uploadType,
    releaseType: submission.releaseType,
    releaseDate: submission.releaseDate,
    createdAt: submission.createdAt.toISOString(),
    trackCount: trackRows.length,
    catalogueItemCount: itemRows.length,
    artistId: submission.artistId,
    artist: {
      firstName: artist.firstName ?? '',
      surname: artist.surname ?? '',
      email: artist.email ?? '',
      ...(artist.phone ? { phone: artist.phone } : {}),
      country: artist.country ?? '',
      city: artist.city ?? '',
      spotifyProfile: artist.spotifyProfile ?? '',
      instagramProfile: artist.instagramProfile ?? '',
      tiktokProfile: artist.tiktokProfile ?? '',
    },
    releaseStrategy: submission.releaseStrategy,
    primaryGenre: submission.primaryGenre,
    subGenre: submission.subGenre,
    earlyReleaseRequest: submission.earlyReleaseRequest,
    earlyReleaseReason: submission.earlyReleaseReason,
    distributor: submission.distributor,
    bio: submission.bio,
    influences: submission.influences,
    proNumber: submission.proNumber,
    publishingAdministrationInterest: submission.publishingAdministrationInterest,
    artwork: signedFile(signer, artwork, now),
    tracks,
    catalogueItems: itemRows.map((item) => ({
      type: item.type,
      title: item.title,
      artist: item.artist,
      image: item.image,
      spotifyUrl: item.spotifyUrl,
      releaseDate: item.releaseDate,
      details: (item.details as Record<string, unknown> | null) ?? null,
      splits: splitRows.filter((s) => s.catalogueItemId === item.id).map((s) => splitView(s, null)),
    })),
    events: eventRows.map(({ event, actorName, actorEmail }) => ({
      type: event.type,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      message: event.message,
      actor: actorName?.trim() || actorEmail || null,
      createdAt: event.createdAt.toISOString(),
    })),
    nextStatuses: [...getNextStatuses(submission.status)],
    ...(details
      ? {
          releaseDetails: {
            status: details.status,
            submittedAt: details.submittedAt?.toISOString() ?? null,
          },
        }
      : {}),
  };
}
