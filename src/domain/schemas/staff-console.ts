import { z } from 'zod';
import { artistProfileUpdateSchema } from './artist-profile';
import { boardItemSummarySchema } from './board';
import { invitationSummarySchema } from './invitation';
import { pageAnswerFields, pageQueryFields } from './pagination';

/** The staff console's reads (issue 9): the waiting list and one artist's page. */

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
