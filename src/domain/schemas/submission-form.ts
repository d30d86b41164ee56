import { z } from 'zod';
import type { FileLike } from '../files/file-like';
import { UPLOAD_TYPE_LABELS, UPLOAD_TYPES, type UploadType } from '../submission/upload-types';
import { catalogueItemSchema } from './catalogue';
import { formDateSchema, longTextSchema, shortTextSchema } from './common';
import { type TrackDraft, trackSchema } from './track';

export const uploadTypeSchema = z.enum(UPLOAD_TYPES);
export type { UploadType };
export { UPLOAD_TYPE_LABELS };

export const releaseTypeSchema = z.enum(['single', 'ep', 'lp']);
export type ReleaseType = z.infer<typeof releaseTypeSchema>;

export const releaseStrategySchema = z.enum(['together', 'singles_first']);
export type ReleaseStrategy = z.infer<typeof releaseStrategySchema>;

export const submissionIntentSchema = z.enum(['submit-music', 'keep-updated']);
export type SubmissionIntent = z.infer<typeof submissionIntentSchema>;

/**
 * Step 1 fields (spec 001 §3, Artist form data). Plain strings, '' when empty: the rules in
 * artist/ report what is missing with the spec's messages, which a schema error could not.
 */
export const artistFormSchema = z.object({
  firstName: shortTextSchema,
  surname: shortTextSchema,
  email: shortTextSchema,
  artistName: shortTextSchema,
  phone: shortTextSchema.optional(),
  country: shortTextSchema,
  city: shortTextSchema,
  instagramProfile: shortTextSchema,
  tiktokProfile: shortTextSchema,
  noInstagram: z.boolean(),
  noTikTok: z.boolean(),
  spotifyProfile: shortTextSchema,
  listenLink: shortTextSchema.optional(),
  projectDescription: longTextSchema.optional(),
  submissionIntent: submissionIntentSchema,
});
export type ArtistForm = z.infer<typeof artistFormSchema>;

/** The whole submission as the server receives it (spec 001 §3, Submission form data). */
export const submissionFormSchema = artistFormSchema.extend({
  releaseTitle: shortTextSchema,
  /** Url of the uploaded main artwork. */
  artwork: z.string().optional(),
  tracks: z.array(trackSchema).max(20),
  uploadType: uploadTypeSchema,
  releaseType: releaseTypeSchema,
  releaseDate: formDateSchema,
  primaryGenre: shortTextSchema,
  subGenre: shortTextSchema,
  earlyReleaseRequest: z.boolean(),
  earlyReleaseReason: longTextSchema,
  releaseStrategy: releaseStrategySchema,
  fullReleaseDate: formDateSchema,
  singlesCount: z.number().int().nonnegative(),
  firstSingleDate: formDateSchema,
  lastSingleDate: formDateSchema,
  distributor: shortTextSchema,
  catalogueItems: z.array(catalogueItemSchema).max(500),
  influences: longTextSchema,
  bio: longTextSchema,
  proNumber: shortTextSchema,
  publishingAdministrationInterest: z.boolean(),
});
export type SubmissionForm = z.infer<typeof submissionFormSchema>;

/** The form while being edited: tracks and artwork may still hold the picked files. */
export type SubmissionDraft = Omit<SubmissionForm, 'tracks'> & {
  tracks: TrackDraft[];
  artworkFile?: FileLike | null;
  artworkPreview?: string;
};

/**
 * The bot check that travels with a submission (spec 001 §5): the form token the server issued
 * when the form opened (it proves the timing), the honeypot inputs as the browser found them, and
 * a Turnstile token when Turnstile is configured.
 */
export const submissionVerificationSchema = z.object({
  formToken: z.string().max(500),
  honeypot: z.object({
    website: z.string().max(500).optional(),
    email_confirm: z.string().max(500).optional(),
  }),
  turnstileToken: z.string().max(4_096).optional(),
});
export type SubmissionVerification = z.infer<typeof submissionVerificationSchema>;

export type { CreateBoardItemResponse } from './submission-response';

/** The board item is named 'artist - release title' (spec 001 §7). */
export function buildBoardItemName(artistName: string, releaseTitle: string): string {
  return `${artistName.trim()} - ${releaseTitle.trim()}`;
}
