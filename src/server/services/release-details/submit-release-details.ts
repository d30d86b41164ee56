import { and, eq } from 'drizzle-orm';
import {
  normaliseContributor,
  normaliseIsrc,
  type ReleaseDetailsSave,
  type SessionUser,
  type TrackMetadata,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Transaction } from '../../db/client';
import {
  masterSplits,
  releaseDetails,
  socialClips,
  submissionEvents,
  submissions,
  submissionTracks,
  trackContributors,
} from '../../db/schema';
import { badRequest } from '../../errors';
import { claimUpload } from '../artists/artist-picture';
import { findArtistSubmission } from '../artists/find-artist-submission';
import { queueSubmissionMail } from '../audit/queue-submission-mail';
import { supersedeStaleSchedule } from '../release-schedules/supersede-schedule';
import { listStaffAddresses } from '../staff/list-staff-addresses';
import { queueSocialClips } from '../submissions/queue-social-clips';
import type { LinkSigner } from '../uploads/present-upload';
import { checkArtwork, matchTracks, type SavedTrack, validateForSubmit } from './check-release-details-input';
import { composeReleaseDetailsNotice } from './release-details-mail';
import {
  assertReleaseDetailsOpen,
  buildReleaseDetailsView,
  findReleaseDetails,
  loadStoredTracks,
  type ReleaseDetailsData,
  type ReleaseDetailsView,
  type StoredTrack,
} from './release-details-view';

export const releaseDetailsSubmittedEvent = 'release_details_submitted';

export async function replaceContributors(
  tx: Transaction,
  trackId: string,
  metadata: Pick<TrackMetadata, 'soloWork' | 'featuredArtists' | 'nonFeaturedArtists' | 'producers'>,
): Promise<void> {
  await tx.delete(trackContributors).where(eq(trackContributors.trackId, trackId));
  if (metadata.soloWork) return;
  const people = [
    ...metadata.featuredArtists.map((c) => ({ c, kind: 'featured' as const })),
    ...metadata.nonFeaturedArtists.map((c) => ({ c, kind: 'non_featured' as const })),
    ...metadata.producers.map((c) => ({ c, kind: 'producer' as const })),
  ];
  if (people.length === 0) return;
  await tx.insert(trackContributors).values(
    people.map(({ c, kind }, position) => {
      const person = normaliseContributor(c);
      return {
        trackId,
        position,
        clientId: person.id,
        kind,
        firstName: person.firstName,
        surname: person.surname,
        email: person.email ?? null,
        roles: [...person.roles],
        isFeatured: person.isFeatured,
        isPrimaryArtist: person.isPrimaryArtist,
        spotifyUrl: person.spotifyUrl ?? null,
      };
    }),
  );
}

export async function replaceSplits(
  tx: Transaction,
  submissionId: string,
  trackId: string,
  metadata: Pick<TrackMetadata, 'hasMasterSplit' | 'masterSplits'>,
): Promise<void> {
  await tx.delete(masterSplits).where(eq(masterSplits.trackId, trackId));
  const splits = metadata.hasMasterSplit ? metadata.masterSplits : [];
  if (splits.length === 0) return;
  await tx.insert(masterSplits).values(
    splits.map((split, position) => ({
      submissionId,
      trackId,
      position,
      contributorClientId: split.contributorId ?? null,
      firstName: split.firstName?.trim() || null,
      lastName: split.lastName?.trim() || null,
      email: split.email?.trim() || null,
      percentage: split.percentage,
    })),
  );
}

/**
 * Clips already cut keep their file when the artist keeps their times; changed or new ones are
 * requested for the clip job. Answers whether any clip needs cutting.
 */
async function replaceClips(tx: Transaction, trackId: string, metadata: TrackMetadata): Promise<boolean> {
  const wanted = metadata.socialClipsEnabled ? metadata.socialClips : [];
  const existing = await tx.select().from(socialClips).where(eq(socialClips.trackId, trackId));
  const unmatched = [...existing];
  let requested = false;
  for (const [position, clip] of wanted.entries()) {
    const index = unmatched.findIndex(
      (row) => row.startTime === clip.startTime && row.endTime === clip.endTime,
    );
    const description = clip.description?.trim() || null;
    const kept = index >= 0 ? unmatched.splice(index, 1)[0] : undefined;
    if (kept) {
      await tx
        .update(socialClips)
        .set({ position, clientId: clip.id, description })
        .where(eq(socialClips.id, kept.id));
    } else {
      await tx.insert(socialClips).values({
        trackId,
        position,
        clientId: clip.id,
        startTime: clip.startTime,
        endTime: clip.endTime,
        description,
      });
      requested = true;
    }
  }
  for (const row of unmatched) await tx.delete(socialClips).where(eq(socialClips.id, row.id));
  return requested;
}

async function applyToTrack(
  tx: Transaction,
  submissionId: string,
  stored: StoredTrack,
  details: SavedTrack,
): Promise<{ clipsRequested: boolean; isrc: string | null }> {
  const { metadata } = details;
  const isrc = normaliseIsrc(details.isrc) ?? null;
  await tx
    .update(submissionTracks)
    .set({
      isrc,
      isrcOrigin: isrc ? 'artist' : null,
      soloWork: metadata.soloWork,
      productionYear: metadata.productionYear.trim() || null,
      parentalAdvisory: metadata.parentalAdvisory,
      lyrics: metadata.lyricsEnabled ? metadata.lyrics?.trim() || null : null,
    })
    .where(and(eq(submissionTracks.id, stored.id), eq(submissionTracks.submissionId, submissionId)));
  await replaceContributors(tx, stored.id, metadata);
  await replaceSplits(tx, submissionId, stored.id, metadata);
  return { clipsRequested: await replaceClips(tx, stored.id, metadata), isrc };
}

/**
 * POST …/release-details/submit: the details go to the label. Refused with every problem while an
 * ISRC is malformed or a track breaks the form's rules (split totals other than 100% are only
 * warned about). Then one transaction: each track's ISRC, credits, splits, clips, lyrics, explicit
 * flag, production year and solo flag replaced from the details; the new artwork (if any) becomes
 * the submission's; the details marked submitted; the audit row; a mail to every staff member.
 */
export async function submitReleaseDetails(
  deps: { db: Database; config: AppConfig; signer: LinkSigner },
  artist: { id: string; artistName: string | null; name: string | null },
  user: SessionUser,
  itemId: string,
  input: ReleaseDetailsSave,
  now = new Date(),
): Promise<ReleaseDetailsView> {
  return deps.db.transaction(async (tx) => {
    const submission = await findArtistSubmission(tx, artist.id, itemId, { forUpdate: true });
    const existing = await findReleaseDetails(tx, submission.id, { forUpdate: true });
    assertReleaseDetailsOpen(submission, existing, 'write');
    const stored = await loadStoredTracks(tx, submission.id);
    const tracks = matchTracks(stored, input.tracks);
    await checkArtwork(tx, user.userId, submission, existing, input.artworkFileId);
    const errors = validateForSubmit(stored, tracks, now);
    if (errors.length > 0) throw badRequest(errors[0]?.message ?? 'Invalid release details', errors);

    let clipsRequested = false;
    const written: { title: string; isrc: string | null }[] = [];
    for (const [index, track] of stored.entries()) {
      const details = tracks[index] as SavedTrack;
      const result = await applyToTrack(tx, submission.id, track, details);
      clipsRequested = clipsRequested || result.clipsRequested;
      written.push({ title: track.title, isrc: result.isrc });
    }
    const artworkUploadId = input.artworkFileId ?? existing?.artworkUploadId ?? null;
    const artworkChanged = artworkUploadId !== null && artworkUploadId !== submission.artworkUploadId;
    if (artworkChanged && artworkUploadId) {
      await tx
        .update(submissions)
        .set({ artworkUploadId, updatedAt: now })
        .where(eq(submissions.id, submission.id));
      await claimUpload(tx, artworkUploadId, now);
    }

    // Kept as stored on the tracks, so the form shows the ISRCs in their written form from now on.
    const data: ReleaseDetailsData = {
      tracks: tracks.map((track, index) => ({ ...track, isrc: written[index]?.isrc ?? '' })),
    };
    const values = {
      status: 'submitted' as const,
      data,
      artworkUploadId,
      updatedByUserId: user.userId,
      submittedAt: now,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(releaseDetails)
      .values({ submissionId: submission.id, ...values })
      .onConflictDoUpdate({ target: releaseDetails.submissionId, set: values })
      .returning();
    await tx.insert(submissionEvents).values({
      submissionId: submission.id,
      type: releaseDetailsSubmittedEvent,
      actorUserId: user.userId,
      data: {
        tracks: written.length,
        isrcs: written.filter((track) => track.isrc !== null).length,
        artworkChanged,
      },
    });
    const notice = {
      itemId: submission.id,
      itemName: submission.itemName,
      releaseTitle: submission.releaseTitle || submission.itemName,
      artistName: artist.artistName?.trim() || artist.name?.trim() || user.email,
      tracks: written,
      artworkChanged,
    };
    for (const address of await listStaffAddresses(tx)) {
      await queueSubmissionMail(tx, composeReleaseDetailsNotice(deps.config, address, notice), {
        submissionId: submission.id,
        purpose: 'release_details_notice',
        actorUserId: user.userId,
      });
    }
    if (clipsRequested) await queueSocialClips(tx, submission.id);
    // New ISRCs, credits, splits or artwork after approval: the release schedule is stale.
    await supersedeStaleSchedule(tx, submission.id, now);
    const current = artworkChanged && artworkUploadId ? { ...submission, artworkUploadId } : submission;
    return buildReleaseDetailsView(tx, deps.signer, current, row, now.getTime());
  });
}
