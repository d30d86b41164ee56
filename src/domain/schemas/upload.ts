import { z } from 'zod';
import { checkUploadFileName } from '../files/file-rules';
import { INVALID_FILE_NAME } from '../files/messages';
import { shortTextSchema } from './common';

export const uploadFileTypeSchema = z.enum(['track', 'artwork']);
export type UploadFileType = z.infer<typeof uploadFileTypeSchema>;

const folderRefSchema = z.object({ url: z.string(), id: z.string() });

/** Answer of the upload endpoints (spec 001 §3, Upload result). */
export const uploadResultSchema = z.object({
  success: z.boolean(),
  fileId: z.string().optional(),
  url: z.string().optional(),
  downloadUrl: z.string().optional(),
  fileName: z.string().optional(),
  artistName: z.string().optional(),
  fileType: uploadFileTypeSchema.optional(),
  folderType: z.string().optional(),
  folderStructure: z
    .object({ artist: folderRefSchema, audio: folderRefSchema, images: folderRefSchema })
    .optional(),
  uploadMethod: z.enum(['APP_ENGINE', 'CLOUD_STORAGE_DIRECT']).optional(),
  originalSize: z.number().nonnegative().optional(),
  /** The upload session the file belongs to (the server makes one when the client sent none). */
  sessionId: z.string().optional(),
  error: z.string().optional(),
  details: z.string().optional(),
  diagnostics: z.record(z.string(), z.unknown()).optional(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** The name of the file as the artist's computer calls it: one line of storable text. */
export const uploadFileNameSchema = z
  .string()
  .min(1)
  .max(500)
  .refine((name) => checkUploadFileName(name) === null, INVALID_FILE_NAME);

/** Multipart text fields that travel with the file in POST /api/upload/storage. */
export const uploadFieldsSchema = z.object({
  artistName: shortTextSchema.min(1),
  fileType: uploadFileTypeSchema,
  trackTitle: shortTextSchema.optional(),
  releaseTitle: shortTextSchema.optional(),
  sessionId: shortTextSchema.optional(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** POST /api/storage/generate-upload-url. */
export const generateUploadUrlPayloadSchema = uploadFieldsSchema
  .pick({ artistName: true, fileType: true, sessionId: true })
  .extend({
    fileName: uploadFileNameSchema,
    fileSize: z.number().int().positive(),
    contentType: shortTextSchema,
  });
export type GenerateUploadUrlPayload = z.infer<typeof generateUploadUrlPayloadSchema>;

export const generateUploadUrlResponseSchema = z.object({
  uploadUrl: z.string(),
  fileName: z.string(),
  bucketName: z.string(),
});
export type GenerateUploadUrlResponse = z.infer<typeof generateUploadUrlResponseSchema>;

/** POST /api/storage/process-upload. */
export const processUploadPayloadSchema = uploadFieldsSchema.extend({
  fileName: shortTextSchema.min(1),
  bucketName: shortTextSchema.min(1),
});
export type ProcessUploadPayload = z.infer<typeof processUploadPayloadSchema>;

/** The submit modal's state (spec 001 §3, Progress record). */
export const progressRecordSchema = z.object({
  status: z.string(),
  progress: z.number().min(0).max(100),
  isUploading: z.boolean(),
  currentFile: z.number().int().nonnegative(),
  totalFiles: z.number().int().nonnegative(),
  /** Seconds; null until there is enough progress to estimate. */
  estimatedTimeRemaining: z.number().nonnegative().nullable(),
  /** Epoch milliseconds, or null before the upload starts. */
  startTime: z.number().nullable(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

/** Files one request may ask fresh links for: a release's tracks and its artwork. */
export const FILE_LINKS_MAX_FILES = 50;

/**
 * POST /api/storage/file-links (beyond the spec): fresh signed links for files the
 * form uploaded in its upload session and has not submitted yet. A visitor's links work 15 minutes,
 * so a form kept open longer, or reloaded from its draft, asks again.
 */
export const fileLinksPayloadSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'Invalid session id'),
  fileIds: z.array(z.uuid('Invalid file id')).min(1).max(FILE_LINKS_MAX_FILES),
});
export type FileLinksPayload = z.infer<typeof fileLinksPayloadSchema>;

export const fileLinksResponseSchema = z.object({
  success: z.literal(true),
  /** The requested files of that session that are ready and unsubmitted; others are left out. */
  files: z.array(z.object({ fileId: z.string(), url: z.string(), downloadUrl: z.string() })),
});
export type FileLinksResponse = z.infer<typeof fileLinksResponseSchema>;
