import { and, desc, gte, lt, sql } from 'drizzle-orm';
import {
  type AnalyticsDashboard,
  assessSystemHealth,
  computePerformanceScore,
  errorSeveritySchema,
  MONITORED_PROVIDERS,
  type MonitoredProvider,
  PERFORMANCE_BUCKETS,
  type StoredProviderStatus,
  summarizePerformance,
  WEB_VITAL_NAMES,
  WEB_VITAL_PERCENTILE,
  type WebVitalName,
  type WebVitalValues,
} from '../../../domain';
import type { Database } from '../../db/client';
import { errorReports, providerStatus, webVitals } from '../../db/schema';

/** Rows in the recent errors table. */
export const RECENT_ERRORS_LIMIT = 20;

const HOUR_MS = 60 * 60_000;

interface VitalRow {
  name: WebVitalName;
  /** null for the whole window's row (grouping sets). */
  bucket: number | null;
  p75: number;
}

/**
 * 75th percentiles per metric, for each of the window's buckets and for the whole window, in one
 * pass over the window's rows (grouping sets). The `name in (...)` lets PostgreSQL walk the
 * (name, created_at, value) index once per metric instead of the whole table.
 */
async function readVitals(db: Database, start: Date, end: Date): Promise<VitalRow[]> {
  const bucketMs = (end.getTime() - start.getTime()) / PERFORMANCE_BUCKETS;
  // Written as literals (a number and a timestamp the server made), not parameters: the grouping
  // expression must be the same text in the select list and in GROUP BY.
  const bucket = sql<number>`least(floor(extract(epoch from (${webVitals.createdAt} - ${sql.raw(`'${start.toISOString()}'`)}::timestamptz)) * 1000 / ${sql.raw(String(bucketMs))})::int, ${sql.raw(String(PERFORMANCE_BUCKETS - 1))})`;
  const rows = await db
    .select({
      name: webVitals.name,
      bucket: sql<number | null>`case when grouping(${bucket}) = 1 then null else ${bucket} end`,
      p75: sql<number>`percentile_cont(${WEB_VITAL_PERCENTILE}) within group (order by ${webVitals.value})`,
    })
    .from(webVitals)
    .where(
      and(
        sql`${webVitals.name} in (${sql.join(
          WEB_VITAL_NAMES.map((name) => sql`${name}`),
          sql`, `,
        )})`,
        gte(webVitals.createdAt, start),
        lt(webVitals.createdAt, end),
      ),
    )
    .groupBy(sql`grouping sets ((${webVitals.name}, ${bucket}), (${webVitals.name}))`);
  return rows.map((row) => ({
    name: row.name,
    bucket: row.bucket === null ? null : Number(row.bucket),
    p75: Number(row.p75),
  }));
}

async function countPageLoads(db: Database, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${webVitals.pageLoadId})::int` })
    .from(webVitals)
    .where(and(gte(webVitals.createdAt, start), lt(webVitals.createdAt, end)));
  return row?.count ?? 0;
}

async function readErrorCounts(db: Database, start: Date, end: Date) {
  return db
    .select({
      category: errorReports.category,
      severity: errorReports.severity,
      count: sql<number>`count(*)::int`,
    })
    .from(errorReports)
    .where(and(gte(errorReports.createdAt, start), lt(errorReports.createdAt, end)))
    .groupBy(errorReports.category, errorReports.severity);
}

async function readRecentErrors(db: Database, start: Date, end: Date) {
  return db
    .select({
      createdAt: errorReports.createdAt,
      severity: errorReports.severity,
      category: errorReports.category,
      source: errorReports.source,
      message: errorReports.message,
      url: errorReports.url,
    })
    .from(errorReports)
    .where(and(gte(errorReports.createdAt, start), lt(errorReports.createdAt, end)))
    .orderBy(desc(errorReports.createdAt))
    .limit(RECENT_ERRORS_LIMIT);
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
 * failed jobs, provider outages) and the providers' last checked state. Each figure is one
 * aggregate query over an index on `created_at`.
 */
export async function getAnalyticsDashboard(
  db: Database,
  input: { hours: number; now: Date; uptimeSeconds: number },
): Promise<AnalyticsDashboard> {
  const { hours, now } = input;
  const start = new Date(now.getTime() - hours * HOUR_MS);
  const [vitals, pageLoads, errorCounts, recentErrors, recent, providers] = await Promise.all([
    readVitals(db, start, now),
    countPageLoads(db, start, now),
    readErrorCounts(db, start, now),
    readRecentErrors(db, start, now),
    readRecentProblems(db, now),
    readProviderStatuses(db),
  ]);

  const windowValues: WebVitalValues = {};
  const bucketValues: WebVitalValues[] = Array.from({ length: PERFORMANCE_BUCKETS }, () => ({}));
  for (const row of vitals) {
    if (row.bucket === null) windowValues[row.name] = row.p75;
    else {
      const values = bucketValues[row.bucket];
      if (values) values[row.name] = row.p75;
    }
  }
  const bucketMs = (hours * HOUR_MS) / PERFORMANCE_BUCKETS;
  const scoreHistory = bucketValues.map((values, index) => ({
    start: new Date(start.getTime() + index * bucketMs).toISOString(),
    score: computePerformanceScore(values),
  }));
  const summary = summarizePerformance(scoreHistory);
  const health = assessSystemHealth({ providers, recent, now });
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
      sampleCount: pageLoads,
      scoreHistory,
    },
    errorStats: {
      totalErrors: errorCounts.reduce((sum, row) => sum + row.count, 0),
      errorsByCategory: countBy(errorCounts.map((row) => ({ key: row.category, count: row.count }))),
      errorsBySeverity: countBy(errorCounts.map((row) => ({ key: row.severity, count: row.count }))),
      recentErrors: recentErrors.map((row) => ({
        timestamp: row.createdAt.toISOString(),
        // Written by the domain's classification; an unknown word (an older row) reads as LOW.
        severity: errorSeveritySchema.catch('LOW').parse(row.severity),
        category: row.category,
        source: row.source,
        message: row.message,
        ...(row.url ? { url: row.url } : {}),
      })),
    },
    timeWindow: hours,
    timestamp: now.toISOString(),
  };
}
