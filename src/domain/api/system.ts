import { z } from 'zod';
import type { PublicResponsePromise } from '../review/response-record';
import { isoDateSchema } from '../schemas/common';
import { REOPEN_DATE_INVALID } from '../submission/reopen-date';

export const healthCheckSchema = z.object({
  status: z.enum(['ok', 'fail']),
  /** The implementation checked: 'PGlite', 'PostgreSQL', 'local disk', 'S3', 'SMTP', 'dev outbox', ... */
  provider: z.string(),
  latencyMs: z.number(),
  /** A short description of the failure: the provider's own words, never a secret. */
  message: z.string().optional(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/**
 * `GET /api/health`: 200 with `ok`, or with `degraded` while an optional provider (mail, board,
 * signing, catalogue) is down; 503 with `fail` only when the database or file storage cannot serve
 * (domain/monitoring/system-health.ts), so a load balancer keeps a working instance.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'fail']),
  version: z.string(),
  uptimeSeconds: z.number(),
  checks: z.object({
    database: healthCheckSchema,
    storage: healthCheckSchema,
    mail: healthCheckSchema,
    board: healthCheckSchema,
    signing: healthCheckSchema,
    catalogue: healthCheckSchema,
  }),
  /** One line per provider that is down. */
  issues: z.array(z.string()),
  /**
   * Whether outgoing mail is DKIM-signed (DKIM_*). Not a check: unsigned mail still goes out, so
   * it never turns the status degraded. Optional, like `mailQueue`, for the clients' sake.
   */
  dkim: z.object({ configured: z.boolean() }).optional(),
  /**
   * Staff only: advice about the setup that changes nothing in `status` (DKIM not configured, or
   * not aligned with MAIL_FROM's domain). Absent for anyone else.
   */
  notices: z.array(z.string()).optional(),
  /**
   * Mail in the job queue: waiting to be sent (through an outage mail is retried for
   * a day), the oldest one's wait, and mail given up in the last 24 hours. The last error (the mail
   * server's words) only for staff. Optional for the clients' sake: every answer has it.
   */
  mailQueue: z
    .object({
      waiting: z.number().int().nonnegative(),
      oldestWaitingSeconds: z.number().int().nonnegative().nullable(),
      givenUp: z.number().int().nonnegative(),
      lastError: z.string().optional(),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The response promise with its record, as `GET /api/config` answers it (review/response-record.ts). */
export const publicResponsePromiseSchema = z.object({
  days: z.number().int().positive(),
  record: z
    .object({
      windowDays: z.number().int().positive(),
      decisions: z.number().int().nonnegative(),
      onTimePercent: z.number().int().min(0).max(100),
      medianDays: z.number().nonnegative(),
    })
    .nullable(),
}) satisfies z.ZodType<PublicResponsePromise>;

/**
 * `GET /api/config` (spec 001 §7): the submission mode, and what the public pages say about it:
 * the day submissions reopen (while closed, when staff set one that has not passed) and the
 * response promise with its record. The last two are optional for the clients' sake: the server
 * always sends them, and a page without them shows the mode alone.
 */
export const siteConfigResponseSchema = z.object({
  submissionsEnabled: z.boolean(),
  reopensOn: isoDateSchema.nullable().optional(),
  responsePromise: publicResponsePromiseSchema.optional(),
});
export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;

/** `POST /api/config/set`: the mode, and while closed, the day they reopen (null: none). */
export const setSiteConfigBodySchema = z.object({
  submissionsEnabled: z.boolean(),
  reopensOn: z
    .string({ error: REOPEN_DATE_INVALID })
    .max(10, { error: REOPEN_DATE_INVALID })
    .nullable()
    .optional(),
});
export const setSiteConfigResponseSchema = z.object({
  success: z.literal(true),
  submissionsEnabled: z.boolean(),
  reopensOn: isoDateSchema.nullable(),
});

/** The error body every API route answers with on a 4xx or 5xx. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
