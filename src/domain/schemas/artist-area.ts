import { z } from 'zod';
import { audioWaveformSchema } from '../audio/waveform-peaks';
import { artistProfileSchema, artistProfileUpdateSchema } from './artist-profile';
import { shortTextSchema } from './common';
import { pageAnswerFields, pageQueryFields } from './pagination';
import { submissionSchema } from './submission';
import { trackMetadataSchema } from './track';

/**
 * The signed-in artist's API (spec 000 §7). Every route answers for the signed-in
 * artist only; another artist's ids answer 404 as if they did not exist.
 */

/** GET /api/artist/profile and the answer of PUT: the full profile with its completion. */
export const artistProfileResponseSchema = z.object({
  success: z.literal(true),
  profile: artistProfileSchema.extend({
    /** 0-100, the weighted sum of spec 000 §5. */
    completion: z.number().min(0).max(100),
  }),
});
export type ArtistProfileResponse = z.infer<typeof artistProfileResponseSchema>;

/**
 * PUT /api/artist/profile. `picture` is not set directly: `pictureFileId` names an image the
 * artist uploaded (through the upload service, while signed in); null removes the picture.
 */
export const artistProfileSaveSchema = artistProfileUpdateSchema.omit({ picture: true }).extend({
  pictureFileId: z.string().max(200).nullable().optional(),
});
export type ArtistProfileSave = z.infer<typeof artistProfileSaveSchema>;

/** GET /api/profile/submissions: the artist's submissions, a page at a time (pagination.ts). */
export const artistSubmissionsQuerySchema = z.object(pageQueryFields(20));
export type ArtistSubmissionsQuery = z.infer<typeof artistSubmissionsQuerySchema>;

/** The artist's submissions, newest first unless asked otherwise (spec 000 §3 Submission). */
export const artistSubmissionsResponseSchema = z.object({
  success: z.literal(true),
  submissions: z.array(submissionSchema),
  ...pageAnswerFields,
});
export type ArtistSubmissionsResponse = z.infer<typeof artistSubmissionsResponseSchema>;

/** One track of the release-details form: the stored track plus what the artist completes. */
export const releaseDetailsTrackSchema = z.object({
  /** submission_tracks.id */
  trackId: z.string(),
  position: z.number().int().nonnegative(),
  title: z.string(),
  /** A signed link to listen while filling in the details. */
  audioUrl: z.string().nullable(),
  /**
   * The audio's waveform for the social clip picker, measured once by the server's
   * `media.audio-peaks` job; null until it has run (or when there is no audio).
   */
  waveform: audioWaveformSchema.nullable(),
  isrc: shortTextSchema,
  metadata: trackMetadataSchema,
});
export type ReleaseDetailsTrack = z.infer<typeof releaseDetailsTrackSchema>;

export const releaseDetailsStatusSchema = z.enum(['draft', 'submitted']);

/** GET/PUT /api/profile/submissions/{itemId}/release-details and POST …/submit answer this. */
export const releaseDetailsResponseSchema = z.object({
  success: z.literal(true),
  releaseDetails: z.object({
    itemId: z.string(),
    releaseTitle: z.string(),
    /** Not started: no draft saved yet (the tracks come from the submission). */
    status: z.enum(['not_started', 'draft', 'submitted']),
    updatedAt: z.string().nullable(),
    submittedAt: z.string().nullable(),
    tracks: z.array(releaseDetailsTrackSchema),
    /** The final artwork: the submission's own until the artist uploads another. */
    artwork: z.object({ fileId: z.string(), url: z.string() }).nullable(),
  }),
});
export type ReleaseDetailsResponse = z.infer<typeof releaseDetailsResponseSchema>;

/** PUT (save draft) and POST …/submit: what the artist may change. */
export const releaseDetailsSaveSchema = z.object({
  tracks: z
    .array(
      z.object({
        trackId: z.string().max(200),
        isrc: shortTextSchema,
        metadata: trackMetadataSchema,
      }),
    )
    .max(20),
  /** An image the artist uploaded while signed in; absent keeps the current artwork. */
  artworkFileId: z.string().max(200).optional(),
});
export type ReleaseDetailsSave = z.infer<typeof releaseDetailsSaveSchema>;
