import { z } from 'zod';
import { INVALID_LIST_CURSOR } from '../pagination/messages';
import { submissionStatusSchema } from '../status/submission-status-schema';
import { artistProfileUpdateSchema } from './artist-profile';
import { boardItemSummarySchema } from './board';
import { artistErasureSchema } from './data-requests';
import { invitationSummarySchema } from './invitation';
import { pageAnswerFields, pageQueryFields } from './pagination';

/** The staff console's reads: the waiting list and one artist's page. */

export const ARTIST_NOT_FOUND = 'Artist not found';

/** GET /api/waiting-list: one entry as the artist sent it (spec 001 §7), with its invitation if any. */
export const staffWaitingListEntrySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  surname: z.string(),
  artistName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  city: z.string(),
  instagramProfile: z.string().nullable(),
  tiktokProfile: z.string().nullable(),
  spotifyProfile: z.string().nullable(),
  listenLink: z.string(),
  projectDescription: z.string().nullable(),
  createdAt: z.string(),
  /** The newest invitation made from this entry, or null while none was sent. */
  invitationId: z.string().nullable(),
});
export type StaffWaitingListEntry = z.infer<typeof staffWaitingListEntrySchema>;

/** GET /api/waiting-list: the entries, newest first unless asked otherwise, a page at a time (pagination.ts). */
export const staffWaitingListQuerySchema = z.object(pageQueryFields(50));
export type StaffWaitingListQuery = z.infer<typeof staffWaitingListQuerySchema>;

export const staffWaitingListResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(staffWaitingListEntrySchema),
  /** `total`: every entry on the waiting list, as counted with the first page. */
  ...pageAnswerFields,
});
export type StaffWaitingListResponse = z.infer<typeof staffWaitingListResponseSchema>;

/**
 * GET /api/artists/:artistId: the staff view of one artist. Their submissions are a paged list of
 * their own (GET /api/artists/:artistId/submissions); the invitations sent to them are few.
 */
export const staffArtistSchema = artistProfileUpdateSchema.omit({ picture: true }).extend({
  artistId: z.string(),
  email: z.string(),
  status: z.string(),
  createdAt: z.string(),
  completion: z.number().min(0).max(100),
  hasSignedContract: z.boolean(),
  invitations: z.array(invitationSummarySchema),
  /** Set once the artist's personal data was erased: when, why and by whom. */
  erasure: artistErasureSchema.nullable().optional(),
});
export type StaffArtist = z.infer<typeof staffArtistSchema>;

export const staffArtistResponseSchema = z.object({
  success: z.literal(true),
  artist: staffArtistSchema,
});
export type StaffArtistResponse = z.infer<typeof staffArtistResponseSchema>;

/** GET /api/artists/:artistId/submissions: one artist's submissions as the board summarises them. */
export const staffArtistSubmissionsQuerySchema = z.object(pageQueryFields(20));
export type StaffArtistSubmissionsQuery = z.infer<typeof staffArtistSubmissionsQuerySchema>;

export const staffArtistSubmissionsResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(boardItemSummarySchema),
  ...pageAnswerFields,
});
export type StaffArtistSubmissionsResponse = z.infer<typeof staffArtistSubmissionsResponseSchema>;

/**
 * GET /api/artists: every artist, a page at a time, newest or oldest first or by name
 * (A to Z), optionally only those whose name or e-mail starts with `q` (any case).
 */
export const ARTIST_LIST_SORTS = ['newest', 'oldest', 'name'] as const;
export type ArtistListSort = (typeof ARTIST_LIST_SORTS)[number];
export const UNKNOWN_ARTIST_LIST_SORT = "The artists can be sorted 'newest' or 'oldest' first, or by 'name'.";
export const ARTIST_SEARCH_MAX_LENGTH = 100;
export const ARTIST_SEARCH_TOO_LONG = `Search with at most ${ARTIST_SEARCH_MAX_LENGTH} characters of an artist's name or e-mail.`;

export const staffArtistListQuerySchema = z.object({
  ...pageQueryFields(25),
  // By name, the cursor carries the last name read, so it may be longer than a date's.
  cursor: z.string({ error: INVALID_LIST_CURSOR }).max(4000, { error: INVALID_LIST_CURSOR }).optional(),
  sort: z.enum(ARTIST_LIST_SORTS, { error: UNKNOWN_ARTIST_LIST_SORT }).default('newest'),
  q: z
    .string({ error: ARTIST_SEARCH_TOO_LONG })
    .max(ARTIST_SEARCH_MAX_LENGTH, { error: ARTIST_SEARCH_TOO_LONG })
    .optional(),
});
export type StaffArtistListQuery = z.infer<typeof staffArtistListQuerySchema>;

/** One artist in the staff list: who, their picture, their submissions at a glance, the agreement. */
export const staffArtistListRowSchema = z.object({
  artistId: z.string(),
  /** The artist name, else the person's name, else the e-mail (as the artist page's title). */
  name: z.string(),
  email: z.string(),
  /** A signed link to the profile picture, or null. */
  picture: z.string().nullable(),
  createdAt: z.string(),
  submissionCount: z.number().int().nonnegative(),
  /** The newest submission's status and date, or null while they have none. */
  latestSubmission: z.object({ status: submissionStatusSchema, createdAt: z.string() }).nullable(),
  hasSignedContract: z.boolean(),
});
export type StaffArtistListRow = z.infer<typeof staffArtistListRowSchema>;

export const staffArtistListResponseSchema = z.object({
  success: z.literal(true),
  artists: z.array(staffArtistListRowSchema),
  /** `total`: the artists the search matches (all of them without one), as counted with the first page. */
  ...pageAnswerFields,
});
export type StaffArtistListResponse = z.infer<typeof staffArtistListResponseSchema>;
