import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  buildSpotifyUrl,
  type CatalogueItemValue,
  CHANGED_MEANWHILE,
  checkFieldTarget,
  describeField,
  type FieldChange,
  type FieldError,
  type FieldValue,
  type FileSnapshot,
  fieldKey,
  formatFieldNotFlagged,
  formatFieldSentTwice,
  formatFlaggedFieldUnanswered,
  getEarliestToday,
  INVALID_ARTWORK_TYPE,
  isRecordId,
  isSameValue,
  NEW_ARTWORK_NOT_USABLE,
  NEW_AUDIO_NOT_USABLE,
  NEW_AUDIO_NOT_WAV,
  NO_OPEN_CHANGE_REQUEST,
  namesOfField,
  normaliseIsrc,
  parseSpotifyCatalogueUrl,
  type ResubmissionPayload,
  releaseDetailsSaveSchema,
  type SessionUser,
  STATUS_AFTER_RESUBMISSION,
  type Submission,
  type TrackMetadata,
  validateFieldValue,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Transaction } from '../../db/client';
import {
  catalogueItems,
  masterSplits,
  releaseDetails,
  reviewRounds,
  socialClips,
  submissions,
  submissionTracks,
  uploads,
  users,
} from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import { queueSubmissionMail } from '../audit/queue-submission-mail';
import { recordSubmissionEvent } from '../audit/record-submission-event';
import { queueBoardSync } from '../board-sync/queue-board-sync';
import { replaceContributors, replaceSplits } from '../release-details/submit-release-details';
import { supersedeStaleSchedule } from '../release-schedules/supersede-schedule';
import { listStaffAddresses } from '../staff/list-staff-addresses';
import { queueAudioPeaks } from '../submissions/queue-audio-peaks';
import { queueLoudnessChecks } from '../submissions/queue-loudness';
import { queueSocialClips } from '../submissions/queue-social-clips';
import { readArtistSubmission } from '../submissions/read-submissions';
import { composeResubmissionNotice } from '../submissions/submission-mails';
import type { LinkSigner } from '../uploads/present-upload';
import {
  canonicalContributors,
  canonicalSplits,
  currentValueOf,
  type FieldState,
  flaggableOf,
  loadFieldState,
} from './field-state';
import { snapshotFiles } from './file-snapshots';
import { findOpenRound, type OpenRound } from './read-artist-change-request';

export interface ResubmitDeps {
  db: Database;
  config: AppConfig;
  storage: StorageProvider;
  signer: LinkSigner;
}

export interface Resubmitted {
  submission: Submission;
  resubmitted: { roundNumber: number; resubmittedAt: string; changedFields: string[] };
}

type FileField = Extract<FieldValue, { field: 'artwork' | 'trackAudio' }>;
const isFileField = (value: FieldValue | null): value is FileField =>
  value?.field === 'artwork' || value?.field === 'trackAudio';

/** The stored value when it is of this field (it always is: the same target), else null. */
function storedAs<F extends FieldValue['field']>(value: FieldValue | null, field: F) {
  return value?.field === field ? (value as Extract<FieldValue, { field: F }>) : null;
}

/**
 * The checks that need only the request and the stored state, in order: every change names a field
 * of this submission (400), a marked one (403), once (400); every marked field is answered (400);
 * each value keeps the form's rules (400, every problem in `details`).
 */
function checkChanges(state: FieldState, round: OpenRound, payload: ResubmissionPayload, now: Date): void {
  const flaggable = flaggableOf(state);
  const labelOf = (value: FieldValue) => describeField(value, namesOfField(value, flaggable));
  const at = (index: number) => `changes.${index}`;

  const unknown = payload.changes.flatMap((change, index) => {
    const problem = checkFieldTarget(change, flaggable);
    return problem ? [{ field: at(index), message: problem }] : [];
  });
  if (unknown.length > 0) throw badRequest(unknown[0]?.message ?? '', unknown);

  const flagged = new Set(round.fields.map((field) => field.key));
  const unflagged = payload.changes.flatMap((change, index) =>
    flagged.has(fieldKey(change))
      ? []
      : [{ field: at(index), message: formatFieldNotFlagged(labelOf(change)) }],
  );
  if (unflagged.length > 0) {
    throw new AppError(403, unflagged[0]?.message ?? '', { details: unflagged });
  }

  const seen = new Set<string>();
  const problems: FieldError[] = [];
  payload.changes.forEach((change, index) => {
    const key = fieldKey(change);
    if (seen.has(key)) problems.push({ field: at(index), message: formatFieldSentTwice(labelOf(change)) });
    seen.add(key);
  });
  for (const field of round.fields) {
    if (!seen.has(field.key))
      problems.push({ field: 'changes', message: formatFlaggedFieldUnanswered(field.label) });
  }
  if (problems.length > 0) throw badRequest(problems[0]?.message ?? '', problems);

  const { submission } = state;
  const singleDates = state.tracks
    .flatMap((track) => (track.releaseAsSingle && track.singleReleaseDate ? [track.singleReleaseDate] : []))
    .sort();
  const today = getEarliestToday(now);
  const invalid = payload.changes.flatMap((change, index) =>
    validateFieldValue(
      change,
      at(index),
      {
        ...namesOfField(change, flaggable),
        releaseStrategy: submission.releaseStrategy,
        earlyReleaseRequest: submission.earlyReleaseRequest,
        singleDates,
      },
      today,
    ),
  );
  if (invalid.length > 0) throw badRequest(invalid[0]?.message ?? '', invalid);
}

/**
 * A new file is checked as at the first submission: an upload that exists, is ready (its content
 * checked), of the right kind, not part of any submission yet, and uploaded by this artist while
 * signed in (an id alone proves nothing); the audio a WAV, the artwork a JPEG.
 */
async function checkNewFiles(
  db: Database,
  userId: string,
  files: readonly { value: FileField; index: number }[],
): Promise<void> {
  if (files.length === 0 || !files.some((file) => isRecordId(file.value.fileId))) {
    if (files.length > 0)
      throw badRequest(
        files[0]?.value.field === 'trackAudio' ? NEW_AUDIO_NOT_USABLE : NEW_ARTWORK_NOT_USABLE,
      );
    return;
  }
  const rows = await db
    .select()
    .from(uploads)
    .where(inArray(uploads.id, files.map((file) => file.value.fileId).filter(isRecordId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  for (const { value, index } of files) {
    // One upload is one file of the release: the same one named twice is not usable the second time.
    const row = seen.has(value.fileId) ? undefined : byId.get(value.fileId);
    seen.add(value.fileId);
    const audio = value.field === 'trackAudio';
    const usable =
      row?.status === 'ready' &&
      row.uploaderUserId === userId &&
      row.claimedAt === null &&
      row.fileType === (audio ? 'track' : 'artwork');
    const field = `changes.${index}.fileId`;
    if (!usable) {
      problems.push({ field, message: audio ? NEW_AUDIO_NOT_USABLE : NEW_ARTWORK_NOT_USABLE });
      continue;
    }
    const media = (row.media ?? {}) as { kind?: string; format?: string };
    if (audio && (media.kind !== 'audio' || media.format !== 'wav'))
      problems.push({ field, message: NEW_AUDIO_NOT_WAV });
    if (!audio && (media.kind !== 'image' || media.format !== 'jpeg')) {
      problems.push({ field, message: INVALID_ARTWORK_TYPE });
    }
  }
  if (problems.length > 0) throw badRequest(problems[0]?.message ?? '', problems);
}

function canonicalCatalogueItem(value: CatalogueItemValue): CatalogueItemValue {
  const parsed = parseSpotifyCatalogueUrl(value.spotifyUrl);
  return {
    title: value.title.trim(),
    artist: value.artist.trim(),
    spotifyUrl: parsed.ok ? buildSpotifyUrl(parsed.value) : value.spotifyUrl.trim(),
    ...canonicalSplits(value),
  };
}

/** The change record of one field: its label, old and new value (files as snapshots), and whether it changed. */
function describeChange(
  state: FieldState,
  value: FieldValue,
  snapshots: ReadonlyMap<string, FileSnapshot>,
): FieldChange {
  const flaggable = flaggableOf(state);
  const before = currentValueOf(state, value);
  const base = { key: fieldKey(value), label: describeField(value, namesOfField(value, flaggable)) };
  const snapshot = (fileId: string) => {
    const found = snapshots.get(fileId);
    if (!found) throw new Error(`resubmitChanges: no snapshot of ${fileId}`);
    return found;
  };
  const record = (() => {
    switch (value.field) {
      case 'artwork':
      case 'trackAudio': {
        const old = isFileField(before) ? snapshot(before.fileId) : null;
        const target = value.field === 'trackAudio' ? { trackId: value.trackId } : {};
        return { ...base, field: value.field, ...target, before: old, after: snapshot(value.fileId) };
      }
      case 'releaseDate':
        return {
          ...base,
          field: value.field,
          before: storedAs(before, 'releaseDate')?.releaseDate ?? null,
          after: value.releaseDate,
        };
      case 'trackTitle':
        return {
          ...base,
          field: value.field,
          trackId: value.trackId,
          before: storedAs(before, 'trackTitle')?.title ?? null,
          after: value.title.trim(),
        };
      case 'trackIsrc':
        return {
          ...base,
          field: value.field,
          trackId: value.trackId,
          before: storedAs(before, 'trackIsrc')?.isrc ?? null,
          after: normaliseIsrc(value.isrc) ?? '',
        };
      case 'trackContributors': {
        const stored = storedAs(before, 'trackContributors');
        return {
          ...base,
          field: value.field,
          trackId: value.trackId,
          before: stored ? canonicalContributors(stored) : null,
          after: canonicalContributors(value),
        };
      }
      case 'trackSplits': {
        const stored = storedAs(before, 'trackSplits');
        return {
          ...base,
          field: value.field,
          trackId: value.trackId,
          before: stored ? canonicalSplits(stored) : null,
          after: canonicalSplits(value),
        };
      }
      case 'catalogueItem': {
        const stored = storedAs(before, 'catalogueItem');
        return {
          ...base,
          field: value.field,
          catalogueItemId: value.catalogueItemId,
          before: stored ? canonicalCatalogueItem(stored) : null,
          after: canonicalCatalogueItem(value),
        };
      }
    }
  })();
  return { ...record, changed: !isSameValue(record.before, record.after) } as FieldChange;
}

/** Release details saved for the tracks (draft or submitted) follow what the artist changed. */
async function followInReleaseDetails(
  tx: Transaction,
  submissionId: string,
  patches: ReadonlyMap<string, { isrc?: string; metadata?: Partial<TrackMetadata> }>,
): Promise<void> {
  if (patches.size === 0) return;
  const [row] = await tx.select().from(releaseDetails).where(eq(releaseDetails.submissionId, submissionId));
  if (!row) return;
  const parsed = releaseDetailsSaveSchema.pick({ tracks: true }).safeParse(row.data);
  if (!parsed.success) return;
  const tracks = parsed.data.tracks.map((track) => {
    const patch = patches.get(track.trackId);
    if (!patch) return track;
    return {
      ...track,
      ...(patch.isrc !== undefined ? { isrc: patch.isrc } : {}),
      metadata: { ...track.metadata, ...patch.metadata },
    };
  });
  await tx
    .update(releaseDetails)
    .set({ data: { ...(row.data as object), tracks } })
    .where(eq(releaseDetails.submissionId, submissionId));
}

/** Writes one changed field; answers whether the track's clips must be cut again (new audio). */
async function applyChange(
  tx: Transaction,
  state: FieldState,
  change: FieldChange,
  now: Date,
  releasePatches: Map<string, { isrc?: string; metadata?: Partial<TrackMetadata> }>,
): Promise<boolean> {
  const submissionId = state.submission.id;
  const patch = (trackId: string, part: { isrc?: string; metadata?: Partial<TrackMetadata> }) => {
    const current = releasePatches.get(trackId) ?? {};
    releasePatches.set(trackId, { ...current, ...part, metadata: { ...current.metadata, ...part.metadata } });
  };
  const track = (trackId: string) =>
    and(eq(submissionTracks.id, trackId), eq(submissionTracks.submissionId, submissionId));
  switch (change.field) {
    case 'artwork':
      await tx
        .update(submissions)
        .set({ artworkUploadId: change.after.fileId, updatedAt: now })
        .where(eq(submissions.id, submissionId));
      // A final artwork chosen in the release details is replaced too.
      await tx
        .update(releaseDetails)
        .set({ artworkUploadId: change.after.fileId })
        .where(and(eq(releaseDetails.submissionId, submissionId), isNotNull(releaseDetails.artworkUploadId)));
      return false;
    case 'releaseDate':
      await tx
        .update(submissions)
        .set({ releaseDate: change.after, updatedAt: now })
        .where(eq(submissions.id, submissionId));
      return false;
    case 'trackAudio': {
      await tx
        .update(submissionTracks)
        .set({ audioUploadId: change.after.fileId })
        .where(track(change.trackId));
      await queueAudioPeaks(tx, change.after.fileId);
      // Clips were cut from the old audio: they are asked for again from the new one.
      const clips = await tx
        .update(socialClips)
        .set({ status: 'requested', clipUploadId: null, lastError: null, updatedAt: now })
        .where(eq(socialClips.trackId, change.trackId))
        .returning({ id: socialClips.id });
      return clips.length > 0;
    }
    case 'trackTitle':
      await tx.update(submissionTracks).set({ title: change.after }).where(track(change.trackId));
      return false;
    case 'trackIsrc':
      await tx
        .update(submissionTracks)
        .set({ isrc: change.after || null, isrcOrigin: change.after ? 'artist' : null })
        .where(track(change.trackId));
      patch(change.trackId, { isrc: change.after });
      return false;
    case 'trackContributors':
      await tx.update(submissionTracks).set({ soloWork: change.after.soloWork }).where(track(change.trackId));
      await replaceContributors(tx, change.trackId, change.after);
      patch(change.trackId, { metadata: change.after });
      return false;
    case 'trackSplits':
      await replaceSplits(tx, submissionId, change.trackId, change.after);
      patch(change.trackId, { metadata: change.after });
      return false;
    case 'catalogueItem': {
      const stored = state.catalogueItems.find((item) => item.id === change.catalogueItemId);
      const parsed = parseSpotifyCatalogueUrl(change.after.spotifyUrl);
      // Another release: what was fetched for the old link no longer describes it.
      const moved = stored?.spotifyUrl !== change.after.spotifyUrl;
      await tx
        .update(catalogueItems)
        .set({
          title: change.after.title,
          artist: change.after.artist,
          spotifyUrl: change.after.spotifyUrl,
          ...(moved && parsed.ok
            ? { type: parsed.value.type, image: null, details: null, releaseDate: null }
            : {}),
        })
        .where(
          and(eq(catalogueItems.id, change.catalogueItemId), eq(catalogueItems.submissionId, submissionId)),
        );
      await tx.delete(masterSplits).where(eq(masterSplits.catalogueItemId, change.catalogueItemId));
      if (change.after.hasMasterSplit && change.after.masterSplits.length > 0) {
        await tx.insert(masterSplits).values(
          change.after.masterSplits.map((split, position) => ({
            submissionId,
            catalogueItemId: change.catalogueItemId,
            position,
            contributorClientId: split.contributorId ?? null,
            firstName: split.firstName ?? null,
            lastName: split.lastName ?? null,
            email: split.email ?? null,
            percentage: split.percentage,
          })),
        );
      }
      return false;
    }
  }
}

/** Who hears of the resubmission: the reviewer who asked while still staff, else every staff member. */
async function reviewerAddresses(tx: Transaction, round: OpenRound): Promise<string[]> {
  if (round.requestedByUserId) {
    const [reviewer] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, round.requestedByUserId), eq(users.role, 'staff')));
    if (reviewer) return [reviewer.email];
  }
  return listStaffAddresses(tx);
}

/**
 * POST /api/profile/submissions/{itemId}/resubmit: the artist answers the open
 * change request with new values for the marked fields only. Checked (checkChanges, checkNewFiles),
 * the files hashed, then one transaction: the submission locked and still waiting for this round
 * (409 otherwise), each field written, the new files claimed, the status back to review, the round
 * closed with every field's old → new (nothing overwritten: the old files stay stored), the audit
 * event, the reviewer's mail, the clip job for replaced audio and the board sync.
 */
export async function resubmitChanges(
  deps: ResubmitDeps,
  artist: { id: string },
  user: SessionUser,
  itemId: string,
  payload: ResubmissionPayload,
  now = new Date(),
): Promise<Resubmitted> {
  const state = await loadFieldState(deps.db, itemId, { artistId: artist.id });
  const round = await findOpenRound(deps.db, state.submission.id);
  if (state.submission.status !== 'changes_requested' || !round) throw conflict(NO_OPEN_CHANGE_REQUEST);
  checkChanges(state, round, payload, now);

  const newFiles = payload.changes.flatMap((value, index) => {
    if (!isFileField(value)) return [];
    const current = currentValueOf(state, value);
    return isFileField(current) && current.fileId === value.fileId ? [] : [{ value, index }];
  });
  await checkNewFiles(deps.db, user.userId, newFiles);
  const fileIds = payload.changes.flatMap((value) => {
    if (!isFileField(value)) return [];
    const current = currentValueOf(state, value);
    return isFileField(current) ? [current.fileId, value.fileId] : [value.fileId];
  });
  const snapshots = await snapshotFiles({ db: deps.db, storage: deps.storage }, fileIds);
  const changes = payload.changes.map((value) => describeChange(state, value, snapshots));
  const comment = payload.comment?.trim() || null;

  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: submissions.status })
      .from(submissions)
      .where(eq(submissions.id, state.submission.id))
      .for('update');
    const open = await findOpenRound(tx, state.submission.id, { forUpdate: true });
    if (locked?.status !== 'changes_requested' || open?.id !== round.id) throw conflict(CHANGED_MEANWHILE);

    const releasePatches = new Map<string, { isrc?: string; metadata?: Partial<TrackMetadata> }>();
    let clipsRequested = false;
    for (const change of changes.filter((entry) => entry.changed)) {
      clipsRequested = (await applyChange(tx, state, change, now, releasePatches)) || clipsRequested;
    }
    await followInReleaseDetails(tx, state.submission.id, releasePatches);
    if (newFiles.length > 0) {
      const claimed = await tx
        .update(uploads)
        .set({ claimedAt: now, updatedAt: now })
        .where(
          and(
            inArray(
              uploads.id,
              newFiles.map((file) => file.value.fileId),
            ),
            isNull(uploads.claimedAt),
          ),
        )
        .returning({ id: uploads.id });
      // Another submission claimed one of the files between the check and now.
      const taken = newFiles.find((file) => !claimed.some((row) => row.id === file.value.fileId));
      if (taken)
        throw badRequest(taken.value.field === 'trackAudio' ? NEW_AUDIO_NOT_USABLE : NEW_ARTWORK_NOT_USABLE);
    }
    await tx
      .update(submissions)
      // The response promise's clock starts again with the new version.
      .set({ status: STATUS_AFTER_RESUBMISSION, updatedAt: now, returnedToPendingAt: now })
      .where(eq(submissions.id, state.submission.id));
    await tx
      .update(reviewRounds)
      .set({
        status: 'resubmitted',
        changes,
        artistComment: comment,
        resubmittedAt: now,
        resubmittedByUserId: user.userId,
      })
      .where(eq(reviewRounds.id, round.id));
    const changed = changes.filter((change) => change.changed).map((change) => change.label);
    const unchanged = changes.filter((change) => !change.changed).map((change) => change.label);
    await recordSubmissionEvent(tx, {
      submissionId: state.submission.id,
      type: 'resubmitted',
      actorUserId: user.userId,
      fromStatus: 'changes_requested',
      toStatus: STATUS_AFTER_RESUBMISSION,
      roundId: round.id,
      // `message` is what the artist was told; the artist's own words are kept in the data.
      data: { round: round.number, changed, unchanged, ...(comment ? { comment } : {}) },
    });
    for (const address of await reviewerAddresses(tx, round)) {
      await queueSubmissionMail(
        tx,
        composeResubmissionNotice(deps.config, address, {
          itemId: state.submission.id,
          itemName: state.submission.itemName,
          roundNumber: round.number,
          changed,
          unchanged,
          comment: comment ?? undefined,
        }),
        { submissionId: state.submission.id, purpose: 'resubmission_notice', actorUserId: user.userId },
      );
    }
    if (clipsRequested) await queueSocialClips(tx, state.submission.id);
    // A replaced track audio is measured again; tracks measured already are skipped.
    await queueLoudnessChecks(tx, state.submission.id);
    // A file replaced (or credits, splits, a title changed) after approval: its schedule is stale.
    await supersedeStaleSchedule(tx, state.submission.id, now);
    if (deps.config.monday) await queueBoardSync(tx, 'submission', state.submission.id);
  });

  const submission = await readArtistSubmission({ db: deps.db, signer: deps.signer }, artist.id, itemId);
  return {
    submission,
    resubmitted: {
      roundNumber: round.number,
      resubmittedAt: now.toISOString(),
      changedFields: changes.filter((change) => change.changed).map((change) => change.label),
    },
  };
}
