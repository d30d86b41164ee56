import { z } from 'zod';
import type { FileLike } from '../files/file-like';
import { UPLOAD_TYPE_LABELS, UPLOAD_TYPES, type UploadType } from '../submission/upload-types';
import { catalogueItemSchema } from './catalogue';
import { formDateSchema, idSchema, longTextSchema, shortTextSchema, withFormDefaults } from './common';
import {
  createBlankReleaseFields,
  createDefaultArtistForm,
  createDefaultTrackMetadata,
} from './form-defaults';
import { masterSplitSchema, type TrackDraft, trackMetadataSchema, trackSchema } from './track';

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

/** A track as a payload carries it: a field left out is the empty form's (withFormDefaults). */
const trackPayloadSchema = withFormDefaults(
  trackSchema.extend({
    metadata: withFormDefaults(
      trackMetadataSchema.extend({
        // A split without a percentage has an invalid one ('Split #N has invalid percentage').
        masterSplits: z.array(withFormDefaults(masterSplitSchema, () => ({ percentage: 0 }))),
      }),
      () => ({ ...createDefaultTrackMetadata() }),
    ).optional(),
  }),
  () => ({ title: '' }),
);

/**
 * The submission form with nothing filled in: what a field left out of a payload is taken to be,
 * so the domain's rules name it in the spec's words (issue 18 §10). The upload type has no blank:
 * it is the artist's first choice, and the rules that apply depend on it.
 */
function blankSubmissionForm(): Record<string, unknown> {
  // The artist's optional fields (phone, listen link, project description) stay left out.
  const {
    phone: _phone,
    listenLink: _listenLink,
    projectDescription: _project,
    ...artist
  } = createDefaultArtistForm();
  return { ...artist, ...createBlankReleaseFields() };
}

/** POST /api/board/create-item (spec 001 §7, renamed in design.md §2). */
export const createBoardItemPayloadSchema = withFormDefaults(
  z.object({
    itemName: shortTextSchema,
    formData: withFormDefaults(
      submissionFormSchema.extend({
        tracks: z.array(trackPayloadSchema).max(20),
        catalogueItems: z
          .array(withFormDefaults(catalogueItemSchema, () => ({ title: '', artist: '', spotifyUrl: '' })))
          .max(500),
        /** Groups the uploads of this submission; one submission per session (idempotency). */
        uploadSessionId: z.string().min(8).max(200),
        /** The uploaded main artwork (`artwork` is its url). */
        artworkFileId: z.string().max(200).optional(),
        /** The personal link's token (`/i/<token>`): the submission answers that invitation. */
        invitationToken: z.string().max(200).optional(),
        /** A returning-artist link's token (`/r/<token>`): the submission is that artist's. */
        returningToken: z.string().max(200).optional(),
        itemId: idSchema.optional(),
      }),
      blankSubmissionForm,
    ),
    additionalData: z.object({
      mainFolderUrl: z.string().max(2_000).optional(),
      audioUrls: z.string().max(50_000).optional(),
      imageUrls: z.string().max(50_000).optional(),
      /** Comma-joined streaming URLs of the catalogue items. */
      transferUrls: z.string().max(100_000).optional(),
    }),
    // Left out, the bot check fails with the spec's words (BOT_CHECK_FAILED).
    verification: withFormDefaults(submissionVerificationSchema, () => ({ formToken: '', honeypot: {} })),
  }),
  () => ({ itemName: '', formData: {}, additionalData: {}, verification: {} }),
);
export type CreateBoardItemPayload = z.infer<typeof createBoardItemPayloadSchema>;

export const createBoardItemResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ itemId: z.string() }).optional(),
  error: z.string().optional(),
});
export type CreateBoardItemResponse = z.infer<typeof createBoardItemResponseSchema>;

/** The board item is named 'artist - release title' (spec 001 §7). */
export function buildBoardItemName(artistName: string, releaseTitle: string): string {
  return `${artistName.trim()} - ${releaseTitle.trim()}`;
}
