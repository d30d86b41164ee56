import path from 'node:path';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import {
  ARTIST_NOT_FOUND,
  type ArtistErasure,
  alreadyErasedMessage,
  buildBoardItemName,
  confirmsErasureOf,
  createScrubber,
  DATA_REQUEST_MESSAGES,
  describeErasedFiles,
  ERASED_ARTIST_NAME,
  ERASED_TEXT,
  erasedEmailFor,
  formatLongDate,
  isRecordId,
  type Scrubber,
  type SessionUser,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Transaction } from '../../db/client';
import {
  artists,
  catalogueItems,
  dataRequests,
  deadlineReminders,
  decisionRatings,
  errorReports,
  invitations,
  jobs,
  mailPreferences,
  masterSplits,
  outboxMessages,
  rateLimitCounters,
  releaseDeliveries,
  releaseDetails,
  returningLinks,
  reviewRounds,
  sessions,
  signatureRequests,
  signInTokens,
  socialClips,
  submissionEvents,
  submissionNotes,
  submissions,
  submissionTracks,
  trackContributors,
  uploads,
  users,
  waitingListEntries,
} from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import type { StorageProvider } from '../../providers/storage/storage';
import { pictureFileIdOf } from '../artists/artist-picture';
import { recordSubmissionEvent } from '../audit/record-submission-event';
import { announceSessionChange } from '../auth/session-cache';
import { queueBoardSync } from '../board-sync/queue-board-sync';
import { recordSignatureEvent } from '../contracts/record-signature-event';
import { resumableKeyPrefix } from '../uploads/resumable-uploads';
import { stagingKey } from '../uploads/upload-keys';
import { deleteErasedFiles, ERASED_FILES_JOB_DELAY_MS } from './delete-erased-files';
import { readArtistErasure } from './read-artist-erasure';

/**
 * Erasing an artist (the privacy policy's data requests, answered within 30 days): their personal
 * data is removed or anonymised everywhere, their files deleted from storage, and what the law or
 * the agreement requires is kept: signature requests, their events and sealed PDFs (the sealed PDF
 * keeps the name as signed, which is its point), the release schedules they sign, and the delivery
 * log of what the stores were sent. docs/decisions/0002-artist-data-rights.md has the table of
 * what happens to each table.
 *
 * One transaction, so an erasure is whole or not at all; the files are deleted after it commits
 * (a storage failure must not bring the personal data back), directly, and by a job later for any
 * that failed.
 */

export interface EraseArtistDeps {
  db: Database;
  storage: StorageProvider;
  config: Pick<AppConfig, 'monday' | 'mail'>;
}

export interface EraseArtistInput {
  artistId: string;
  reason: string;
  confirm: string;
  staff: SessionUser;
  now: Date;
}

/** What the submission form's stored copy (`submissions.form_data`) holds about the person. */
const PERSONAL_FORM_FIELDS = [
  'firstName',
  'surname',
  'email',
  'phone',
  'country',
  'city',
  'spotifyProfile',
  'instagramProfile',
  'tiktokProfile',
  'noInstagram',
  'noTikTok',
  'bio',
  'influences',
  'proNumber',
  'earlyReleaseReason',
] as const;

type StoredDetails = {
  firstName?: string;
  surname?: string;
  email?: string;
  artistName?: string;
  phone?: string;
  spotifyProfile?: string;
  instagramProfile?: string;
  tiktokProfile?: string;
};

function extensionOf(name: string): string {
  const extension = path.extname(name).toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(extension) ? extension : '';
}

function variantKeysOf(variants: unknown): string[] {
  if (!variants || typeof variants !== 'object') return [];
  return Object.values(variants as Record<string, { key?: unknown }>)
    .map((variant) => variant?.key)
    .filter((key): key is string => typeof key === 'string');
}

/** The submission's copy of the form, without what identifies the person. */
function anonymisedFormData(formData: unknown, scrub: Scrubber): Record<string, unknown> {
  const copy = { ...((formData ?? {}) as Record<string, unknown>) };
  for (const field of PERSONAL_FORM_FIELDS) delete copy[field];
  if ('artistName' in copy) copy.artistName = ERASED_ARTIST_NAME;
  return scrub.value(copy);
}

/** What a contributor or split row holds of this person: theirs when the address or full name is. */
function isTheArtist(
  row: { email: string | null; firstName: string | null; surname: string | null },
  emails: Set<string>,
  fullNames: Set<string>,
): boolean {
  if (row.email && emails.has(row.email.trim().toLowerCase())) return true;
  const name = `${row.firstName ?? ''} ${row.surname ?? ''}`.trim().toLowerCase();
  return name !== '' && fullNames.has(name);
}

async function refuseUnlessErasable(tx: Transaction, artistId: string, confirm: string) {
  const [artist] = await tx.select().from(artists).where(eq(artists.id, artistId)).for('update');
  if (!artist) throw new AppError(404, ARTIST_NOT_FOUND);
  if (artist.status === 'erased') {
    const erasedAt = (await readArtistErasure(tx, artistId))?.erasedAt ?? artist.updatedAt.toISOString();
    throw conflict(alreadyErasedMessage(formatLongDate(erasedAt) ?? erasedAt.slice(0, 10)));
  }
  if (!confirmsErasureOf(confirm, artist.email)) throw badRequest(DATA_REQUEST_MESSAGES.confirmMismatch);
  return artist;
}

export async function eraseArtist(
  deps: EraseArtistDeps,
  input: EraseArtistInput,
): Promise<{ erasure: ArtistErasure; message: string }> {
  if (!isRecordId(input.artistId)) throw new AppError(404, ARTIST_NOT_FOUND);
  const { now } = input;
  const erasedEmail = erasedEmailFor(input.artistId);

  const outcome = await deps.db.transaction(async (tx) => {
    const artist = await refuseUnlessErasable(tx, input.artistId, input.confirm);
    const [user] = artist.userId ? await tx.select().from(users).where(eq(users.id, artist.userId)) : [];
    const ownSubmissions = await tx
      .select({
        id: submissions.id,
        artistDetails: submissions.artistDetails,
        formData: submissions.formData,
        uploadSessionId: submissions.uploadSessionId,
        releaseTitle: submissions.releaseTitle,
        artworkUploadId: submissions.artworkUploadId,
      })
      .from(submissions)
      .where(eq(submissions.artistId, artist.id));
    const submissionIds = ownSubmissions.map((s) => s.id);

    // Everything that names the person: the account, the profile, and each submission's details.
    const emails = new Set<string>([artist.email.toLowerCase()]);
    if (user) emails.add(user.email.toLowerCase());
    const names: string[] = [
      artist.name,
      artist.artistName,
      user?.name,
      artist.spotifyProfile,
      artist.appleMusicProfile,
      artist.soundcloudProfile,
      artist.instagramProfile,
      artist.tiktokProfile,
      artist.website,
      artist.pplId,
      artist.prsId,
    ].filter((value): value is string => typeof value === 'string');
    const fullNames = new Set<string>();
    for (const submission of ownSubmissions) {
      const details = (submission.artistDetails ?? {}) as StoredDetails;
      if (details.email) emails.add(details.email.trim().toLowerCase());
      const full = `${details.firstName ?? ''} ${details.surname ?? ''}`.trim();
      if (full) fullNames.add(full.toLowerCase());
      names.push(
        ...[
          full,
          details.firstName,
          details.surname,
          details.artistName,
          details.phone,
          details.spotifyProfile,
          details.instagramProfile,
          details.tiktokProfile,
        ].filter((value): value is string => typeof value === 'string'),
      );
    }
    if (artist.name) fullNames.add(artist.name.trim().toLowerCase());
    if (user?.name) fullNames.add(user.name.trim().toLowerCase());
    const emailList = [...emails];
    const scrub = createScrubber({ emails: emailList, names, erasedEmail });
    // Stage names only, for tables that are not the artist's own (the outbox, error reports): a
    // first name alone would match other people's rows there.
    const stageNames = [
      artist.artistName,
      ...ownSubmissions.map((s) => (s.artistDetails as StoredDetails)?.artistName),
    ]
      .filter((value): value is string => typeof value === 'string' && value.trim().length >= 3)
      .map((value) => value.trim());

    // --- Files: every upload of theirs, found by who uploaded it, its upload session, and what
    // their submissions and profile name. Deleted from storage after the commit.
    const sessionIds = ownSubmissions.map((s) => s.uploadSessionId);
    const pictureId = pictureFileIdOf(artist.picture);
    const referencedIds = [
      ...ownSubmissions.map((s) => s.artworkUploadId),
      ...(pictureId ? [pictureId] : []),
      ...(submissionIds.length ? await filesOfSubmissions(tx, submissionIds) : []),
    ].filter((id): id is string => id !== null);
    const uploadConditions = [
      ...(user ? [eq(uploads.uploaderUserId, user.id)] : []),
      ...(sessionIds.length ? [inArray(uploads.sessionId, sessionIds)] : []),
      ...(referencedIds.length ? [inArray(uploads.id, referencedIds)] : []),
    ];
    const ownUploads = uploadConditions.length
      ? await tx
          .select({
            id: uploads.id,
            storageKey: uploads.storageKey,
            variants: uploads.variants,
            originalName: uploads.originalName,
            deletedAt: uploads.deletedAt,
          })
          .from(uploads)
          .where(or(...uploadConditions))
      : [];
    const keys = new Set<string>();
    for (const upload of ownUploads) {
      if (upload.deletedAt) continue;
      if (!upload.storageKey.startsWith(resumableKeyPrefix)) keys.add(upload.storageKey);
      keys.add(stagingKey(upload.id));
      for (const key of variantKeysOf(upload.variants)) keys.add(key);
    }
    for (const upload of ownUploads) {
      if (upload.deletedAt) continue;
      await tx
        .update(uploads)
        .set({
          deletedAt: now,
          // The key named the artist's folder (their name): it now names nothing. A resumable
          // upload's key is its id alone, and the hourly clean-up needs it to remove tus's parts.
          ...(upload.storageKey.startsWith(resumableKeyPrefix) ? {} : { storageKey: `erased/${upload.id}` }),
          variants: null,
          artistName: ERASED_ARTIST_NAME,
          originalName: `erased-file${extensionOf(upload.originalName)}`,
          updatedAt: now,
        })
        .where(eq(uploads.id, upload.id));
    }
    if (submissionIds.length) {
      const covers = await tx
        .select({ key: releaseDeliveries.coverKey })
        .from(releaseDeliveries)
        .where(
          and(inArray(releaseDeliveries.submissionId, submissionIds), isNotNull(releaseDeliveries.coverKey)),
        );
      for (const cover of covers) if (cover.key) keys.add(cover.key);
      await tx
        .update(releaseDeliveries)
        .set({
          coverKey: null,
          coverSha256: null,
          coverBytes: null,
          coverSourceUploadId: null,
          updatedAt: now,
        })
        .where(inArray(releaseDeliveries.submissionId, submissionIds));
      await scrubRows(
        scrub,
        await tx
          .select({
            key: releaseDeliveries.submissionId,
            pLineOwner: releaseDeliveries.pLineOwner,
            cLineOwner: releaseDeliveries.cLineOwner,
          })
          .from(releaseDeliveries)
          .where(inArray(releaseDeliveries.submissionId, submissionIds)),
        (key, values) =>
          tx.update(releaseDeliveries).set(values).where(eq(releaseDeliveries.submissionId, key)),
      );
    }

    // --- Submissions: the rows stay (the label's records of what was sent and decided); the
    // person's details and free text about them go. Titles, lyrics and credits of others are the
    // work, not personal data.
    for (const submission of ownSubmissions) {
      await tx
        .update(submissions)
        .set({
          itemName: buildBoardItemName(ERASED_ARTIST_NAME, submission.releaseTitle || 'Catalogue transfer'),
          artistDetails: {
            firstName: '',
            surname: '',
            email: erasedEmail,
            artistName: ERASED_ARTIST_NAME,
            country: '',
            city: '',
            spotifyProfile: '',
            instagramProfile: '',
            tiktokProfile: '',
          },
          formData: anonymisedFormData(submission.formData, scrub),
          additionalData: {},
          bio: '',
          influences: '',
          proNumber: '',
          earlyReleaseReason: '',
          submitterIp: null,
          submitterUserAgent: null,
          updatedAt: now,
        })
        .where(eq(submissions.id, submission.id));
    }
    if (submissionIds.length) await scrubSubmissionRecords(tx, submissionIds, scrub, emails, fullNames);

    // --- The account and the profile.
    await tx
      .update(artists)
      .set({
        email: erasedEmail,
        name: null,
        artistName: ERASED_ARTIST_NAME,
        picture: null,
        nationality: null,
        country: null,
        city: null,
        biography: null,
        spotifyProfile: null,
        appleMusicProfile: null,
        soundcloudProfile: null,
        instagramProfile: null,
        tiktokProfile: null,
        website: null,
        pplId: null,
        prsId: null,
        status: 'erased',
        updatedAt: now,
      })
      .where(eq(artists.id, artist.id));
    if (user) {
      // The row stays (with its id, which audit trails name); nobody can sign in to it again.
      await tx
        .update(users)
        .set({ email: erasedEmailFor(user.id), name: null })
        .where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await announceSessionChange(tx, { userId: user.id });
    }

    // --- What exists only because of them, by address or by artist.
    await tx.delete(signInTokens).where(inArray(signInTokens.email, emailList));
    await tx.delete(rateLimitCounters).where(
      inArray(
        rateLimitCounters.key,
        emailList.map((email) => `sign-in:email:${email}`),
      ),
    );
    await tx.delete(mailPreferences).where(inArray(mailPreferences.email, emailList));
    await tx.delete(waitingListEntries).where(inArray(sql`lower(${waitingListEntries.email})`, emailList));
    await tx
      .delete(invitations)
      .where(or(eq(invitations.artistId, artist.id), inArray(sql`lower(${invitations.email})`, emailList)));
    await tx.delete(returningLinks).where(eq(returningLinks.artistId, artist.id));
    if (submissionIds.length) {
      await tx
        .delete(releaseDetails)
        .where(and(inArray(releaseDetails.submissionId, submissionIds), eq(releaseDetails.status, 'draft')));
      await tx
        .delete(deadlineReminders)
        .where(
          and(
            inArray(deadlineReminders.submissionId, submissionIds),
            inArray(deadlineReminders.recipient, emailList),
          ),
        );
    }
    // Mail to them or about them that has not gone yet, and the queue's copies of mail that has:
    // a job being run now is left to finish.
    const mentionsAnEmail = (column: unknown) =>
      or(...emailList.map((email) => sql`strpos(lower(${column}::text), ${email}) > 0`));
    const mentionsAStageName = (column: unknown) =>
      stageNames.map((name) => sql`strpos(lower(${column}::text), ${name.toLowerCase()}) > 0`);
    await tx
      .delete(jobs)
      .where(
        and(
          ne(jobs.status, 'running'),
          or(mentionsAnEmail(jobs.payload), ...mentionsAStageName(jobs.payload)),
        ),
      );
    const outboxMentions = or(
      inArray(outboxMessages.to, emailList),
      mentionsAnEmail(outboxMessages.text),
      mentionsAnEmail(outboxMessages.subject),
      ...mentionsAStageName(outboxMessages.subject),
      ...mentionsAStageName(outboxMessages.text),
    );
    const outbox = await tx
      .delete(outboxMessages)
      .where(outboxMentions)
      .returning({ emlPath: outboxMessages.emlPath });
    // Error reports are kept two years for the analytics; the person is taken out of their text.
    await scrubRows(
      scrub,
      await tx
        .select({
          key: errorReports.id,
          message: errorReports.message,
          stack: errorReports.stack,
          url: errorReports.url,
          metadata: errorReports.metadata,
        })
        .from(errorReports)
        .where(
          or(
            mentionsAnEmail(errorReports.message),
            mentionsAnEmail(errorReports.url),
            mentionsAnEmail(errorReports.metadata),
            mentionsAnEmail(errorReports.stack),
          ),
        ),
      (key, values) => tx.update(errorReports).set(values).where(eq(errorReports.id, key)),
    );

    // --- Signature requests are kept whole (the agreement and its audit trail); one still open
    // can no longer be signed by anyone.
    const open = await tx
      .update(signatureRequests)
      .set({ status: 'expired', expiredAt: now, tokenHash: null, tokenExpiresAt: null, updatedAt: now })
      .where(
        and(eq(signatureRequests.artistId, artist.id), eq(signatureRequests.status, 'awaiting_signature')),
      )
      .returning({ id: signatureRequests.id });
    for (const request of open)
      await recordSignatureEvent(
        tx,
        request.id,
        'expired',
        { userId: input.staff.userId },
        { reason: 'artist_erased' },
      );
    const [kept] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(signatureRequests)
      .where(and(eq(signatureRequests.artistId, artist.id), isNotNull(signatureRequests.sealedFileKey)));

    const pending = [...keys];
    const [record] = await tx
      .insert(dataRequests)
      .values({
        kind: 'erasure',
        artistId: artist.id,
        byUserId: input.staff.userId,
        reason: input.reason,
        detail: {
          submissions: submissionIds.length,
          uploads: ownUploads.length,
          signedDocumentsKept: kept?.n ?? 0,
          signatureRequestsClosed: open.length,
          outboxMessagesDeleted: outbox.length,
          files: { total: pending.length, pending },
        },
        createdAt: now,
      })
      .returning({ id: dataRequests.id });
    if (!record) throw new Error('The erasure could not be recorded');
    for (const id of submissionIds) {
      await recordSubmissionEvent(tx, {
        submissionId: id,
        type: 'artist_data_erased',
        actorUserId: input.staff.userId,
        data: { dataRequestId: record.id },
      });
      if (deps.config.monday) await queueBoardSync(tx, 'submission', id);
    }
    // A second pass later deletes whatever the first, right after the commit, could not.
    if (pending.length > 0)
      await enqueueJob(
        tx,
        'privacy.delete-erased-files',
        { dataRequestId: record.id },
        {
          runAt: new Date(now.getTime() + ERASED_FILES_JOB_DELAY_MS),
          uniqueKey: `privacy.delete-erased-files:${record.id}`,
        },
      );
    return { requestId: record.id, emlPaths: outbox.map((row) => row.emlPath) };
  });

  await deleteOutboxFiles(deps.config.mail.outboxDir, outcome.emlPaths);
  await deleteErasedFiles({ db: deps.db, storage: deps.storage }, outcome.requestId);
  const erasure = await readArtistErasure(deps.db, input.artistId);
  if (!erasure) throw new Error('The erasure just recorded could not be read');
  return {
    erasure,
    message: `The artist’s personal data was erased. ${describeErasedFiles(erasure.files)}`,
  };
}

/**
 * Writes back each row with the person taken out of every value but its key (strings, and the
 * strings inside JSON; keys of JSON objects stay), only where that changed something.
 */
async function scrubRows<K, R extends Record<string, unknown>>(
  scrub: Scrubber,
  rows: (R & { key: K })[],
  write: (key: K, values: R) => Promise<unknown>,
): Promise<void> {
  for (const { key, ...values } of rows) {
    const scrubbed = scrub.value(values);
    if (JSON.stringify(scrubbed) !== JSON.stringify(values)) await write(key, scrubbed as unknown as R);
  }
}

/**
 * The records of their submissions that are kept: the audit trail, review rounds, staff's notes,
 * catalogue items, release details, clips' descriptions, and the credits and splits that are the
 * artist themselves. Read and written back with the person taken out of every string (JSON keys
 * stay), so a name inside a message or a change's old value goes too.
 */
async function scrubSubmissionRecords(
  tx: Transaction,
  submissionIds: string[],
  scrub: Scrubber,
  emails: Set<string>,
  fullNames: Set<string>,
): Promise<void> {
  await scrubRows(
    scrub,
    await tx
      .select({ key: submissionEvents.id, message: submissionEvents.message, data: submissionEvents.data })
      .from(submissionEvents)
      .where(inArray(submissionEvents.submissionId, submissionIds)),
    (key, values) => tx.update(submissionEvents).set(values).where(eq(submissionEvents.id, key)),
  );
  await scrubRows(
    scrub,
    await tx
      .select({
        key: reviewRounds.id,
        fields: reviewRounds.fields,
        message: reviewRounds.message,
        changes: reviewRounds.changes,
      })
      .from(reviewRounds)
      .where(inArray(reviewRounds.submissionId, submissionIds)),
    (key, values) => tx.update(reviewRounds).set(values).where(eq(reviewRounds.id, key)),
  );
  // The artist's own words (a resubmission's comment, a rating's comment): theirs, not the label's
  // record. A rating's figure stays, for the label's analytics.
  await tx
    .update(decisionRatings)
    .set({ comment: null })
    .where(and(inArray(decisionRatings.submissionId, submissionIds), isNotNull(decisionRatings.comment)));
  await tx
    .update(reviewRounds)
    .set({ artistComment: null })
    .where(and(inArray(reviewRounds.submissionId, submissionIds), isNotNull(reviewRounds.artistComment)));
  await scrubRows(
    scrub,
    await tx
      .select({ key: submissionNotes.id, body: submissionNotes.body })
      .from(submissionNotes)
      .where(inArray(submissionNotes.submissionId, submissionIds)),
    (key, values) => tx.update(submissionNotes).set(values).where(eq(submissionNotes.id, key)),
  );
  await scrubRows(
    scrub,
    await tx
      .select({ key: catalogueItems.id, artist: catalogueItems.artist, details: catalogueItems.details })
      .from(catalogueItems)
      .where(inArray(catalogueItems.submissionId, submissionIds)),
    (key, values) => tx.update(catalogueItems).set(values).where(eq(catalogueItems.id, key)),
  );
  await scrubRows(
    scrub,
    await tx
      .select({ key: releaseDetails.submissionId, data: releaseDetails.data })
      .from(releaseDetails)
      .where(inArray(releaseDetails.submissionId, submissionIds)),
    (key, values) => tx.update(releaseDetails).set(values).where(eq(releaseDetails.submissionId, key)),
  );

  const trackIds = (
    await tx
      .select({ id: submissionTracks.id })
      .from(submissionTracks)
      .where(inArray(submissionTracks.submissionId, submissionIds))
  ).map((track) => track.id);
  if (trackIds.length) {
    await scrubRows(
      scrub,
      await tx
        .select({ key: socialClips.id, description: socialClips.description })
        .from(socialClips)
        .where(inArray(socialClips.trackId, trackIds)),
      (key, values) => tx.update(socialClips).set(values).where(eq(socialClips.id, key)),
    );
    const contributors = await tx
      .select()
      .from(trackContributors)
      .where(inArray(trackContributors.trackId, trackIds));
    for (const contributor of contributors) {
      if (!isTheArtist(contributor, emails, fullNames)) continue;
      await tx
        .update(trackContributors)
        .set({ firstName: ERASED_TEXT, surname: '', email: null, spotifyUrl: null })
        .where(eq(trackContributors.id, contributor.id));
    }
  }
  const splits = await tx
    .select()
    .from(masterSplits)
    .where(inArray(masterSplits.submissionId, submissionIds));
  for (const split of splits) {
    if (
      !isTheArtist(
        { email: split.email, firstName: split.firstName, surname: split.lastName },
        emails,
        fullNames,
      )
    )
      continue;
    await tx
      .update(masterSplits)
      .set({ firstName: ERASED_TEXT, lastName: '', email: null })
      .where(eq(masterSplits.id, split.id));
  }
}

/** The files their submissions name: tracks' audio and covers, cut clips, release details' artwork. */
async function filesOfSubmissions(tx: Transaction, submissionIds: string[]): Promise<(string | null)[]> {
  const tracks = await tx
    .select({
      id: submissionTracks.id,
      audio: submissionTracks.audioUploadId,
      artwork: submissionTracks.artworkUploadId,
    })
    .from(submissionTracks)
    .where(inArray(submissionTracks.submissionId, submissionIds));
  const clips = tracks.length
    ? await tx
        .select({ id: socialClips.clipUploadId })
        .from(socialClips)
        .where(
          inArray(
            socialClips.trackId,
            tracks.map((track) => track.id),
          ),
        )
    : [];
  const details = await tx
    .select({ id: releaseDetails.artworkUploadId })
    .from(releaseDetails)
    .where(inArray(releaseDetails.submissionId, submissionIds));
  return [
    ...tracks.flatMap((track) => [track.audio, track.artwork]),
    ...clips.map((clip) => clip.id),
    ...details.map((row) => row.id),
  ];
}

/** The dev outbox's `.eml` copies of the mail deleted with its rows (only inside its folder). */
async function deleteOutboxFiles(outboxDir: string | undefined, files: string[]): Promise<void> {
  if (!outboxDir || files.length === 0) return;
  const { rm } = await import('node:fs/promises');
  const root = path.resolve(outboxDir);
  for (const file of files) {
    const resolved = path.resolve(file);
    if (!resolved.startsWith(`${root}${path.sep}`)) continue;
    await rm(resolved, { force: true }).catch(() => undefined);
  }
}
