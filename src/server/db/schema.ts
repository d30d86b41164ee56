import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AudioWaveform } from '../../domain/audio/waveform-peaks';
import { SIGNATURE_STATUSES } from '../../domain/contract/signing-rules';
import { MAIL_PREFERENCE_SOURCES, UNSUBSCRIBABLE_MAIL_KINDS } from '../../domain/mail/mail-kinds';
import { DATA_REQUEST_KINDS } from '../../domain/privacy/data-requests';
import { DECISION_KINDS } from '../../domain/review/decision-templates';
import type { FieldChange } from '../../domain/review/field-values';
import { type FlaggedFieldView, REVIEW_ROUND_STATUSES } from '../../domain/schemas/review';
import { SUBMISSION_STATUSES } from '../../domain/status/submission-status';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum('user_role', ['artist', 'staff']);

/** Everyone who can sign in. E-mail addresses are stored lower-cased and trimmed. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: userRole('role').notNull().default('artist'),
    name: text('name'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * An artist known to the label. It may exist before any account (an anonymous submission or an
 * invitation); the artist's first sign-in links it to a user through `userId`.
 */
export const artists = pgTable(
  'artists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name'),
    artistName: text('artist_name'),
    picture: text('picture'),
    nationality: text('nationality'),
    country: text('country'),
    city: text('city'),
    biography: text('biography'),
    spotifyProfile: text('spotify_profile'),
    appleMusicProfile: text('apple_music_profile'),
    soundcloudProfile: text('soundcloud_profile'),
    instagramProfile: text('instagram_profile'),
    tiktokProfile: text('tiktok_profile'),
    website: text('website'),
    pplId: text('ppl_id'),
    prsId: text('prs_id'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artists_email_key').on(t.email),
    uniqueIndex('artists_user_id_key').on(t.userId),
    // The staff list of artists (services/staff-console/list-artists.ts): newest or
    // oldest first; by name, and a name prefix search, on the listed name lower-cased in "C" (the
    // same expression as the query's); an e-mail prefix search.
    index('artists_created_at_id_idx').on(t.createdAt, t.id),
    index('artists_list_name_idx').on(
      sql`(lower(coalesce(nullif(btrim(${t.artistName}), ''), nullif(btrim(${t.name}), ''), ${t.email})) collate "C")`,
      t.id,
    ),
    index('artists_list_email_idx').on(sql`(lower(${t.email}) collate "C")`),
  ],
);

/**
 * Server-side sessions. The cookie carries a random token, API clients a second one as
 * `Authorization: Bearer`; only SHA-256 hashes of both are stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    bearerTokenHash: text('bearer_token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    uniqueIndex('sessions_bearer_token_hash_key').on(t.bearerTokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

/**
 * One sign-in e-mail: a link token (single use) and a 6-digit code for another device, both
 * stored as hashes, valid 15 minutes. Five wrong codes void it.
 */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    returnTo: text('return_to'),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sign_in_tokens_token_hash_key').on(t.tokenHash),
    index('sign_in_tokens_email_idx').on(t.email),
  ],
);

/**
 * Fixed-window counters for rate limits (sign-in requests per address and per IP, token guesses).
 * In the database, not in memory, so every app instance counts the same hits.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Installation-wide settings that staff change at run time (e.g. submissionsEnabled). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const jobStatus = pgEnum('job_status', ['pending', 'running', 'done', 'failed']);

/**
 * The background job queue (design.md §3). Workers claim rows with FOR UPDATE SKIP LOCKED, so
 * several app instances can share it; a claimed row carries a lease (`lockedUntil`) and is
 * claimed again if its worker dies.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** At most one pending or running job per key: recurring jobs and de-duplicated work. */
    uniqueKey: text('unique_key'),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    status: jobStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key_active_key')
      .on(t.uniqueKey)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);

export const uploadStatus = pgEnum('upload_status', ['staged', 'ready']);
export const uploadMethod = pgEnum('upload_method', ['APP_ENGINE', 'CLOUD_STORAGE_DIRECT']);

/**
 * Every uploaded file. `staged` rows are direct uploads whose bytes have not arrived or not been
 * checked yet; `ready` files passed the content check and sit under their final key. Files belong to
 * an upload session (the submission being prepared); a session that never becomes a submission is
 * removed after 24 hours (`claimedAt` stays null).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: uploadStatus('status').notNull(),
    sessionId: text('session_id').notNull(),
    storageKey: text('storage_key').notNull(),
    fileType: text('file_type').notNull(),
    uploadMethod: uploadMethod('upload_method').notNull(),
    /** The name the artist's file had: shown and used in Content-Disposition, never as a path. */
    originalName: text('original_name').notNull(),
    /** Size the client announced (direct uploads) or the bytes received. */
    originalSize: bigint('original_size', { mode: 'number' }).notNull(),
    contentType: text('content_type'),
    artistName: text('artist_name').notNull(),
    trackTitle: text('track_title'),
    releaseTitle: text('release_title'),
    /** What the content check found: format, and channels/sample rate/bit depth/duration or width/height/colour space. */
    media: jsonb('media'),
    /** Image variants made by the background job: name → { key, width, height, bytes }. */
    variants: jsonb('variants'),
    /**
     * SHA-256 of the stored bytes (hex), once something needed it: a file replaced in a review
     * round is recorded with its hash. Files never change under their id.
     */
    sha256: text('sha256'),
    /**
     * An audio file's waveform for the board's preview: peak levels 0–100 over equal
     * slices of the file, computed once by the `media.audio-peaks` job; null until then.
     */
    audioPeaks: jsonb('audio_peaks').$type<number[]>(),
    /**
     * The same file's waveform for the social clip picker: `PICKER_WAVEFORM_BARS`
     * peaks and the duration, computed in the same pass as `audio_peaks`; null until then.
     */
    audioWaveform: jsonb('audio_waveform').$type<AudioWaveform>(),
    uploaderUserId: uuid('uploader_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * When the file was deleted from storage by an artist's erasure (docs/decisions/0002): the row
     * stays for the records that name it (a review round, a signed schedule's hashes), the bytes
     * and anything naming the artist are gone.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('uploads_storage_key_key').on(t.storageKey),
    index('uploads_session_id_idx').on(t.sessionId),
    index('uploads_unclaimed_idx').on(t.createdAt).where(sql`${t.claimedAt} is null`),
  ],
);

/** Every message the dev outbox "sent": listed in the staff console, also written as .eml files. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull(),
    from: text('from_address').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    emlPath: text('eml_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to), index('outbox_messages_created_at_idx').on(t.createdAt)],
);

// --- Submissions: the database is the board (design.md §1) -------------------------------------

export const submissionStatus = pgEnum('submission_status', SUBMISSION_STATUSES);

/**
 * One submission: a board item. The release fields staff filter and sort on are columns; the
 * artist's details as submitted are kept in `artistDetails` (the artist's profile may change
 * later, the submission says what was sent). `uploadSessionId` is unique: the same submission
 * sent twice (a retry after a lost answer, a double click) finds the first one.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: submissionStatus('status').notNull().default('pending'),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'restrict' }),
    uploadSessionId: text('upload_session_id').notNull(),
    itemName: text('item_name').notNull(),
    uploadType: text('upload_type').notNull(),
    releaseType: text('release_type').notNull(),
    releaseTitle: text('release_title').notNull(),
    /** The release date (together) or the full release date (singles first); null for transfers. */
    releaseDate: text('release_date'),
    releaseStrategy: text('release_strategy').notNull(),
    primaryGenre: text('primary_genre').notNull(),
    subGenre: text('sub_genre').notNull(),
    earlyReleaseRequest: boolean('early_release_request').notNull().default(false),
    earlyReleaseReason: text('early_release_reason').notNull().default(''),
    distributor: text('distributor').notNull().default(''),
    bio: text('bio').notNull().default(''),
    influences: text('influences').notNull().default(''),
    proNumber: text('pro_number').notNull().default(''),
    publishingAdministrationInterest: boolean('publishing_administration_interest').notNull().default(false),
    /** firstName, surname, email, artistName, phone, country, city, social profiles, as submitted. */
    artistDetails: jsonb('artist_details').notNull(),
    artworkUploadId: uuid('artwork_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The payload as received (formData and additionalData), for the record. */
    formData: jsonb('form_data').notNull(),
    additionalData: jsonb('additional_data').notNull(),
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the submission came through an invitation or a returning-artist link. */
    invitationId: uuid('invitation_id').references((): AnyPgColumn => invitations.id, {
      onDelete: 'set null',
    }),
    returningLinkId: uuid('returning_link_id').references((): AnyPgColumn => returningLinks.id, {
      onDelete: 'set null',
    }),
    submitterIp: text('submitter_ip'),
    submitterUserAgent: text('submitter_user_agent'),
    /** The staff member reviewing it; private to staff. */
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Staff's private 1–5 rating; artists never see it. */
    rating: smallint('rating'),
    /**
     * When it last came back to Pending (a resubmission, a change request withdrawn, a decline
     * reopened); null: waiting since it was sent. The response promise's clock.
     */
    returnedToPendingAt: timestamp('returned_to_pending_at', { withTimezone: true }),
    /**
     * What the board's search box matches, kept by triggers (drizzle/0014_board_triage): artist
     * name, first name and surname, release title, item name and e-mail, the tracks' ISRCs and the
     * catalogue items' UPCs and ISRCs (written without hyphens), lower case. Searched through a
     * trigram index (pg_trgm), so any part of a name matches.
     */
    searchText: text('search_text').notNull().default(''),
    /** When the status last changed (a trigger keeps it): the board's "waiting longest" order. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('submissions_upload_session_id_key').on(t.uploadSessionId),
    // The response promise: pending submissions by when their clock started, for the
    // board's overdue filter and count and the job that declines those past the promise.
    // The two columns of the expression last, so the board's overdue count (overdueCondition) is
    // read from the index alone.
    index('submissions_pending_waiting_since_idx')
      .on(sql`coalesce(${t.returnedToPendingAt}, ${t.createdAt})`, t.id, t.createdAt, t.returnedToPendingAt)
      .where(sql`${t.status} = 'pending'`),
    // The board's search, sorts and filters.
    index('submissions_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('submissions_status_changed_at_id_idx').on(t.statusChangedAt, t.id),
    index('submissions_status_status_changed_at_id_idx').on(t.status, t.statusChangedAt, t.id),
    // The release date range, with what the board's first matches read of each row (its status
    // and the orders' times, read-board-page.ts readFirstMatches) after it: counted from the index
    // alone, without visiting the table.
    index('submissions_release_date_status_times_idx').on(
      t.releaseDate,
      t.status,
      t.createdAt,
      t.statusChangedAt,
      t.id,
    ),
    // The release type and genre filters, with a status or not: the first matches counted, a
    // rare combination's page found without walking an order's index past every other row
    // (newest/oldest read in order when all three are given; PGlite's PostgreSQL 18 skips the
    // leading columns when only some are). The age order's time and the release date last, so
    // the first matches are read from the index alone, a date range among them.
    index('submissions_release_type_genre_status_idx').on(
      t.releaseType,
      t.primaryGenre,
      t.status,
      t.createdAt,
      t.id,
      t.statusChangedAt,
      t.releaseDate,
    ),
    // A whole e-mail address searched is matched exactly (domain/board/board-rules.ts).
    index('submissions_artist_email_idx').on(sql`lower(${t.artistDetails}->>'email')`),
    // The keyset orders of the paged lists: the board (all, or one status) and an
    // artist's own submissions, newest or oldest first, ties broken by id.
    index('submissions_created_at_id_idx').on(t.createdAt, t.id),
    index('submissions_status_created_at_id_idx').on(t.status, t.createdAt, t.id),
    index('submissions_artist_id_created_at_id_idx').on(t.artistId, t.createdAt, t.id),
  ],
);

/**
 * How many submissions hold each status: the board's status chips without counting
 * 100,000 rows. Kept by statement-level triggers on submissions (insert, delete, status change,
 * truncate: drizzle/0014_board_triage), so it is exact in every transaction that reads it.
 */
export const submissionStatusCounts = pgTable('submission_status_counts', {
  status: submissionStatus('status').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
  /**
   * A number never given twice (the submission_status_changes sequence), renewed by the trigger
   * whenever a write touched a submission of this status: the pending row's tells whether the
   * board's overdue count could have changed (drizzle/0021_status_changes).
   */
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});

/** Who gave an identifier: the artist (kept, only checked), the label's sequence, or staff by hand. */
export const identifierOrigin = pgEnum('identifier_origin', ['artist', 'label', 'staff']);

/** A track of a submission, in the artist's order, with its audio file and credits. */
export const submissionTracks = pgTable(
  'submission_tracks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The id the form gave the track (splits and clips in the payload refer to it). */
    clientId: text('client_id').notNull(),
    title: text('title').notNull(),
    audioUploadId: uuid('audio_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The track's own cover (spec 001 §3, useCustomArtwork); null: the release artwork. */
    artworkUploadId: uuid('artwork_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    releaseAsSingle: boolean('release_as_single').notNull().default(false),
    singleReleaseDate: text('single_release_date'),
    singleOrder: integer('single_order'),
    groupedWithFinalSingle: boolean('grouped_with_final_single').notNull().default(false),
    soloWork: boolean('solo_work').notNull().default(false),
    productionYear: text('production_year'),
    parentalAdvisory: text('parental_advisory').notNull().default('no'),
    lyrics: text('lyrics'),
    /** Set by the artist in the release details, written CC-XXX-YY-NNNNN. */
    isrc: text('isrc'),
    /** Who gave the ISRC: the artist (kept as given, checked), the label's sequence or staff. */
    isrcOrigin: identifierOrigin('isrc_origin'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('submission_tracks_position_key').on(t.submissionId, t.position),
    // A whole ISRC searched on the board is matched exactly, written without hyphens.
    index('submission_tracks_isrc_code_idx').on(
      sql`lower(regexp_replace(${t.isrc}, '[^A-Za-z0-9]', '', 'g'))`,
    ),
  ],
);

export const contributorKind = pgEnum('contributor_kind', ['featured', 'non_featured', 'producer']);

export const trackContributors = pgTable(
  'track_contributors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: uuid('track_id')
      .notNull()
      .references(() => submissionTracks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    clientId: text('client_id').notNull(),
    kind: contributorKind('kind').notNull(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    roles: jsonb('roles').$type<string[]>().notNull(),
    isFeatured: boolean('is_featured').notNull(),
    isPrimaryArtist: boolean('is_primary_artist').notNull(),
    spotifyUrl: text('spotify_url'),
  },
  (t) => [index('track_contributors_track_id_idx').on(t.trackId)],
);

/** A catalogue item to transfer from another distributor. */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    clientId: text('client_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    image: text('image'),
    spotifyUrl: text('spotify_url'),
    releaseDate: text('release_date'),
    /** Album or track details from the catalogue (label, upc, isrc, tracks...). */
    details: jsonb('details'),
  },
  (t) => [
    index('catalogue_items_submission_id_idx').on(t.submissionId),
    // A whole UPC or ISRC searched on the board is matched exactly.
    index('catalogue_items_upc_code_idx').on(
      sql`lower(regexp_replace(${t.details}->>'upc', '[^A-Za-z0-9]', '', 'g'))`,
    ),
    index('catalogue_items_isrc_code_idx').on(
      sql`lower(regexp_replace(${t.details}->>'isrc', '[^A-Za-z0-9]', '', 'g'))`,
    ),
  ],
);

/** A master split of a track or of a catalogue item: a contributor by id, or a named person. */
export const masterSplits = pgTable(
  'master_splits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    trackId: uuid('track_id').references(() => submissionTracks.id, { onDelete: 'cascade' }),
    catalogueItemId: uuid('catalogue_item_id').references(() => catalogueItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    contributorClientId: text('contributor_client_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    percentage: doublePrecision('percentage').notNull(),
  },
  (t) => [index('master_splits_submission_id_idx').on(t.submissionId)],
);

export const socialClipStatus = pgEnum('social_clip_status', ['requested', 'ready', 'failed']);

/** A social clip the artist asked for; the clip job cuts it from the track's WAV. */
export const socialClips = pgTable(
  'social_clips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: uuid('track_id')
      .notNull()
      .references(() => submissionTracks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    clientId: text('client_id').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    description: text('description'),
    status: socialClipStatus('status').notNull().default('requested'),
    clipUploadId: uuid('clip_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    updatedAt: updatedAt(),
  },
  (t) => [index('social_clips_track_id_idx').on(t.trackId)],
);

/**
 * The audit trail of submissions: created, status changes (with the message to the
 * artist and the decision template it came from), change requests and resubmissions (with their
 * round), notes, ratings, assignments, mail queued and sent, release details, clips. Written in the
 * same transaction as the change it records (services/audit/); staff read it as the timeline.
 */
export const submissionEvents = pgTable(
  'submission_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: submissionStatus('from_status'),
    toStatus: submissionStatus('to_status'),
    message: text('message'),
    /** The decision template the message was filled from. */
    templateId: uuid('template_id').references((): AnyPgColumn => decisionTemplates.id, {
      onDelete: 'set null',
    }),
    /** The review round a change request, resubmission or withdrawal belongs to. */
    roundId: uuid('round_id').references((): AnyPgColumn => reviewRounds.id, { onDelete: 'set null' }),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [
    // The timeline's keyset pages: one submission's events by (created_at, id).
    index('submission_events_submission_id_created_at_id_idx').on(t.submissionId, t.createdAt, t.id),
    // Decline reasons counted per template over a window (the analytics dashboard).
    index('submission_events_declines_idx')
      .on(t.createdAt, t.templateId)
      .where(sql`${t.type} = 'status_changed' and ${t.toStatus} = 'rejected'`),
  ],
);

export const decisionKind = pgEnum('decision_kind', DECISION_KINDS);

/**
 * Saved decision messages per kind (approve, request changes, decline), with
 * placeholders ({{artistName}}, {{releaseTitle}}, {{labelName}}). Deleting one only sets
 * `deletedAt`: decisions made with it still name it, and the decline reasons keep counting it.
 */
export const decisionTemplates = pgTable(
  'decision_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: decisionKind('kind').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('decision_templates_kind_name_key')
      .on(t.kind, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const reviewRoundStatus = pgEnum('review_round_status', REVIEW_ROUND_STATUSES);

/**
 * One round of review: staff mark fields with notes (`fields`: the domain's
 * flagged fields with their labels as they read when asked) and the status becomes changes_requested; the artist answers with new values
 * for those fields only, and `changes` keeps each one's old and new value (files by id, name and
 * SHA-256; both files stay stored). Rounds are never rewritten once closed: every round is history.
 * One round per submission is open at a time.
 */
export const reviewRounds = pgTable(
  'review_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: reviewRoundStatus('status').notNull().default('open'),
    fromStatus: submissionStatus('from_status').notNull(),
    fields: jsonb('fields').$type<FlaggedFieldView[]>().notNull(),
    message: text('message'),
    templateId: uuid('template_id').references(() => decisionTemplates.id, { onDelete: 'set null' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    changes: jsonb('changes').$type<FieldChange[]>(),
    artistComment: text('artist_comment'),
    resubmittedByUserId: uuid('resubmitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resubmittedAt: timestamp('resubmitted_at', { withTimezone: true }),
    closedByUserId: uuid('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_rounds_submission_number_key').on(t.submissionId, t.number),
    uniqueIndex('review_rounds_one_open_per_submission').on(t.submissionId).where(sql`${t.status} = 'open'`),
  ],
);

/** Staff's private notes on a submission; artists never see them. */
export const submissionNotes = pgTable(
  'submission_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('submission_notes_submission_id_idx').on(t.submissionId, t.createdAt)],
);

/**
 * Artists' ratings of a decision's feedback (the spec's "Answers artists can rate"): the decision is
 * the submission event that approved, declined or asked for changes (its actor the reviewer, its
 * template the one used), rated 1–5 with an optional comment by the submission's owner, at most
 * once per decision (the unique index; a second rating changes the first), for 14 days after it
 * (domain/review/feedback-ratings.ts). The analytics page reads them by `updated_at`.
 */
export const decisionRatings = pgTable(
  'decision_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    decisionId: bigint('decision_id', { mode: 'number' })
      .notNull()
      .references(() => submissionEvents.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    raterUserId: uuid('rater_user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('decision_ratings_decision_id_key').on(t.decisionId),
    index('decision_ratings_submission_id_idx').on(t.submissionId),
    index('decision_ratings_updated_at_idx').on(t.updatedAt),
    check('decision_ratings_rating_range', sql`${t.rating} between 1 and 5`),
    check('decision_ratings_comment_length', sql`char_length(${t.comment}) <= 1000`),
  ],
);

/**
 * The runs of the response promise's job (jobs/decline-overdue-submissions.ts): when,
 * for which day and promise, with which template, and what came of it; staff read them on the
 * Response promise page.
 */
export const responsePromiseRuns = pgTable(
  'response_promise_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'schedule' (the daily job) or 'test' (the e2e suite's hook). */
    trigger: text('trigger').notNull(),
    /** 'running' until it ends, then 'completed' or 'skipped' (with the reason). */
    outcome: text('outcome').notNull().default('running'),
    reason: text('reason'),
    /** The label's day the run ran for, and the promise then. */
    today: text('today').notNull(),
    promiseDays: integer('promise_days').notNull(),
    templateId: uuid('template_id').references(() => decisionTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name'),
    declinedCount: integer('declined_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** The run's clock: the job's, which tests set. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('response_promise_runs_created_at_id_idx').on(t.createdAt, t.id)],
);

/**
 * What a run did with each submission past the promise: declined it, or failed to (with why). A
 * submission is declined by the job at most once, whatever runs at the same time: the unique index
 * refuses a second 'declined' row, in the transaction of the decline itself.
 */
export const responsePromiseRunItems = pgTable(
  'response_promise_run_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => responsePromiseRuns.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    result: text('result').notNull(),
    reason: text('reason'),
    answerBy: text('answer_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('response_promise_run_items_run_id_idx').on(t.runId, t.id),
    uniqueIndex('response_promise_run_items_declined_once')
      .on(t.submissionId)
      .where(sql`${t.result} = 'declined'`),
  ],
);

/** Artists who asked to be told when submissions open again (waiting-list mode). */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    artistName: text('artist_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    country: text('country').notNull(),
    city: text('city').notNull(),
    instagramProfile: text('instagram_profile'),
    tiktokProfile: text('tiktok_profile'),
    spotifyProfile: text('spotify_profile'),
    listenLink: text('listen_link').notNull(),
    projectDescription: text('project_description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('waiting_list_entries_email_idx').on(t.email),
    // The keyset order of the staff list, newest or oldest first, ties broken by id.
    index('waiting_list_entries_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/** Client error reports (POST /api/monitoring/report-error); the analytics views read them. */
/**
 * Where an error event came from: a browser's report, the server's own 5xx answers, a
 * background job that gave up, or a provider found down by a health check.
 */
export const errorSource = pgEnum('error_source', ['client', 'server', 'job', 'provider']);

/**
 * Error events for the analytics dashboard: client reports (spec 001 §7, `submission_id` is the
 * client's id for the failed attempt), server 5xx answers, failed jobs and provider outages, each
 * with the severity and category the domain gives it (`domain/errors/error-report-classification.ts`).
 * Kept 2 years (the legal text's analytics retention).
 */
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: errorSource('source').notNull().default('client'),
    submissionId: text('submission_id'),
    message: text('message').notNull(),
    stack: text('stack'),
    stage: text('stage'),
    severity: text('severity').notNull(),
    category: text('category').notNull(),
    url: text('url'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata'),
    ip: text('ip'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Counts per category and severity in a window are read from the index alone.
    index('error_reports_created_at_idx').on(t.createdAt, t.category, t.severity),
    // The keyset order of the paged error events, ties broken by id.
    index('error_reports_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

export const webVitalName = pgEnum('web_vital_name', ['LCP', 'FCP', 'CLS', 'INP', 'TTFB']);
export const deviceType = pgEnum('device_type', ['mobile', 'tablet', 'desktop']);

/**
 * One web-vital measurement of a real page load, sent by the browser with sendBeacon:
 * the page load, the metric, its value (milliseconds, or unitless for CLS), the route pattern and the device type
 * the server read from the user agent. Kept 2 years.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The browser's random id of the page load: a metric sent again (CLS grows) replaces its value. */
    pageLoadId: text('page_load_id').notNull(),
    name: webVitalName('name').notNull(),
    value: doublePrecision('value').notNull(),
    /** The value's histogram bin (domain/monitoring/web-vital-histogram.ts). */
    bin: smallint('bin').notNull(),
    route: text('route').notNull(),
    deviceType: deviceType('device_type').notNull(),
    navigationType: text('navigation_type'),
    createdAt: createdAt(),
  },
  (t) => [
    // The dashboard's bins per metric at a window's edges come from the index alone.
    index('web_vitals_name_created_at_idx').on(t.name, t.createdAt, t.bin),
    index('web_vitals_created_at_idx').on(t.createdAt),
    uniqueIndex('web_vitals_page_load_metric_key').on(t.pageLoadId, t.name),
  ],
);

/**
 * Web vitals counted per metric, hour and histogram bin, kept with every measurement in the same
 * transaction: the dashboard reads a window's whole hours here and only its partial edge hours from
 * `web_vitals`, so a week of a busy label's page loads is a few thousand rows.
 */
export const webVitalHistograms = pgTable(
  'web_vital_histograms',
  {
    name: webVitalName('name').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    bin: smallint('bin').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.hour, t.bin] })],
);

/**
 * A revision per hour whose analytics changed after the hour had ended (a CLS value sent again, an
 * error event written by a transaction that began before the hour ended, the retention job, a
 * test). Triggers on `web_vital_histograms` and `error_reports` keep it (drizzle/0007); the
 * dashboard's in-memory cache of ended hours (services/analytics/hour-cache.ts) keeps an hour only
 * while its revision stays the same.
 */
export const analyticsHourRevisions = pgTable('analytics_hour_revisions', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

/**
 * The last known state of each provider (database, storage, mail, board, signing, catalogue), as
 * the recurring provider check and /api/health found it. An outage also writes an error event when
 * it begins; `since` is when the current status began.
 */
export const providerStatus = pgTable('provider_status', {
  provider: text('provider').primaryKey(),
  status: text('status').notNull(),
  /** Which implementation answered: 'SMTP', 'dev outbox', 'monday.com', 'built-in', ... */
  implementation: text('implementation').notNull(),
  message: text('message'),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

export const releaseDetailsStatus = pgEnum('release_details_status', ['draft', 'submitted']);

/**
 * The release details an artist completes for an in-progress submission: a draft saved
 * at any time (`data`: per track the ISRC, credits, splits, lyrics, explicit flag and clips), then
 * submitted for review, when the tracks' own rows are updated from it in the same transaction.
 */
export const releaseDetails = pgTable('release_details', {
  submissionId: uuid('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  status: releaseDetailsStatus('status').notNull().default('draft'),
  data: jsonb('data').notNull(),
  artworkUploadId: uuid('artwork_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// --- Invitations and returning-artist links -----------------------------------------------------

/**
 * An invitation: a board item for an artist the label wants, before any submission (its id is the
 * item id the spec calls mondayItemId). The link's token is stored only as a SHA-256 hash; a new
 * token (regenerate) replaces the old one. Expired is derived from `expiresAt`; used once a
 * submission arrived through it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    artistName: text('artist_name').notNull(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    invitationReason: text('invitation_reason'),
    artistId: uuid('artist_id').references(() => artists.id, { onDelete: 'set null' }),
    waitingListEntryId: uuid('waiting_list_entry_id').references(() => waitingListEntries.id, {
      onDelete: 'set null',
    }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_email_idx').on(t.email),
    // The keyset order of the staff list, and one per status filter: a status is a
    // condition on used_at, revoked_at (and, open ones, expires_at: valid or expired), so each
    // filter reads its own partial index in the list's order.
    index('invitations_created_at_id_idx').on(t.createdAt, t.id),
    index('invitations_used_created_at_id_idx').on(t.createdAt, t.id).where(sql`${t.usedAt} is not null`),
    index('invitations_revoked_created_at_id_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.usedAt} is null and ${t.revokedAt} is not null`),
    index('invitations_open_created_at_id_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.usedAt} is null and ${t.revokedAt} is null`),
    // The invitations of one artist (the staff artist page) and of one waiting-list entry.
    index('invitations_artist_id_created_at_id_idx').on(t.artistId, t.createdAt, t.id),
    index('invitations_waiting_list_entry_id_created_at_idx').on(t.waitingListEntryId, t.createdAt),
  ],
);

/**
 * A returning-artist link (design.md §6): valid 365 days for any number of releases, revocable,
 * counted. It only pre-fills and authorises submissions; it never opens the signed-in area.
 */
export const returningLinks = pgTable(
  'returning_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    /** The approved submission it was offered for, if any. */
    sourceSubmissionId: uuid('source_submission_id').references(() => submissions.id, {
      onDelete: 'set null',
    }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    usageCount: integer('usage_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('returning_links_token_hash_key').on(t.tokenHash),
    index('returning_links_artist_id_idx').on(t.artistId),
  ],
);

export const boardSyncEntity = pgEnum('board_sync_entity', ['submission', 'invitation']);

/**
 * The optional monday.com mirror: which item on the external board stands for which
 * submission or invitation, and how the last sync went. Written only by the sync jobs.
 */
export const boardSyncItems = pgTable(
  'board_sync_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityType: boardSyncEntity('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    externalItemId: text('external_item_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('board_sync_items_entity_key').on(t.entityType, t.entityId)],
);

// --- The artist agreement ------------------------------------------------------------------------

/**
 * The agreement the label asks artists to sign. Every save is a new version; a signature request
 * freezes the rendered text of the version it was made from, so editing never changes what an
 * artist signed.
 */
export const agreementTemplates = pgTable(
  'agreement_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agreement_templates_version_key').on(t.version)],
);

export const signatureStatus = pgEnum('signature_status', SIGNATURE_STATUSES);
export const signatureProvider = pgEnum('signature_provider', ['builtin', 'dropbox_sign']);

/**
 * One request for an artist's signature. `documentText` is the agreement exactly as shown to the
 * signer and `documentSha256` its hash; the signing link's token is stored only as a hash and is
 * short-lived (a new one is issued on request). At most one request per artist awaits a signature
 * at a time (partial unique index), which is what refuses a second creation. Once signed, the
 * `contracts.seal` job writes the sealed PDF and its SHA-256.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => agreementTemplates.id, { onDelete: 'restrict' }),
    templateVersion: integer('template_version').notNull(),
    status: signatureStatus('status').notNull().default('awaiting_signature'),
    provider: signatureProvider('provider').notNull().default('builtin'),
    /** Dropbox Sign's signature_request_id and the signer's signature_id (embedded sign URL). */
    providerRequestId: text('provider_request_id'),
    providerSignatureId: text('provider_signature_id'),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    documentTitle: text('document_title').notNull(),
    documentText: text('document_text').notNull(),
    documentSha256: text('document_sha256').notNull(),
    /** The current signing link (`/sign/:token`), hashed; null once the request is closed. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The signing deadline. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    signatureMethod: text('signature_method'),
    /** The typed name, or the drawn signature as a PNG data URL. */
    signatureText: text('signature_text'),
    signatureImage: text('signature_image'),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    sealedFileKey: text('sealed_file_key'),
    sealedSha256: text('sealed_sha256'),
    sealedBytes: integer('sealed_bytes'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    /**
     * Set for a request to sign a release's schedule to the agreement; null for the
     * artist agreement itself. A schedule may need several requests (one expired or declined).
     */
    scheduleId: uuid('schedule_id').references((): AnyPgColumn => releaseSchedules.id, {
      onDelete: 'cascade',
    }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('signature_requests_token_hash_key').on(t.tokenHash),
    uniqueIndex('signature_requests_one_open_per_artist')
      .on(t.artistId)
      .where(sql`${t.status} = 'awaiting_signature' and ${t.scheduleId} is null`),
    uniqueIndex('signature_requests_one_open_per_schedule')
      .on(t.scheduleId)
      .where(sql`${t.status} = 'awaiting_signature' and ${t.scheduleId} is not null`),
    index('signature_requests_schedule_id_idx').on(t.scheduleId, t.createdAt),
    uniqueIndex('signature_requests_provider_request_key').on(t.providerRequestId),
    index('signature_requests_artist_id_idx').on(t.artistId, t.createdAt),
  ],
);

/** The audit trail of a signature request, written in the transaction of the change it records. */
export const signatureEvents = pgTable(
  'signature_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [index('signature_events_request_id_idx').on(t.requestId, t.id)],
);

/**
 * Every deadline reminder mailed: one row per submission, deadline (its key and its
 * date: a moved deadline is a new one) and recipient address. The reminder job inserts the row and
 * queues the mail in one transaction, on conflict doing nothing, so a rerun or a second process
 * never sends the same reminder twice.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** The key date's key, e.g. `release:delivery` or `single-<track id>:pitch` (domain/release). */
    deadlineKey: text('deadline_key').notNull(),
    deadlineDate: text('deadline_date').notNull(),
    /** Lower-cased address the reminder went to. */
    recipient: text('recipient').notNull(),
    /** 'artist' or 'reviewer' (the assigned staff member). */
    recipientRole: text('recipient_role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deadline_reminders_once_key').on(t.submissionId, t.deadlineKey, t.deadlineDate, t.recipient),
  ],
);

export const trackLoudnessStatus = pgEnum('track_loudness_status', ['measured', 'failed']);

/**
 * The loudness and level check of a track's stored audio, written by the
 * `media.measure-loudness` job: one row per track and audio file, so a replaced file is measured
 * again and the old file's numbers are never shown for the new one (the board reads the row of the
 * track's current `audio_upload_id`). Files never change under their id; the SHA-256 of the bytes
 * measured is kept too. `failed` rows say why the file could not be measured.
 */
export const trackLoudness = pgTable(
  'track_loudness',
  {
    trackId: uuid('track_id')
      .notNull()
      .references(() => submissionTracks.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    status: trackLoudnessStatus('status').notNull(),
    /** Why the file could not be measured, in the artist's words (`failed` only). */
    reason: text('reason'),
    /** SHA-256 (hex) of the bytes measured; null when they could not be read. */
    sha256: text('sha256'),
    /** LUFS, ITU-R BS.1770-4 gated; null for a silent file. */
    integratedLufs: doublePrecision('integrated_lufs'),
    truePeakDbtp: doublePrecision('true_peak_dbtp'),
    samplePeakDbfs: doublePrecision('sample_peak_dbfs'),
    clippedSamples: bigint('clipped_samples', { mode: 'number' }),
    leadingSilenceSeconds: doublePrecision('leading_silence_seconds'),
    trailingSilenceSeconds: doublePrecision('trailing_silence_seconds'),
    durationSeconds: doublePrecision('duration_seconds'),
    sampleRate: integer('sample_rate'),
    bitDepth: integer('bit_depth'),
    channels: integer('channels'),
    /** False when the file stopped before the samples its header promised. */
    complete: boolean('complete'),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trackId, t.uploadId] }),
    index('track_loudness_upload_id_idx').on(t.uploadId),
  ],
);

/**
 * The schedule to the artist agreement of one approved release: what was approved,
 * frozen as JSON (release title, type and date; each track's title, ISRC, contributors and roles,
 * master splits; the SHA-256 of each track's audio and of the artwork), signed by the artist through
 * a signature request of its own (`signature_requests.schedule_id`). One per submission and
 * version; at most one current (not superseded) per submission. A change that makes it stale (a
 * replaced file, new credits or splits, a new ISRC) supersedes it, and a new version is prepared.
 */
export const releaseSchedules = pgTable(
  'release_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    /** 1, 2, ...: the submission's schedules in order. */
    version: integer('version').notNull(),
    /** `ReleaseScheduleContent` (domain/contract/release-schedule.ts). */
    content: jsonb('content').notNull(),
    /**
     * SHA-256 of what the schedule was made from without the file hashes (the file ids stand for
     * them): a change writer compares it in its transaction, without reading any file.
     */
    sourceKey: text('source_key').notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** Why: 'changed' (what it lists changed). */
    supersededReason: text('superseded_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('release_schedules_version_key').on(t.submissionId, t.version),
    uniqueIndex('release_schedules_one_current').on(t.submissionId).where(sql`${t.supersededAt} is null`),
    index('release_schedules_artist_id_idx').on(t.artistId),
  ],
);

// --- Delivery to stores (DDEX ERN) --------------------------------------------------------------

/**
 * Where the label's identifiers come from: designation codes of its ISRCs and item references of
 * its UPCs (domain/delivery/identifiers.ts). A sequence hands out each number once, even to two
 * approvals at the same moment, and never again after a rollback or a deletion.
 */
export const isrcDesignationSeq = pgSequence('isrc_designation_seq', { startWith: 1, minValue: 1 });
// GS1 item reference 0 is a valid number (the only one a 12-digit company prefix has).
export const icpnItemReferenceSeq = pgSequence('icpn_item_reference_seq', { startWith: 0, minValue: 0 });

export const deliveryState = pgEnum('delivery_state', ['delivering', 'delivered', 'failed', 'taken_down']);

/**
 * A release as it leaves for the stores: its ICPN (UPC/EAN-13), the P-line and C-line staff set
 * (null: the defaults, the production year or release date's year and the label's name), the
 * store-ready cover made from the artwork, and where its latest delivery stands (the board's chips).
 */
export const releaseDeliveries = pgTable(
  'release_deliveries',
  {
    submissionId: uuid('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** 13 digits, check digit included. */
    icpn: text('icpn'),
    icpnOrigin: identifierOrigin('icpn_origin'),
    pLineYear: integer('p_line_year'),
    pLineOwner: text('p_line_owner'),
    cLineYear: integer('c_line_year'),
    cLineOwner: text('c_line_owner'),
    /** The artwork upload the cover was made from; a new artwork makes a new cover. */
    coverSourceUploadId: uuid('cover_source_upload_id').references(() => uploads.id, {
      onDelete: 'set null',
    }),
    coverKey: text('cover_key'),
    coverSha256: text('cover_sha256'),
    coverBytes: bigint('cover_bytes', { mode: 'number' }),
    /** Why no cover could be made from that artwork, in staff's words (too small, not square). */
    coverProblem: text('cover_problem'),
    state: deliveryState('state'),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('release_deliveries_icpn_key').on(t.icpn),
    index('release_deliveries_state_idx').on(t.state, t.submissionId).where(sql`${t.state} is not null`),
  ],
);

export const deliveryKind = pgEnum('delivery_kind', ['initial', 'update', 'takedown']);
export const deliveryAttemptStatus = pgEnum('delivery_attempt_status', [
  'queued',
  'sending',
  'sent',
  'acknowledged',
  'rejected',
  'failed',
]);

/**
 * The delivery log: one row per message sent (or being sent) to a target, with its batch, the
 * message id the recipient will quote, what happened and, once the recipient wrote one, its
 * acknowledgement.
 */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** 'sftp' or 's3': the configured target. */
    target: text('target').notNull(),
    /** The target as staff read it (sftp://host/path, s3://bucket/prefix), without secrets. */
    targetDescription: text('target_description').notNull(),
    kind: deliveryKind('kind').notNull(),
    messageId: text('message_id').notNull(),
    batchId: text('batch_id').notNull(),
    icpn: text('icpn').notNull(),
    /** SHA-256 of the release as the message described it: what a later delivery compares. */
    releaseKey: text('release_key').notNull(),
    /**
     * The release as the message sent it (`DeliveryRelease`), once sent: a takedown describes what
     * the store has, even after the release changed here.
     */
    release: jsonb('release'),
    /** A takedown's last day in the stores. */
    takedownDate: text('takedown_date'),
    status: deliveryAttemptStatus('status').notNull().default('queued'),
    tries: integer('tries').notNull().default(0),
    /** The last failure, in words. */
    error: text('error'),
    /** The recipient's acknowledgement: file name, status and its words. */
    acknowledgement: jsonb('acknowledgement').$type<{ fileName: string; status: string; text: string }>(),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('delivery_attempts_message_id_key').on(t.messageId),
    index('delivery_attempts_submission_id_created_at_idx').on(t.submissionId, t.createdAt),
  ],
);

/**
 * Reminder and notice mail a person turned off (domain/mail/mail-kinds.ts), by address, so it
 * holds for staff, artists and people without an account alike. A row whose `turned_off_at` is
 * null was turned on again; the mail job reads it before sending such a mail.
 */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    /** Lower-cased and trimmed. */
    email: text('email').notNull(),
    kind: text('kind', { enum: UNSUBSCRIBABLE_MAIL_KINDS }).notNull(),
    /** Since when this kind is off; null while it is on. */
    turnedOffAt: timestamp('turned_off_at', { withTimezone: true }),
    /** Where it was last switched: a mail's link (one-click, or its page) or the profile. */
    changedVia: text('changed_via', { enum: MAIL_PREFERENCE_SOURCES }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);

export const dataRequestKind = pgEnum('data_request_kind', DATA_REQUEST_KINDS);

/**
 * Artists' data requests (the privacy policy answers them within 30 days): each download of an
 * artist's data and each erasure, who did it (the artist, or the staff member) and, for an erasure,
 * the reason staff gave. `detail` holds counts and, while an erasure's files are still being
 * deleted, their storage keys (`files.pending`), emptied as each one goes.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: dataRequestKind('kind').notNull(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id),
    byUserId: uuid('by_user_id').references(() => users.id),
    reason: text('reason'),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('data_requests_artist_idx').on(t.artistId, t.createdAt)],
);
