import { z } from 'zod';
import { toStorableJson } from '../common/text';
import { WEB_VITAL_NAMES, WEB_VITAL_THRESHOLDS } from '../monitoring/web-vitals';
import { feedbackRatingsSchema } from './feedback-ratings';
import { pageAnswerFields, pageQueryFields } from './pagination';

/** The dashboard's time windows in hours: Last Hour, Last 24 Hours, Last Week (spec 001 §2). */
export const ANALYTICS_WINDOWS = [
  { hours: 1, label: 'Last Hour' },
  { hours: 24, label: 'Last 24 Hours' },
  { hours: 168, label: 'Last Week' },
] as const;

/** `?hours=` of GET /api/analytics/dashboard: only the three windows are accepted. */
export const ANALYTICS_HOURS_MESSAGE = 'hours must be 1, 24 or 168';
export const analyticsHoursQuerySchema = z
  .enum(['1', '24', '168'], { error: ANALYTICS_HOURS_MESSAGE })
  .transform(Number);

export const errorSeveritySchema = z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);

const vitalSchema = z.number().nonnegative().nullable();

/** One error event as the dashboard's list shows it: when, how bad, what kind, from where, what. */
export const errorEventSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  severity: errorSeveritySchema,
  category: z.string(),
  source: z.enum(['client', 'server', 'job', 'provider']),
  message: z.string(),
  url: z.string().optional(),
});
export type ErrorEventSummary = z.infer<typeof errorEventSchema>;

export const analyticsDashboardSchema = z.object({
  systemHealth: z.object({
    status: z.enum(['healthy', 'degraded', 'unhealthy']),
    /** Seconds since this server process started. */
    uptime: z.number().nonnegative(),
    issues: z.array(z.string()),
  }),
  performanceStats: z.object({
    /** 0-100 (domain/monitoring/web-vitals.ts); null when no page load was measured. */
    currentScore: z.number().nullable(),
    averageScore: z.number().nullable(),
    trend: z.enum(['improving', 'degrading', 'stable']),
    /** 75th percentiles over the window: milliseconds, CLS unitless; null when not measured. */
    coreWebVitals: z.object({
      lcp: vitalSchema,
      fcp: vitalSchema,
      cls: vitalSchema,
      inp: vitalSchema,
      ttfb: vitalSchema,
    }),
    /**
     * INP at its 75th percentile per page (route pattern) over the window, the most measured
     * pages first (at most 20); a page nobody interacted with has none.
     */
    inpByRoute: z.array(
      z.object({
        route: z.string(),
        p75: z.number().nonnegative(),
        pageLoads: z.number().int().nonnegative(),
      }),
    ),
    /** Page loads that sent any measurement in the window. */
    sampleCount: z.number().int().nonnegative(),
    /** The window in equal buckets, oldest first, with each bucket's score. */
    scoreHistory: z.array(z.object({ start: z.string(), score: z.number().nullable() })),
  }),
  errorStats: z.object({
    totalErrors: z.number().int().nonnegative(),
    errorsByCategory: z.record(z.string(), z.number().int().nonnegative()),
    errorsBySeverity: z.record(z.string(), z.number().int().nonnegative()),
    recentErrors: z.array(errorEventSchema),
  }),
  /**
   * Declines in the window per reason: per decline template (a deleted one keeps its
   * name), and those sent without one (templateId null). Most used first.
   */
  declineReasons: z.array(
    z.object({ templateId: z.string().nullable(), name: z.string(), count: z.number().int().nonnegative() }),
  ),
  /** Artists' ratings of the decisions' feedback, rated or changed in the window (the spec's "Answers artists can rate"). */
  feedbackRatings: feedbackRatingsSchema,
  timeWindow: z.number(),
  timestamp: z.string(),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;

/**
 * GET /api/analytics/errors: the error events of a window (`hours`, as the dashboard's), a page at
 * a time (pagination.ts): the dashboard shows the latest few, this list the rest of the window.
 */
export const errorEventsQuerySchema = z.object({
  hours: analyticsHoursQuerySchema,
  ...pageQueryFields(20),
});
export type ErrorEventsQuery = z.infer<typeof errorEventsQuerySchema>;

export const errorEventsResponseSchema = z.object({
  success: z.literal(true),
  errors: z.array(errorEventSchema),
  /** `total`: the window's error events, as counted with the first page (the window as it was then). */
  ...pageAnswerFields,
});
export type ErrorEventsResponse = z.infer<typeof errorEventsResponseSchema>;

/**
 * POST /api/monitoring/web-vitals: what one page load measured (web-vitals), sent with sendBeacon
 * when the page is hidden. `route` is the route pattern ('/submission/:id'), never a path with ids.
 */
export const webVitalsBeaconSchema = z.object({
  /** Random per page load (crypto.randomUUID()); a metric sent again for it replaces the first. */
  pageLoadId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'pageLoadId must be letters, digits and hyphens'),
  route: z
    .string()
    .min(1)
    .max(200)
    .regex(/^\/[A-Za-z0-9/:._*-]*$/, 'route must be a route pattern'),
  metrics: z
    .array(
      z
        .object({
          name: z.enum(WEB_VITAL_NAMES),
          value: z.number().nonnegative().max(600_000),
          navigationType: z.string().max(40).optional(),
        })
        .refine((metric) => metric.value <= WEB_VITAL_THRESHOLDS[metric.name].max, {
          message: 'value is out of range for this metric',
          path: ['value'],
        }),
    )
    .min(1)
    .max(20),
});
export type WebVitalsBeacon = z.infer<typeof webVitalsBeaconSchema>;

/**
 * POST /api/monitoring/report-error (spec 001 §7). A report is a record of what the browser saw, so
 * text that cannot be stored (a NUL, half an emoji cut by a truncated message) is kept with
 * replacement marks rather than losing the report.
 */
export const errorReportPayloadSchema = z
  .object({
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
  })
  .transform((report) => toStorableJson(report) as typeof report);
export type ErrorReportPayload = z.infer<typeof errorReportPayloadSchema>;
