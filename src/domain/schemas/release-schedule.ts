import { z } from 'zod';
import { appPathSchema, idSchema } from './common';

/** A file a release schedule lists, with its SHA-256 (domain/contract/release-schedule.ts). */
const scheduleFileSchema = z.object({ uploadId: z.string(), fileName: z.string(), sha256: z.string() });

/** `ReleaseScheduleContent`: what was approved, as frozen in the schedule. */
export const releaseScheduleContentSchema = z.object({
  releaseTitle: z.string(),
  releaseType: z.string(),
  releaseDate: z.string().nullable(),
  artwork: scheduleFileSchema.nullable(),
  tracks: z.array(
    z.object({
      position: z.number().int(),
      title: z.string(),
      isrc: z.string().nullable(),
      contributors: z.array(z.object({ name: z.string(), roles: z.array(z.string()) })),
      splits: z.array(z.object({ name: z.string(), percentage: z.number() })),
      audio: scheduleFileSchema.nullable(),
      artwork: scheduleFileSchema.optional(),
    }),
  ),
});

/** Where a release schedule stands: its signature request's status, or superseded by a newer one. */
export const RELEASE_SCHEDULE_STATES = [
  'awaiting_signature',
  'signed',
  'declined',
  'expired',
  'superseded',
] as const;
export type ReleaseScheduleState = (typeof RELEASE_SCHEDULE_STATES)[number];

/** A release schedule as its artist and staff see it. */
export const releaseScheduleSchema = z.object({
  id: idSchema,
  submissionId: idSchema,
  version: z.number().int(),
  state: z.enum(RELEASE_SCHEDULE_STATES),
  createdAt: z.string(),
  supersededAt: z.string().optional(),
  /** The latest signature request of the schedule: its audit, status and sealed copy. */
  signatureRequestId: idSchema.optional(),
  signedAt: z.string().optional(),
  sealedAt: z.string().optional(),
  /** The sealed PDF, once sealed: GET /api/contracts/:requestId/document. */
  documentUrl: appPathSchema.optional(),
  /** The page that checks a file against the schedule: /contracts/:requestId/verify. */
  verifyPath: appPathSchema.optional(),
  content: releaseScheduleContentSchema,
});
export type ReleaseSchedule = z.infer<typeof releaseScheduleSchema>;

/** GET /api/release-schedules?submissionId= (owner or staff): the current schedule, else the latest. */
export const releaseScheduleQuerySchema = z.object({ submissionId: z.string().max(200) });
export const submissionScheduleResponseSchema = z.object({
  success: z.boolean(),
  schedule: releaseScheduleSchema.nullable(),
});
export type SubmissionScheduleResponse = z.infer<typeof submissionScheduleResponseSchema>;

/** GET /api/release-schedules/:id (owner or staff). */
export const releaseScheduleResponseSchema = z.object({
  success: z.boolean(),
  schedule: releaseScheduleSchema,
});

/**
 * A schedule as the artist's Contract Signing tab lists it, beside the agreement: its release, its
 * state and where its proof is (the sealed PDF, the verify page), without what it lists.
 */
export const releaseScheduleSummarySchema = releaseScheduleSchema.omit({ content: true }).extend({
  releaseTitle: z.string(),
});
export type ReleaseScheduleSummary = z.infer<typeof releaseScheduleSummarySchema>;

/** GET /api/release-schedules/mine (artist): every schedule of the signed-in artist's releases, newest first. */
export const releaseScheduleListResponseSchema = z.object({
  success: z.boolean(),
  schedules: z.array(releaseScheduleSummarySchema),
});
export type ReleaseScheduleListResponse = z.infer<typeof releaseScheduleListResponseSchema>;
