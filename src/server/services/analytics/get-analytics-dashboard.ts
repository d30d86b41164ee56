import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  ANALYTICS_WINDOWS,
  type AnalyticsDashboard,
  assessSystemHealth,
  computePerformanceScore,
  DECLINED_WITHOUT_TEMPLATE,
  MONITORED_PROVIDERS,
  type MonitoredProvider,
  PERFORMANCE_BUCKETS,
  percentileOfHistogram,
  type StoredProviderStatus,
  summarizePerformance,
  type WebVitalName,
  type WebVitalValues,
} from '../../../domain';
import type { Database } from '../../db/client';
import { decisionTemplates, errorReports, providerStatus, submissionEvents } from '../../db/schema';
import { readMailQueue } from '../health/read-mail-queue';
import type { AnalyticsHourCache } from './hour-cache';
import { readAnalyticsWindow } from './read-analytics-window';
import { errorEventColumns, presentErrorEvent } from './read-error-events';
import { readFeedbackRatings } from './read-feedback-ratings';
import { readInpByRoute } from './read-inp-by-route';

/** Rows in the recent errors table (more through GET /api/analytics/errors). */
export const RECENT_ERRORS_LIMIT = 20;

const HOUR_MS = 60 * 60_000;

async function readRecentErrors(db: Database, start: Date, end: Date) {
  return db
    .select(errorEventColumns)
    .from(errorReports)
    .where(and(gte(errorReports.createdAt, start), lt(errorReports.createdAt, end)))
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
    .limit(RECENT_ERRORS_LIMIT);
}

/**
 * Declines in the window per decline template, most used first: the status changes
 * to rejected, through their partial index on (created_at, template_id). A deleted template keeps
 * its name; declines sent without a template are one more line.
 */
async function readDeclineReasons(
  db: Database,
  start: Date,
  end: Date,
): Promise<AnalyticsDashboard['declineReasons']> {
  const count = sql<number>`count(*)::int`;
  const rows = await db
    .select({ templateId: submissionEvents.templateId, name: decisionTemplates.name, count })
    .from(submissionEvents)
    .leftJoin(decisionTemplates, eq(decisionTemplates.id, submissionEvents.templateId))
    .where(
      and(
        eq(submissionEvents.type, 'status_changed'),
        eq(submissionEvents.toStatus, 'rejected'),
        gte(submissionEvents.createdAt, start),
        lt(submissionEvents.createdAt, end),
      ),
    )
    .groupBy(submissionEvents.templateId, decisionTemplates.name)
    .orderBy(desc(count), decisionTemplates.name);
  return rows.map((row) => ({
    templateId: row.templateId,
    name: row.templateId ? (row.name ?? DECLINED_WITHOUT_TEMPLATE) : DECLINED_WITHOUT_TEMPLATE,
    count: row.count,
  }));
}

/** The last hour's problems, whatever the window: the system's status is about now. */
async function readRecentProblems(db: Database, now: Date) {
  const [row] = await db
    .select({
      criticalErrors: sql<number>`count(*) filter (where ${errorReports.severity} = 'CRITICAL')::int`,
      serverErrors: sql<number>`count(*) filter (where ${errorReports.source} = 'server')::int`,
      failedJobs: sql<number>`count(*) filter (where ${errorReports.source} = 'job')::int`,
    })
    .from(errorReports)
    .where(
      and(gte(errorReports.createdAt, new Date(now.getTime() - HOUR_MS)), lt(errorReports.createdAt, now)),
    );
  return {
    criticalErrors: row?.criticalErrors ?? 0,
    serverErrors: row?.serverErrors ?? 0,
    failedJobs: row?.failedJobs ?? 0,
  };
}

async function readProviderStatuses(db: Database): Promise<StoredProviderStatus[]> {
  const rows = await db.select().from(providerStatus);
  const known = new Set<string>(MONITORED_PROVIDERS);
  return rows.flatMap((row) =>
    known.has(row.provider) && (row.status === 'ok' || row.status === 'fail')
      ? [
          {
            provider: row.provider as MonitoredProvider,
            status: row.status,
            message: row.message,
            checkedAt: row.checkedAt,
          },
        ]
      : [],
  );
}

function countBy(rows: readonly { key: string; count: number }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.key] = (counts[row.key] ?? 0) + row.count;
  return counts;
}

/**
 * The analytics dashboard (spec 001 §3 "Analytics dashboard data") for the last `hours`, from
 * stored records only: web vitals of real page loads, error events (client reports, server 5xx,
 * failed jobs, provider outages) and the providers' last checked state. Each figure is an
 * aggregate over an index on `created_at` or over the hourly histograms; with a cache (one per
 * server, routes/api/analytics.ts), the window's ended hours are read once, not on every request.
 */
export async function getAnalyticsDashboard(
  db: Database,
  input: { hours: number; now: Date; uptimeSeconds: number },
  cache?: AnalyticsHourCache,
): Promise<AnalyticsDashboard> {
  const { hours, now } = input;
  const start = new Date(now.getTime() - hours * HOUR_MS);
  const [totals, recentErrors, recent, providers, mailQueue, declineReasons, feedbackRatings, inpByRoute] =
    await Promise.all([
      readAnalyticsWindow(db, start, now, cache),
      readRecentErrors(db, start, now),
      readRecentProblems(db, now),
      readProviderStatuses(db),
      readMailQueue(db),
      readDeclineReasons(db, start, now),
      readFeedbackRatings(db, start, now),
      readInpByRoute(db, start, now),
    ]);
  const errorCounts = totals.errors;

  const p75s = (histograms: ReadonlyMap<WebVitalName, Float64Array>): WebVitalValues =>
    Object.fromEntries(
      [...histograms.entries()].map(([name, counts]) => [name, percentileOfHistogram(name, counts)]),
    );
  const windowHistograms = totals.windowHistograms();
  const windowValues = p75s(windowHistograms);
  const bucketValues = totals.buckets.map(p75s);
  // Each page load measures each metric at most once: the most measured metric counts the loads.
  const pageLoads = Math.max(
    0,
    ...[...windowHistograms.values()].map((counts) => counts.reduce((sum, count) => sum + count, 0)),
  );
  const bucketMs = (hours * HOUR_MS) / PERFORMANCE_BUCKETS;
  const scoreHistory = bucketValues.map((values, index) => ({
    start: new Date(start.getTime() + index * bucketMs).toISOString(),
    score: computePerformanceScore(values),
  }));
  const summary = summarizePerformance(scoreHistory);
  const health = assessSystemHealth({ providers, recent, now, mailQueue });
  const vital = (name: WebVitalName) => windowValues[name] ?? null;

  return {
    systemHealth: { status: health.status, uptime: input.uptimeSeconds, issues: health.issues },
    performanceStats: {
      currentScore: summary.currentScore,
      averageScore: summary.averageScore,
      trend: summary.trend,
      coreWebVitals: {
        lcp: vital('LCP'),
        fcp: vital('FCP'),
        cls: vital('CLS'),
        inp: vital('INP'),
        ttfb: vital('TTFB'),
      },
      inpByRoute,
      sampleCount: pageLoads,
      scoreHistory,
    },
    errorStats: {
      totalErrors: errorCounts.reduce((sum, row) => sum + row.count, 0),
      errorsByCategory: countBy(errorCounts.map((row) => ({ key: row.category, count: row.count }))),
      errorsBySeverity: countBy(errorCounts.map((row) => ({ key: row.severity, count: row.count }))),
      // The first page of GET /api/analytics/errors for the window (read-error-events.ts).
      recentErrors: recentErrors.map(presentErrorEvent),
    },
    declineReasons,
    feedbackRatings,
    timeWindow: hours,
    timestamp: now.toISOString(),
  };
}

/**
 * Reads the longest window's ended hours into the cache, so that the first staff member to open
 * the dashboard after a start does not wait for a week of hours (routes/api/analytics.ts, once the
 * server listens).
 */
export async function warmAnalyticsCache(
  db: Database,
  cache: AnalyticsHourCache,
  now = new Date(),
): Promise<void> {
  const hours = Math.max(...ANALYTICS_WINDOWS.map((window) => window.hours));
  await readAnalyticsWindow(db, new Date(now.getTime() - hours * HOUR_MS), now, cache);
}
