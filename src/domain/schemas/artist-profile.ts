import { z } from 'zod';
import { submissionStatusSchema } from '../status/submission-status-schema';
import { idSchema, longTextSchema, shortTextSchema } from './common';

/** Profile text fields; all optional because a new artist fills them in over time (spec 000 §3). */
const profileFields = {
  name: shortTextSchema.optional(),
  picture: shortTextSchema.optional(),
  artistName: shortTextSchema.optional(),
  nationality: shortTextSchema.optional(),
  country: shortTextSchema.optional(),
  city: shortTextSchema.optional(),
  biography: longTextSchema.optional(),
  spotifyProfile: shortTextSchema.optional(),
  appleMusicProfile: shortTextSchema.optional(),
  soundcloudProfile: shortTextSchema.optional(),
  instagramProfile: shortTextSchema.optional(),
  tiktokProfile: shortTextSchema.optional(),
  website: shortTextSchema.optional(),
  pplId: shortTextSchema.optional(),
  prsId: shortTextSchema.optional(),
};

export const artistProfileSchema = z.object({
  userId: idSchema,
  email: z.string(),
  ...profileFields,
  status: submissionStatusSchema.optional(),
  profileCompleted: z.boolean(),
  submissionCount: z.number().int().nonnegative(),
  hasSignedContract: z.boolean(),
  contractSignatureId: z.string().optional(),
});
export type ArtistProfile = z.infer<typeof artistProfileSchema>;

/** What the edit-profile form may change: never the id, e-mail, status or counters. */
export const artistProfileUpdateSchema = z.object(profileFields);
export type ArtistProfileUpdate = z.infer<typeof artistProfileUpdateSchema>;

export const authUserSchema = z.object({
  userId: idSchema,
  email: z.string(),
  name: z.string().optional(),
  artistName: z.string().optional(),
  picture: z.string().optional(),
  // Imprint keeps sessions in HTTP-only cookies (design.md §1); a bearer token is optional.
  token: z.string().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const profileResponseSchema = z.object({
  success: z.boolean(),
  profile: z
    .object({
      name: z.string().optional(),
      artistName: z.string().optional(),
      picture: z.string().optional(),
    })
    .optional(),
  error: z.string().optional(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
