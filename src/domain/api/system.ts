import { z } from 'zod';

export const healthCheckSchema = z.object({
  status: z.enum(['ok', 'fail']),
  latencyMs: z.number(),
  /** A short, fixed description of the failure; details go to the server log only. */
  message: z.string().optional(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/** `GET /api/health`: 200 when every check passes, 503 otherwise. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'fail']),
  version: z.string(),
  uptimeSeconds: z.number(),
  checks: z.object({ database: healthCheckSchema, storage: healthCheckSchema, mail: healthCheckSchema }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/config` (spec 001 §7). */
export const siteConfigResponseSchema = z.object({ submissionsEnabled: z.boolean() });
export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;

/** The error body every API route answers with on a 4xx or 5xx. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
