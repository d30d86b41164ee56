import { type AnyColumn, and, desc, gte, lt, type SQL, sql } from 'drizzle-orm';
import {
  type AnalyticsDashboard,
  assessSystemHealth,
  computePerformanceScore,
  errorSeveritySchema,
  MONITORED_PROVIDERS,
  type MonitoredProvider,
  PERFORMANCE_BUCKETS,
  percentileOfHistogram,
  type StoredProviderStatus,
  summarizePerformance,
  WEB_VITAL_NAMES,
  type WebVitalName,
  type WebVitalValues,
} from '../../../domain';
import type { Database } from '../../db/client';
import { errorReports, providerStatus, webVitalHistograms, webVitals } from '../../db/schema';

/** Rows in the recent errors table. */
export const RECENT_ERRORS_LIMIT = 20;

const HOUR_MS = 60 * 60_000;

/** Measurements of one metric in one histogram bin, in one of the window's buckets. */
interface BinCount {
  name: WebVitalName;
  bucket: number;
  bin: number;
  count: number;
}

const ALL_METRICS = sql.join(
  WEB_VITAL_NAMES.map((name) => sql`${name}`),
  sql`, `,
);

/**
 * The bucket of a time column, written with literals (a number and a timestamp the server made),
 * not parameters: the grouping expression must be the same text in the select list and GROUP BY.
 */
function bucketOf(column: SQL | AnyColumn, start: Date, bucketMs: number): SQL<number> {
  return sql<number>`least(floor(extract(epoch from (${column} - ${sql.raw(`'${start.toISOString()}'`)}::timestamptz))::float8 * 1000 / ${sql.raw(String(bucketMs))})::int, ${sql.raw(String(PERFORMANCE_BUCKETS - 1))})`;
}

/** Raw measurements in [from, to), counted per metric, bucket and bin (from the index alone). */
async function readRawBins(db: Database, from: Date, to: Date, start: Date, bucketMs: number) {
  const bucket = bucketOf(webVitals.createdAt, start, bucketMs);
  return db
    .select({ name: webVitals.name, bucket, bin: webVitals.bin, count: sql<number>`count(*)::int` })
    .from(webVitals)
    .where(
      and(
        sql`${webVitals.name} in (${ALL_METRICS})`,
        gte(webVitals.createdAt, from),
        lt(webVitals.createdAt, to),
      ),
    )
    .groupBy(webVitals.name, bucket, webVitals.bin);
}

/** Whole hours in [from, to) from the hourly histograms, per metric, bucket and bin. */
async function readHourlyBins(db: Database, from: Date, to: Date, start: Date, bucketMs: number) {
  const bucket = bucketOf(webVitalHistograms.hour, start, bucketMs);
  return db
    .select({
      name: webVitalHistograms.name,
      bucket,
      bin: webVitalHistograms.bin,
      count: sql<number>`sum(${webVitalHistograms.count})::int`,
    })
    .from(webVitalHistograms)
    .where(
      and(
        sql`${webVitalHistograms.name} in (${ALL_METRICS})`,
        gte(webVitalHistograms.hour, from),
        lt(webVitalHistograms.hour, to),
      ),
    )
    .groupBy(webVitalHistograms.name, bucket, webVitalHistograms.bin);
}

/**
 * The window's measurements in histogram bins: its whole hours from the hourly histograms, its
 * partial first and last hours from the raw rows. A whole hour counts in the bucket its start
 * falls in.
 */
async function readVitalBins(db: Database, start: Date, end: Date): Promise<BinCount[]> {
  const bucketMs = (end.getTime() - start.getTime()) / PERFORMANCE_BUCKETS;
  const firstWholeHour = new Date(Math.ceil(start.getTime() / HOUR_MS) * HOUR_MS);
  const lastWholeHourEnd = new Date(Math.floor(end.getTime() / HOUR_MS) * HOUR_MS);
  const parts =
    firstWholeHour < lastWholeHourEnd
      ? await Promise.all([
          readRawBins(db, start, firstWholeHour, start, bucketMs),
          readHourlyBins(db, firstWholeHour, lastWholeHourEnd, start, bucketMs),
          readRawBins(db, lastWholeHourEnd, end, start, bucketMs),
        ])
      : [await readRawBins(db, start, end, start, bucketMs)];
  return parts.flat().map((row) => ({
    name: row.name,
    bucket: Number(row.bucket),
    bin: Number(row.bin),
    count: Number(row.count),
  }));
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
      id: errorReports.id,
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
  const [bins, errorCounts, recentErrors, recent, providers] = await Promise.all([
    readVitalBins(db, start, now),
    readErrorCounts(db, start, now),
    readRecentErrors(db, start, now),
    readRecentProblems(db, now),
    readProviderStatuses(db),
  ]);

  // Per metric: the whole window's histogram, and each bucket's.
  const windowBins = new Map<WebVitalName, Map<number, number>>();
  const bucketBins = Array.from(
    { length: PERFORMANCE_BUCKETS },
    () => new Map<WebVitalName, Map<number, number>>(),
  );
  const add = (into: Map<WebVitalName, Map<number, number>>, row: BinCount) => {
    const counts = into.get(row.name) ?? new Map<number, number>();
    counts.set(row.bin, (counts.get(row.bin) ?? 0) + row.count);
    into.set(row.name, counts);
  };
  for (const row of bins) {
    add(windowBins, row);
    const bucket = bucketBins[row.bucket];
    if (bucket) add(bucket, row);
  }
  const p75s = (histograms: Map<WebVitalName, Map<number, number>>): WebVitalValues =>
    Object.fromEntries(
      [...histograms.entries()].map(([name, counts]) => [name, percentileOfHistogram(name, counts)]),
    );
  const windowValues = p75s(windowBins);
  const bucketValues = bucketBins.map(p75s);
  // Each page load measures each metric at most once: the most measured metric counts the loads.
  const pageLoads = Math.max(
    0,
    ...[...windowBins.values()].map((counts) => [...counts.values()].reduce((sum, count) => sum + count, 0)),
  );
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
        id: row.id,
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
