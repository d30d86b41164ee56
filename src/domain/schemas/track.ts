import { z } from 'zod';
import { CLIP_TIME_PATTERN, MAX_SOCIAL_CLIPS } from '../contributors/clip-time';
import type { FileLike } from '../files/file-like';
import { CONTRIBUTOR_ROLES } from '../reference/contributor-roles';
import { idSchema, longTextSchema, shortTextSchema } from './common';

export const contributorRoleSchema = z.enum(CONTRIBUTOR_ROLES);

export const contributorSchema = z.object({
  id: idSchema,
  firstName: shortTextSchema,
  surname: shortTextSchema,
  email: shortTextSchema.optional(),
  roles: z.array(contributorRoleSchema),
  isFeatured: z.boolean(),
  isPrimaryArtist: z.boolean(),
  /** Only kept when the contributor is a primary artist (spec 001 §3). */
  spotifyUrl: shortTextSchema.optional(),
});
export type Contributor = z.infer<typeof contributorSchema>;

/** A split names a contributor by id, or a person by name and e-mail (spec 001 §3). */
export const masterSplitSchema = z.object({
  id: idSchema,
  contributorId: z.string().optional(),
  firstName: shortTextSchema.optional(),
  lastName: shortTextSchema.optional(),
  email: shortTextSchema.optional(),
  percentage: z.number(),
});
export type MasterSplit = z.infer<typeof masterSplitSchema>;

export const socialClipSchema = z.object({
  id: idSchema,
  startTime: z.string().regex(CLIP_TIME_PATTERN),
  endTime: z.string().regex(CLIP_TIME_PATTERN),
  status: z.string(),
  description: longTextSchema.optional(),
});
export type SocialClip = z.infer<typeof socialClipSchema>;

export const parentalAdvisorySchema = z.enum(['yes', 'no', 'cleaned']);
export type ParentalAdvisory = z.infer<typeof parentalAdvisorySchema>;

export const trackMetadataSchema = z.object({
  soloWork: z.boolean(),
  featuredArtists: z.array(contributorSchema),
  nonFeaturedArtists: z.array(contributorSchema),
  producers: z.array(contributorSchema),
  /** Text as typed in the year input; the rules check it is a year in range. */
  productionYear: z.string(),
  parentalAdvisory: parentalAdvisorySchema,
  hasMasterSplit: z.boolean(),
  masterSplits: z.array(masterSplitSchema),
  lyricsEnabled: z.boolean(),
  lyrics: longTextSchema.optional(),
  socialClipsEnabled: z.boolean(),
  socialClips: z.array(socialClipSchema).max(MAX_SOCIAL_CLIPS),
});
export type TrackMetadata = z.infer<typeof trackMetadataSchema>;

/**
 * A track as it travels to the server: the audio is already uploaded, so it carries the stored
 * file's url and ids instead of the browser's File (spec 001 §3, Track).
 */
export const trackSchema = z.object({
  id: idSchema,
  title: shortTextSchema,
  uploadProgress: z.number().min(0).max(100).optional(),
  isUploading: z.boolean().optional(),
  uploadFailed: z.boolean().optional(),
  url: z.string().optional(),
  fileId: z.string().optional(),
  bucketName: z.string().optional(),
  fileName: z.string().optional(),
  releaseDate: z.string().optional(),
  releaseAsSingle: z.boolean().optional(),
  singleReleaseDate: z.string().optional(),
  singleOrder: z.number().int().positive().optional(),
  groupedWithFinalSingle: z.boolean().optional(),
  /** The track's own cover instead of the release artwork (spec 001 §3); the picture is a JPEG upload. */
  useCustomArtwork: z.boolean().optional(),
  customArtworkUrl: z.string().optional(),
  /** The uploaded custom artwork (`customArtworkUrl` is its link), as `artworkFileId` is the main one's. */
  customArtworkFileId: z.string().max(200).optional(),
  customArtworkFileName: shortTextSchema.optional(),
  metadata: trackMetadataSchema.optional(),
});
export type Track = z.infer<typeof trackSchema>;

/** A track while it is being edited in the form: it may still hold the picked file. */
export type TrackDraft = Track & { file?: FileLike | null; customArtwork?: FileLike | null };
