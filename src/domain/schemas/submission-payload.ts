import { z } from 'zod';
import { catalogueItemSchema } from './catalogue';
import { idSchema, shortTextSchema, withFormDefaults } from './common';
import {
  createBlankReleaseFields,
  createDefaultArtistForm,
  createDefaultTrackMetadata,
} from './form-defaults';
import { submissionFormSchema, submissionVerificationSchema } from './submission-form';
import { masterSplitSchema, trackMetadataSchema, trackSchema } from './track';

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
 * so the domain's rules name it in the spec's words. The upload type has no blank:
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
