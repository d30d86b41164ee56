import { z } from 'zod';
import { idSchema, longTextSchema, shortTextSchema } from './common';

// GET /api/config lives in api/system.ts (siteConfigResponseSchema).

/** POST /api/waiting-list: the artist fields plus the listen link (spec 001 §7). */
export const waitingListPayloadSchema = z.object({
  artistData: z.object({
    firstName: shortTextSchema,
    surname: shortTextSchema,
    artistName: shortTextSchema,
    email: shortTextSchema,
    phone: shortTextSchema.optional(),
    country: shortTextSchema,
    city: shortTextSchema,
    instagramProfile: shortTextSchema.optional(),
    tiktokProfile: shortTextSchema.optional(),
    spotifyProfile: shortTextSchema.optional(),
    listenLink: shortTextSchema,
    projectDescription: longTextSchema.optional(),
  }),
});
export type WaitingListPayload = z.infer<typeof waitingListPayloadSchema>;

export const waitingListResponseSchema = z.object({
  success: z.boolean(),
  itemId: idSchema.optional(),
  error: z.string().optional(),
  details: z.string().optional(),
});
export type WaitingListResponse = z.infer<typeof waitingListResponseSchema>;
