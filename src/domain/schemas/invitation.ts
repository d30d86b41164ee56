import { z } from 'zod';
import { emailSchema, idSchema, longTextSchema, shortTextSchema, withFormDefaults } from './common';
import { pageAnswerFields, pageQueryFields } from './pagination';

/** GET /api/invitation/validate/{token} (spec 001 §3). */
export const invitationValidationResponseSchema = z.object({
  success: z.boolean(),
  valid: z.boolean().optional(),
  error: z.string().optional(),
  artistName: z.string().optional(),
  itemId: z.string().optional(),
  boardType: z.string().optional(),
});
export type InvitationValidationResponse = z.infer<typeof invitationValidationResponseSchema>;

export const invitationPrefillSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  artistName: z.string(),
  instagramProfile: z.string().optional(),
  tiktokProfile: z.string().optional(),
  spotifyProfile: z.string().optional(),
  country: z.string().optional(),
  city: z.string().optional(),
  listenLink: z.string().optional(),
  /** The artist said last time they have no Instagram / TikTok (returning-artist links). */
  noInstagram: z.boolean().optional(),
  noTikTok: z.boolean().optional(),
});
export type InvitationPrefill = z.infer<typeof invitationPrefillSchema>;

/** GET /api/invitation/details/{token}. */
export const invitationDetailsResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  artistName: z.string().optional(),
  firstName: z.string().optional(),
  surname: z.string().optional(),
  email: z.string().optional(),
  itemId: z.string().optional(),
  boardType: z.string().optional(),
  prefillData: invitationPrefillSchema.optional(),
});
export type InvitationDetailsResponse = z.infer<typeof invitationDetailsResponseSchema>;

/** GET /api/returning-artist/validate/{token}. */
export const returningArtistValidationResponseSchema = z.object({
  success: z.boolean(),
  isValid: z.boolean().optional(),
  error: z.string().optional(),
  artistName: z.string().optional(),
  artistEmail: z.string().optional(),
  usageCount: z.number().int().nonnegative().optional(),
  expiresAt: z.string().optional(),
  /** How many submissions the artist has made so far. */
  previousSubmissions: z.number().int().nonnegative().optional(),
  lastUsedAt: z.string().nullable().optional(),
  /** Why the link failed: expired, deactivated, wrong-format or unknown. */
  reason: z.enum(['expired', 'deactivated', 'wrong-format', 'unknown']).optional(),
});
export type ReturningArtistValidationResponse = z.infer<typeof returningArtistValidationResponseSchema>;

/** GET /api/returning-artist/details/{token}. */
export const returningArtistDetailsResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  artistDetails: z
    .object({
      firstName: z.string(),
      surname: z.string(),
      lastUsed: z.string().optional(),
    })
    .optional(),
  prefillData: invitationPrefillSchema.optional(),
});
export type ReturningArtistDetailsResponse = z.infer<typeof returningArtistDetailsResponseSchema>;

/**
 * POST /api/artist-invitations/create. Shape only: the spec's messages come from
 * validateAdminInvite, which the server runs on the parsed payload (a field left out is blank).
 */
export const adminInvitationPayloadSchema = withFormDefaults(
  z.object({
    artistName: shortTextSchema,
    firstName: shortTextSchema,
    surname: shortTextSchema,
    email: shortTextSchema,
    invitationReason: longTextSchema.optional(),
    /** The waiting-list entry this invitation answers, if staff started from one. */
    waitingListEntryId: idSchema.optional(),
  }),
  () => ({ artistName: '', firstName: '', surname: '', email: '' }),
);
export type AdminInvitationPayload = z.infer<typeof adminInvitationPayloadSchema>;

export const adminInvitationResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  itemId: idSchema.optional(),
  artistName: z.string().optional(),
  email: emailSchema.optional(),
  message: z.string().optional(),
  nextSteps: z.array(z.string()).optional(),
  /** The artist's personal link `/i/<token>`, shown once so staff can copy it. */
  invitationUrl: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type AdminInvitationResponse = z.infer<typeof adminInvitationResponseSchema>;

export const invitationStatusSchema = z.enum(['valid', 'expired', 'used', 'revoked']);

/** GET /api/artist-invitations: one status or all, a page at a time (pagination.ts). */
export const invitationListQuerySchema = z.object({
  status: invitationStatusSchema.optional(),
  ...pageQueryFields(50),
});
export type InvitationListQuery = z.infer<typeof invitationListQuerySchema>;

export const invitationSummarySchema = z.object({
  itemId: z.string(),
  artistName: z.string(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  invitationReason: z.string().nullable(),
  status: invitationStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  submissionId: z.string().nullable(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** GET /api/artist-invitations (staff), newest first unless asked otherwise. */
export const invitationListResponseSchema = z.object({
  success: z.boolean(),
  invitations: z.array(invitationSummarySchema),
  /** `total`: the invitations of the status asked for, or all of them. */
  ...pageAnswerFields,
  /** Invitations per status (for the filter chips), as of the first page. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type InvitationListResponse = z.infer<typeof invitationListResponseSchema>;

/** POST /api/artist-invitations/:itemId/regenerate (staff). */
export const regenerateInvitationResponseSchema = z.object({
  success: z.boolean(),
  itemId: z.string(),
  invitationUrl: z.string(),
  expiresAt: z.string(),
});
export type RegenerateInvitationResponse = z.infer<typeof regenerateInvitationResponseSchema>;

export const invitationActionResponseSchema = z.object({ success: z.boolean() });

/** POST /api/board/items/:itemId/returning-link (staff). */
export const createReturningLinkResponseSchema = z.object({
  success: z.boolean(),
  linkId: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type CreateReturningLinkResponse = z.infer<typeof createReturningLinkResponseSchema>;

export const returningLinkSummarySchema = z.object({
  linkId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  usageCount: z.number().int().nonnegative(),
  lastUsedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ReturningLinkSummary = z.infer<typeof returningLinkSummarySchema>;

/** POST /api/returning-links/:linkId/expiry (staff): the link's new last day (UTC). */
export const changeReturningLinkExpiryBodySchema = z.object({ lastDay: z.string().max(40) });
export const changeReturningLinkExpiryResponseSchema = z.object({
  success: z.boolean(),
  expiresAt: z.string(),
});

/** GET /api/artists/:artistId/returning-links (staff). */
export const returningLinkListResponseSchema = z.object({
  success: z.boolean(),
  links: z.array(returningLinkSummarySchema),
});
export type ReturningLinkListResponse = z.infer<typeof returningLinkListResponseSchema>;
