import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  buildBoardItemName,
  type CreateBoardItemPayload,
  getCustomArtworkUploadId,
  getEarliestToday,
  INVITATION_MESSAGES,
  isRecordId,
  listReferencedUploads,
  type SessionUser,
  SUBMISSIONS_PAUSED,
  type Track,
  UPLOAD_NOT_IN_SESSION,
  validateSubmission,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Executor, Transaction } from '../../db/client';
import {
  artists,
  catalogueItems,
  masterSplits,
  socialClips,
  submissionEvents,
  submissions,
  submissionTracks,
  trackContributors,
  uploads,
} from '../../db/schema';
import { badRequest, forbidden } from '../../errors';
import { queueSubmissionMail } from '../audit/queue-submission-mail';
import { forgetSessions } from '../auth/session-cache';
import { queueBoardSync } from '../board-sync/queue-board-sync';
import { findUsableInvitation } from '../invitations/find-usable-invitation';
import { markInvitationUsed } from '../invitations/mark-invitation-used';
import { checkReturningToken } from '../returning-links/check-returning-token';
import { recordReturningLinkUse } from '../returning-links/record-returning-link-use';
import { getSetting } from '../settings/app-settings';
import { listStaffAddresses } from '../staff/list-staff-addresses';
import { type BotCheckDeps, checkBotVerdict } from './check-bot-verdict';
import { queueAudioPeaks } from './queue-audio-peaks';
import { queueLoudnessChecks } from './queue-loudness';
import { queueSocialClips } from './queue-social-clips';
import { composeNewSubmissionNotice, composeSubmissionConfirmation } from './submission-mails';

export interface CreateSubmissionDeps extends BotCheckDeps {
  db: Database;
  config: AppConfig;
}

export interface CreateSubmissionContext {
  user: SessionUser | undefined;
  ip: string;
  userAgent: string | undefined;
  now: Date;
}

export interface CreatedSubmission {
  itemId: string;
  /** False when this upload session had already been submitted: the first item is answered. */
  created: boolean;
}

type FormData = CreateBoardItemPayload['formData'];

export const TRACK_AUDIO_MISSING = (index: number, title: string) =>
  `Track ${index + 1} "${title}" has no audio file. Please upload it and try again.`;

async function findBySession(executor: Executor, uploadSessionId: string): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.uploadSessionId, uploadSessionId));
  return row?.id;
}

/**
 * Every file the submission names must be a finished upload of this very upload session, of the
 * right kind, and not yet part of another submission: an upload id alone proves nothing.
 */
async function checkUploads(executor: Executor, form: FormData): Promise<void> {
  form.tracks.forEach((track, index) => {
    if (!track.fileId)
      throw badRequest(TRACK_AUDIO_MISSING(index, track.title), [{ field: `tracks.${index}` }]);
  });
  const referenced = listReferencedUploads(form);
  if (referenced.length === 0) return;
  const malformed = referenced.find((ref) => !isRecordId(ref.fileId));
  if (malformed) throw badRequest(UPLOAD_NOT_IN_SESSION, [{ field: malformed.field }]);
  const rows = await executor
    .select()
    .from(uploads)
    .where(
      inArray(
        uploads.id,
        referenced.map((ref) => ref.fileId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const ref of referenced) {
    const row = byId.get(ref.fileId);
    const usable =
      row &&
      row.status === 'ready' &&
      row.sessionId === form.uploadSessionId &&
      row.fileType === ref.fileType &&
      row.claimedAt === null;
    if (!usable) throw badRequest(UPLOAD_NOT_IN_SESSION, [{ field: ref.field }]);
  }
}

/** The artist the submission belongs to: the signed-in artist, else the one with this e-mail, else a new one. */
async function resolveArtist(
  tx: Transaction,
  form: FormData,
  user: SessionUser | undefined,
): Promise<string> {
  if (user?.role === 'artist') {
    const [own] = await tx.select({ id: artists.id }).from(artists).where(eq(artists.userId, user.userId));
    if (own) return own.id;
  }
  const email = form.email.trim().toLowerCase();
  // An existing artist's profile is theirs to edit: a public submission does not overwrite it.
  await tx
    .insert(artists)
    .values({
      email,
      name: `${form.firstName.trim()} ${form.surname.trim()}`.trim() || null,
      artistName: form.artistName.trim() || null,
      country: form.country || null,
      city: form.city || null,
      spotifyProfile: form.spotifyProfile || null,
      instagramProfile: form.noInstagram ? null : form.instagramProfile || null,
      tiktokProfile: form.noTikTok ? null : form.tiktokProfile || null,
    })
    .onConflictDoNothing({ target: artists.email });
  const [row] = await tx.select({ id: artists.id }).from(artists).where(eq(artists.email, email));
  if (!row) throw new Error('artist row missing after upsert');
  return row.id;
}

async function insertSplits(
  tx: Transaction,
  submissionId: string,
  owner: { trackId: string } | { catalogueItemId: string },
  splits: NonNullable<Track['metadata']>['masterSplits'],
): Promise<void> {
  if (splits.length === 0) return;
  await tx.insert(masterSplits).values(
    splits.map((split, position) => ({
      submissionId,
      ...owner,
      position,
      contributorClientId: split.contributorId ?? null,
      firstName: split.firstName ?? null,
      lastName: split.lastName ?? null,
      email: split.email ?? null,
      percentage: split.percentage,
    })),
  );
}

async function insertTrack(
  tx: Transaction,
  submissionId: string,
  track: Track,
  position: number,
): Promise<boolean> {
  const metadata = track.metadata;
  const [row] = await tx
    .insert(submissionTracks)
    .values({
      submissionId,
      position,
      clientId: track.id,
      title: track.title.trim(),
      audioUploadId: track.fileId ?? null,
      // Checked and claimed with the other files (listReferencedUploads), only while the switch is on.
      artworkUploadId: getCustomArtworkUploadId(track) ?? null,
      releaseAsSingle: track.releaseAsSingle ?? false,
      singleReleaseDate: track.singleReleaseDate || null,
      singleOrder: track.singleOrder ?? null,
      groupedWithFinalSingle: track.groupedWithFinalSingle ?? false,
      soloWork: metadata?.soloWork ?? false,
      productionYear: metadata?.productionYear || null,
      parentalAdvisory: metadata?.parentalAdvisory ?? 'no',
      lyrics: metadata?.lyricsEnabled ? (metadata.lyrics ?? null) : null,
    })
    .returning({ id: submissionTracks.id });
  await queueAudioPeaks(tx, track.fileId);
  if (!row || !metadata) return false;
  const people = [
    ...metadata.featuredArtists.map((c) => ({ c, kind: 'featured' as const })),
    ...metadata.nonFeaturedArtists.map((c) => ({ c, kind: 'non_featured' as const })),
    ...metadata.producers.map((c) => ({ c, kind: 'producer' as const })),
  ];
  if (!metadata.soloWork && people.length > 0) {
    await tx.insert(trackContributors).values(
      people.map(({ c, kind }, index) => ({
        trackId: row.id,
        position: index,
        clientId: c.id,
        kind,
        firstName: c.firstName.trim(),
        surname: c.surname.trim(),
        email: c.email?.trim() || null,
        roles: [...c.roles],
        isFeatured: c.isFeatured,
        isPrimaryArtist: c.isPrimaryArtist,
        spotifyUrl: c.isPrimaryArtist ? (c.spotifyUrl ?? null) : null,
      })),
    );
  }
  if (metadata.hasMasterSplit)
    await insertSplits(tx, submissionId, { trackId: row.id }, metadata.masterSplits);
  const clips = metadata.socialClipsEnabled ? metadata.socialClips : [];
  if (clips.length > 0) {
    await tx.insert(socialClips).values(
      clips.map((clip, index) => ({
        trackId: row.id,
        position: index,
        clientId: clip.id,
        startTime: clip.startTime,
        endTime: clip.endTime,
        description: clip.description?.trim() || null,
      })),
    );
  }
  return clips.length > 0;
}

/** The checks before the transaction: the bot verdict, the form's rules, the files and the tokens. */
async function checkSubmission(
  deps: CreateSubmissionDeps,
  payload: CreateBoardItemPayload,
  context: CreateSubmissionContext,
) {
  const form = payload.formData;
  await checkBotVerdict(deps, payload, { now: context.now.getTime(), ip: context.ip });
  const validation = validateSubmission(form, getEarliestToday(context.now));
  if (validation.errors.length > 0) {
    throw badRequest(
      validation.stepMessage ?? validation.errors[0]?.message ?? 'Invalid submission',
      validation.errors,
    );
  }
  // Transfers carry no tracks of their own; new music only its tracks with audio.
  const tracks = form.uploadType === 'transfer' ? [] : form.tracks;
  const items = form.uploadType === 'new-music' ? [] : form.catalogueItems;
  const checked = { ...form, tracks };
  await checkUploads(deps.db, checked);
  // The token decides which invitation or artist this is: formData.itemId is not trusted.
  const invitation = form.invitationToken
    ? await findUsableInvitation(deps.db, form.invitationToken, context.now)
    : undefined;
  if (form.invitationToken && !invitation) throw badRequest(INVITATION_MESSAGES.invalidLink);
  const returning = form.returningToken
    ? await checkReturningToken(deps.db, form.returningToken, context.now)
    : undefined;
  if (returning && !returning.ok) throw badRequest(returning.message);
  const returningLink = returning?.ok ? returning.link : undefined;

  return { tracks, items, invitation, returningLink };
}

/** Thrown inside the transaction when a concurrent request stored this session first. */
class AlreadySubmitted extends Error {}

/**
 * POST /api/board/create-item (spec 001 §7): the bot re-check, the whole submission
 * validated with the domain's rules, every upload checked against the upload session, then the
 * submission, its tracks, credits, splits, clips and catalogue items, the claim on the files, the
 * audit row and the mails (and the clip job) in one transaction. Idempotent per upload session.
 */
export async function createSubmission(
  deps: CreateSubmissionDeps,
  payload: CreateBoardItemPayload,
  context: CreateSubmissionContext,
): Promise<CreatedSubmission> {
  const form = payload.formData;
  const existing = await findBySession(deps.db, form.uploadSessionId);
  if (existing) return { itemId: existing, created: false };
  // Waiting-list mode (spec 001 §1, §4 "Submission mode"): the public form collects a waiting-list
  // entry instead, so a full submission is refused by the server as well. A personal
  // link is staff asking for this artist's music: invitations and returning-artist links keep
  // working (their tokens are checked below, so a made-up one gets no further).
  const personalLink = Boolean(form.invitationToken || form.returningToken);
  if (!personalLink && !(await getSetting(deps.db, 'submissionsEnabled')))
    throw forbidden(SUBMISSIONS_PAUSED);

  let checked: Awaited<ReturnType<typeof checkSubmission>>;
  try {
    checked = await checkSubmission(deps, payload, context);
  } catch (error) {
    // The same submission sent twice at once: the request that won a moment ago has claimed the
    // files and used the link (and the bot token), so this one's checks fail. Its item is the answer.
    const stored = await findBySession(deps.db, form.uploadSessionId);
    if (stored) return { itemId: stored, created: false };
    throw error;
  }
  const { tracks, items, invitation, returningLink } = checked;

  const itemName = buildBoardItemName(form.artistName, form.releaseTitle || 'Catalogue transfer');
  try {
    const stored = await deps.db.transaction(async (tx) => {
      const artistId = returningLink?.artistId ?? (await resolveArtist(tx, form, context.user));
      const releaseDate = form.releaseStrategy === 'singles_first' ? form.fullReleaseDate : form.releaseDate;
      // The tokens are credentials: they are not kept with the form's data.
      const {
        tracks: _tracks,
        catalogueItems: _items,
        invitationToken: _invitationToken,
        returningToken: _returningToken,
        ...rest
      } = form;
      const [row] = await tx
        .insert(submissions)
        .values({
          status: 'pending',
          artistId,
          uploadSessionId: form.uploadSessionId,
          itemName,
          uploadType: form.uploadType,
          releaseType: form.releaseType,
          releaseTitle: form.releaseTitle.trim(),
          releaseDate: form.uploadType === 'transfer' || !releaseDate ? null : releaseDate,
          releaseStrategy: form.releaseStrategy,
          primaryGenre: form.primaryGenre,
          subGenre: form.subGenre,
          earlyReleaseRequest: form.earlyReleaseRequest,
          earlyReleaseReason: form.earlyReleaseRequest ? form.earlyReleaseReason.trim() : '',
          distributor: form.uploadType === 'new-music' ? '' : form.distributor,
          bio: form.bio.trim(),
          influences: form.influences.trim(),
          proNumber: form.proNumber.trim(),
          publishingAdministrationInterest: form.publishingAdministrationInterest,
          artistDetails: {
            firstName: form.firstName.trim(),
            surname: form.surname.trim(),
            email: form.email.trim().toLowerCase(),
            artistName: form.artistName.trim(),
            ...(form.phone ? { phone: form.phone.trim() } : {}),
            country: form.country,
            city: form.city,
            spotifyProfile: form.spotifyProfile,
            instagramProfile: form.noInstagram ? '' : form.instagramProfile,
            tiktokProfile: form.noTikTok ? '' : form.tiktokProfile,
          },
          artworkUploadId: form.uploadType === 'transfer' ? null : (form.artworkFileId ?? null),
          formData: { ...rest, trackCount: tracks.length, catalogueItemCount: items.length },
          additionalData: payload.additionalData,
          submittedByUserId: context.user?.userId ?? null,
          invitationId: invitation?.id ?? null,
          returningLinkId: returningLink?.id ?? null,
          submitterIp: context.ip,
          submitterUserAgent: context.userAgent?.slice(0, 500) ?? null,
        })
        .onConflictDoNothing({ target: submissions.uploadSessionId })
        .returning({ id: submissions.id });
      if (!row) throw new AlreadySubmitted();

      let hasClips = false;
      for (const [position, track] of tracks.entries()) {
        hasClips = (await insertTrack(tx, row.id, track, position)) || hasClips;
      }
      for (const [position, item] of items.entries()) {
        const [stored] = await tx
          .insert(catalogueItems)
          .values({
            submissionId: row.id,
            position,
            clientId: item.id,
            type: item.type,
            title: item.title,
            artist: item.artist,
            image: item.image ?? null,
            spotifyUrl: item.spotifyUrl || null,
            releaseDate: item.releaseDate ?? null,
            details: item.details ?? null,
          })
          .returning({ id: catalogueItems.id });
        if (stored && item.metadata?.hasMasterSplit) {
          await insertSplits(tx, row.id, { catalogueItemId: stored.id }, item.metadata.masterSplits);
        }
      }
      const fileIds = listReferencedUploads({
        ...checked,
        artworkFileId: form.uploadType === 'transfer' ? undefined : form.artworkFileId,
      }).map((ref) => ref.fileId);
      if (fileIds.length > 0) {
        const claimed = await tx
          .update(uploads)
          .set({ claimedAt: context.now, updatedAt: context.now })
          .where(and(inArray(uploads.id, fileIds), isNull(uploads.claimedAt)))
          .returning({ id: uploads.id });
        // Another submission claimed one of the files between the check and now.
        if (claimed.length !== fileIds.length) throw badRequest(UPLOAD_NOT_IN_SESSION);
      }
      await tx.insert(submissionEvents).values({
        submissionId: row.id,
        type: 'created',
        actorUserId: context.user?.userId ?? null,
        toStatus: 'pending',
        data: { ip: context.ip, tracks: tracks.length, catalogueItems: items.length },
      });
      const actorUserId = context.user?.userId ?? null;
      if (invitation) {
        await markInvitationUsed(tx, {
          invitationId: invitation.id,
          submissionId: row.id,
          artistId,
          actorUserId,
          now: context.now,
        });
      }
      if (returningLink) {
        await recordReturningLinkUse(tx, {
          linkId: returningLink.id,
          submissionId: row.id,
          actorUserId,
          now: context.now,
        });
      }
      const summary = { ...form, tracks, catalogueItems: items };
      const mail = { submissionId: row.id, actorUserId };
      await queueSubmissionMail(tx, composeSubmissionConfirmation(deps.config, summary), {
        ...mail,
        purpose: 'submission_confirmation',
      });
      for (const address of await listStaffAddresses(tx)) {
        await queueSubmissionMail(
          tx,
          composeNewSubmissionNotice(deps.config, address, row.id, itemName, summary),
          {
            ...mail,
            purpose: 'new_submission_notice',
          },
        );
      }
      if (hasClips) await queueSocialClips(tx, row.id);
      // The level check of each track's audio, stored for staff.
      await queueLoudnessChecks(tx, row.id);
      if (deps.config.monday) {
        await queueBoardSync(tx, 'submission', row.id);
        // The invitation's item shows it as used.
        if (invitation) await queueBoardSync(tx, 'invitation', invitation.id);
      }
      return { itemId: row.id, artistId };
    });
    // The artist's sessions in this process show the new submission on their very next request;
    // other processes forget theirs when the table's trigger announcement arrives.
    forgetSessions({ artistId: stored.artistId });
    return { itemId: stored.itemId, created: true };
  } catch (error) {
    if (!(error instanceof AlreadySubmitted)) throw error;
    const winner = await findBySession(deps.db, form.uploadSessionId);
    if (!winner) throw error;
    return { itemId: winner, created: false };
  }
}
