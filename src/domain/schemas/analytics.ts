import { z } from 'zod';

/** The dashboard's time windows in hours: Last Hour, Last 24 Hours, Last Week (spec 001 §2). */
export const ANALYTICS_WINDOWS = [
  { hours: 1, label: 'Last Hour' },
  { hours: 24, label: 'Last 24 Hours' },
  { hours: 168, label: 'Last Week' },
] as const;

/** `?hours=` of GET /api/analytics/dashboard: only the three windows are accepted. */
export const analyticsHoursQuerySchema = z.enum(['1', '24', '168']).transform(Number);

export const errorSeveritySchema = z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);

const vitalSchema = z.number().nonnegative().nullable().optional();

export const analyticsDashboardSchema = z.object({
  systemHealth: z.object({
    status: z.enum(['healthy', 'degraded', 'unhealthy']),
    /** Seconds. */
    uptime: z.number().nonnegative(),
    issues: z.array(z.string()),
  }),
  performanceStats: z.object({
    currentScore: z.number(),
    averageScore: z.number(),
    trend: z.enum(['improving', 'degrading', 'stable']),
    coreWebVitals: z.object({ lcp: vitalSchema, fcp: vitalSchema, cls: vitalSchema }),
  }),
  errorStats: z.object({
    totalErrors: z.number().int().nonnegative(),
    errorsByCategory: z.record(z.string(), z.number().int().nonnegative()),
    recentErrors: z.array(
      z.object({
        timestamp: z.string(),
        severity: errorSeveritySchema,
        category: z.string(),
        message: z.string(),
        url: z.string().optional(),
      }),
    ),
  }),
  timeWindow: z.number(),
  timestamp: z.string(),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;

/** POST /api/monitoring/report-error (spec 001 §7). */
export const errorReportPayloadSchema = z.object({
  submissionId: z.string().max(200),
  errorData: z.object({
    message: z.string().max(5_000),
    stack: z.string().max(20_000).optional(),
    stage: z.string().max(200).optional(),
    timestamp: z.string(),
    url: z.string().max(2_000).optional(),
    userAgent: z.string().max(1_000).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorReportPayload = z.infer<typeof errorReportPayloadSchema>;
