import { z } from 'zod';
import { idSchema, longTextSchema, shortTextSchema, withFormDefaults } from './common';

// GET /api/config lives in api/system.ts (siteConfigResponseSchema).

/**
 * POST /api/waiting-list: the artist fields plus the listen link (spec 001 §7). What is missing is
 * reported by validateWaitingList in the spec's words (withFormDefaults).
 */
const waitingListArtistDataSchema = z.object({
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
});

const blankWaitingListEntry = () => ({
  firstName: '',
  surname: '',
  artistName: '',
  email: '',
  country: '',
  city: '',
  listenLink: '',
});

export const waitingListPayloadSchema = withFormDefaults(
  z.object({ artistData: withFormDefaults(waitingListArtistDataSchema, blankWaitingListEntry) }),
  () => ({ artistData: {} }),
);
export type WaitingListPayload = z.infer<typeof waitingListPayloadSchema>;

export const waitingListResponseSchema = z.object({
  success: z.boolean(),
  itemId: idSchema.optional(),
  error: z.string().optional(),
  details: z.string().optional(),
});
export type WaitingListResponse = z.infer<typeof waitingListResponseSchema>;
