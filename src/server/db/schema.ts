import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
  (t) => [uniqueIndex('artists_email_key').on(t.email), uniqueIndex('artists_user_id_key').on(t.userId)],
);

/** Server-side sessions. The cookie carries a random token; only its SHA-256 hash is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
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
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

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
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt)],
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
