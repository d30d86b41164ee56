import { z } from 'zod';
import { emailSchema, idSchema, longTextSchema, shortTextSchema } from './common';

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
});
export type ReturningArtistDetailsResponse = z.infer<typeof returningArtistDetailsResponseSchema>;

/**
 * POST /api/artist-invitations/create. Shape only: the spec's messages come from
 * validateAdminInvite, which the server runs on the parsed payload.
 */
export const adminInvitationPayloadSchema = z.object({
  artistName: shortTextSchema,
  firstName: shortTextSchema,
  surname: shortTextSchema,
  email: shortTextSchema,
  invitationReason: longTextSchema.optional(),
});
export type AdminInvitationPayload = z.infer<typeof adminInvitationPayloadSchema>;

export const adminInvitationResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  itemId: idSchema.optional(),
  artistName: z.string().optional(),
  email: emailSchema.optional(),
  message: z.string().optional(),
  nextSteps: z.array(z.string()).optional(),
});
export type AdminInvitationResponse = z.infer<typeof adminInvitationResponseSchema>;
