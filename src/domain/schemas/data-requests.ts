import { z } from 'zod';
import {
  DATA_REQUEST_MESSAGES,
  ERASURE_REASON_MAX_LENGTH,
  ERASURE_REASON_MIN_LENGTH,
} from '../privacy/data-requests';

/** POST /api/artists/:artistId/erase (staff): why, and the artist's address typed to confirm. */
export const eraseArtistBodySchema = z.object({
  reason: z
    .string({ error: DATA_REQUEST_MESSAGES.reasonLength })
    .trim()
    .min(ERASURE_REASON_MIN_LENGTH, { error: DATA_REQUEST_MESSAGES.reasonLength })
    .max(ERASURE_REASON_MAX_LENGTH, { error: DATA_REQUEST_MESSAGES.reasonLength }),
  confirm: z
    .string({ error: DATA_REQUEST_MESSAGES.confirmRequired })
    .trim()
    .min(1, { error: DATA_REQUEST_MESSAGES.confirmRequired })
    .max(320, { error: DATA_REQUEST_MESSAGES.confirmMismatch }),
});
export type EraseArtistBody = z.infer<typeof eraseArtistBodySchema>;

/** The files of an erasure: how many there were, deleted from storage, still to delete. */
export const erasedFilesSchema = z.object({
  total: z.number().int().nonnegative(),
  deleted: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type ErasedFiles = z.infer<typeof erasedFilesSchema>;

/** An artist's erasure as staff see it: when, why, by whom, and where the files stand. */
export const artistErasureSchema = z.object({
  requestId: z.string(),
  erasedAt: z.string(),
  reason: z.string(),
  /** The staff member's name or address; null once their account is gone. */
  erasedBy: z.string().nullable(),
  files: erasedFilesSchema,
});
export type ArtistErasure = z.infer<typeof artistErasureSchema>;

export const eraseArtistResponseSchema = z.object({
  success: z.literal(true),
  erasure: artistErasureSchema,
  /** The outcome in words, files included. */
  message: z.string(),
});
