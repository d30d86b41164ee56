import { type AnyColumn, and, gte, lt, type SQL, sql } from 'drizzle-orm';
import { PERFORMANCE_BUCKETS, WEB_VITAL_NAMES, type WebVitalName } from '../../../domain';
import type { Database } from '../../db/client';
import { analyticsHourRevisions, errorReports, webVitalHistograms, webVitals } from '../../db/schema';
import {
  type AnalyticsHourCache,
  type ErrorCount,
  HOUR_SETTLE_MS,
  type HourAggregates,
  type HourRows,
} from './hour-cache';

const HOUR_MS = 60 * 60_000;
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

const ALL_METRICS = sql.join(
  WEB_VITAL_NAMES.map((name) => sql`${name}`),
  sql`, `,
);

/** Web vitals measured in [from, to) (the index on name, created_at and bin covers it). */
const vitalsIn = (from: Date, to: Date) =>
  and(
    sql`${webVitals.name} in (${ALL_METRICS})`,
    gte(webVitals.createdAt, from),
    lt(webVitals.createdAt, to),
  );
/** Error events in [from, to) (the index on created_at, category and severity covers it). */
const errorsIn = (from: Date, to: Date) =>
  and(gte(errorReports.createdAt, from), lt(errorReports.createdAt, to));

/** The UTC hour a time falls in, as the database's triggers compute it (drizzle/0007). */
const hourOf = (column: SQL | AnyColumn) =>
  sql<Date>`date_bin('1 hour', ${column}, timestamptz '1970-01-01 00:00:00+00')`;

/**
 * A window's web vitals, as histograms per bucket and metric (arrays indexed by bin), and its error
 * events per category and severity.
 */
export class WindowTotals {
  readonly buckets: Map<WebVitalName, Float64Array>[] = Array.from(
    { length: PERFORMANCE_BUCKETS },
    () => new Map(),
  );
  readonly errors: ErrorCount[] = [];
  private readonly bucketMs: number;

  constructor(
    readonly start: Date,
    readonly end: Date,
  ) {
    this.bucketMs = (end.getTime() - start.getTime()) / PERFORMANCE_BUCKETS;
  }

  /** The bucket a time (ms) falls in; a whole hour counts in the bucket its start falls in. */
  bucketOf(at: number): number {
    const bucket = Math.floor((at - this.start.getTime()) / this.bucketMs);
    return Math.min(Math.max(bucket, 0), PERFORMANCE_BUCKETS - 1);
  }

  /** The bucket of a time column in SQL, written with literals so GROUP BY matches the select list. */
  bucketSql(column: SQL | AnyColumn): SQL<number> {
    return sql<number>`least(floor(extract(epoch from (${column} - ${sql.raw(`'${this.start.toISOString()}'`)}::timestamptz))::float8 * 1000 / ${sql.raw(String(this.bucketMs))})::int, ${sql.raw(String(PERFORMANCE_BUCKETS - 1))})`;
  }

  addVital(bucket: number, name: WebVitalName, bin: number, count: number): void {
    const counts = this.countsOf(bucket, name, bin + 1);
    counts[bin] = (counts[bin] ?? 0) + count;
  }

  addHistogram(bucket: number, name: WebVitalName, histogram: Float64Array): void {
    const counts = this.countsOf(bucket, name, histogram.length);
    for (let bin = 0; bin < histogram.length; bin++) counts[bin] = (counts[bin] ?? 0) + (histogram[bin] ?? 0);
  }

  /** The whole window's histogram per metric. */
  windowHistograms(): Map<WebVitalName, Float64Array> {
    const window = new WindowTotals(this.start, this.end);
    for (const bucket of this.buckets) {
      for (const [name, counts] of bucket) window.addHistogram(0, name, counts);
    }
    return window.buckets[0] ?? new Map();
  }

  private countsOf(bucket: number, name: WebVitalName, length: number): Float64Array {
    const byName = this.buckets[bucket];
    if (!byName) throw new RangeError(`no bucket ${bucket}`);
    const counts = byName.get(name);
    if (counts && counts.length >= length) return counts;
    const grown = new Float64Array(Math.max(length, (counts?.length ?? 0) * 2, 64));
    if (counts) grown.set(counts);
    byName.set(name, grown);
    return grown;
  }
}

/** Raw measurements and error events in [from, to), counted in SQL (from the indexes alone). */
async function addRawSegment(db: Database, totals: WindowTotals, from: Date, to: Date): Promise<void> {
  const bucket = totals.bucketSql(webVitals.createdAt);
  const [bins, errors] = await Promise.all([
    db
      .select({ name: webVitals.name, bucket, bin: webVitals.bin, count: sql<number>`count(*)::int` })
      .from(webVitals)
      .where(vitalsIn(from, to))
      .groupBy(webVitals.name, bucket, webVitals.bin),
    db
      .select({
        category: errorReports.category,
        severity: errorReports.severity,
        count: sql<number>`count(*)::int`,
      })
      .from(errorReports)
      .where(errorsIn(from, to))
      .groupBy(errorReports.category, errorReports.severity),
  ]);
  for (const row of bins) totals.addVital(Number(row.bucket), row.name, row.bin, Number(row.count));
  for (const row of errors) totals.errors.push({ ...row, count: Number(row.count) });
}

/** One hour's raw rows (web vitals from the index alone). */
async function readHourRows(db: Database, hour: number): Promise<HourRows> {
  const from = new Date(hour);
  const to = new Date(hour + HOUR_MS);
  const [vitals, errors] = await Promise.all([
    db
      .select({ at: webVitals.createdAt, name: webVitals.name, bin: webVitals.bin })
      .from(webVitals)
      .where(vitalsIn(from, to)),
    db
      .select({
        at: errorReports.createdAt,
        category: errorReports.category,
        severity: errorReports.severity,
      })
      .from(errorReports)
      .where(errorsIn(from, to)),
  ]);
  return {
    vitals: vitals.map((row) => ({ ...row, at: row.at.getTime() })),
    errors: errors.map((row) => ({ ...row, at: row.at.getTime() })),
  };
}

/** The rows of [from, to) within one hour's rows, counted. */
function addHourRows(totals: WindowTotals, rows: HourRows, from: Date, to: Date): void {
  const [low, high] = [from.getTime(), to.getTime()];
  for (const row of rows.vitals) {
    if (row.at >= low && row.at < high) totals.addVital(totals.bucketOf(row.at), row.name, row.bin, 1);
  }
  const errors = new Map<string, ErrorCount>();
  for (const row of rows.errors) {
    if (row.at < low || row.at >= high) continue;
    const key = `${row.category}\u0000${row.severity}`;
    const count = errors.get(key) ?? { category: row.category, severity: row.severity, count: 0 };
    count.count += 1;
    errors.set(key, count);
  }
  totals.errors.push(...errors.values());
}

/** The whole hours in [from, to): web vitals from the hourly histograms, error events per hour. */
async function readHours(db: Database, from: Date, to: Date): Promise<Map<number, HourAggregates>> {
  const errorHour = hourOf(errorReports.createdAt);
  const [vitals, errors] = await Promise.all([
    db
      .select({
        hour: webVitalHistograms.hour,
        name: webVitalHistograms.name,
        bin: webVitalHistograms.bin,
        count: webVitalHistograms.count,
      })
      .from(webVitalHistograms)
      .where(
        and(
          sql`${webVitalHistograms.name} in (${ALL_METRICS})`,
          gte(webVitalHistograms.hour, from),
          lt(webVitalHistograms.hour, to),
        ),
      ),
    db
      .select({
        hour: sql<Date | string>`${errorHour}`,
        category: errorReports.category,
        severity: errorReports.severity,
        count: sql<number>`count(*)::int`,
      })
      .from(errorReports)
      .where(errorsIn(from, to))
      .groupBy(errorHour, errorReports.category, errorReports.severity),
  ]);
  const hours = new Map<number, { vitals: Map<WebVitalName, Float64Array>; errors: ErrorCount[] }>();
  for (let hour = from.getTime(); hour < to.getTime(); hour += HOUR_MS) {
    hours.set(hour, { vitals: new Map(), errors: [] });
  }
  // Each hour's histogram as an array indexed by bin, as long as its highest bin needs.
  const highest = new Map<string, number>();
  for (const row of vitals) {
    const key = `${row.hour.getTime()}|${row.name}`;
    highest.set(key, Math.max(highest.get(key) ?? 0, row.bin));
  }
  for (const row of vitals) {
    const hour = hours.get(row.hour.getTime());
    if (!hour || row.count <= 0) continue;
    let counts = hour.vitals.get(row.name);
    if (!counts) {
      counts = new Float64Array((highest.get(`${row.hour.getTime()}|${row.name}`) ?? 0) + 1);
      hour.vitals.set(row.name, counts);
    }
    counts[row.bin] = row.count;
  }
  for (const row of errors) {
    hours.get(new Date(row.hour).getTime())?.errors.push({
      category: row.category,
      severity: row.severity,
      count: Number(row.count),
    });
  }
  return hours;
}

/** Each ended hour's latest revision (drizzle/0007) from `from` on; -Infinity stands for all hours. */
async function readRevisions(db: Database, from: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({
      hour: sql<string>`extract(epoch from ${analyticsHourRevisions.hour})::float8 * 1000`,
      revision: analyticsHourRevisions.revision,
    })
    .from(analyticsHourRevisions)
    .where(sql`${analyticsHourRevisions.hour} >= ${from} or ${analyticsHourRevisions.hour} = '-infinity'`);
  return new Map(rows.map((row) => [Number(row.hour), Number(row.revision)]));
}

/**
 * The whole hours [from, to). Settled hours come from the cache while their revision holds, so a
 * request reads only the hours since the last one, in one read from the first hour not at hand.
 */
async function addWholeHours(
  db: Database,
  totals: WindowTotals,
  from: Date,
  to: Date,
  cached:
    | { cache: AnalyticsHourCache; revisions: ReadonlyMap<number, number>; settledEnd: number }
    | undefined,
): Promise<void> {
  const hours = new Map<number, HourAggregates>();
  let firstUnknown = to.getTime();
  for (let hour = from.getTime(); hour < to.getTime(); hour += HOUR_MS) {
    const data = cached && hour < cached.settledEnd ? cached.cache.aggregates.get(hour) : undefined;
    if (data) hours.set(hour, data);
    else firstUnknown = Math.min(firstUnknown, hour);
  }
  if (firstUnknown < to.getTime()) {
    for (const [hour, data] of await readHours(db, new Date(firstUnknown), to)) {
      if (cached && hour < cached.settledEnd && !hours.has(hour)) {
        cached.cache.aggregates.set(hour, cached.revisions.get(hour) ?? 0, data);
      }
      hours.set(hour, data);
    }
  }
  for (const [hour, data] of hours) {
    const bucket = totals.bucketOf(hour);
    for (const [name, histogram] of data.vitals) totals.addHistogram(bucket, name, histogram);
    totals.errors.push(...data.errors);
  }
}

/**
 * The web vitals and error events of [start, end): the partial hour it starts in, its whole hours,
 * and the partial hour it ends in (the current one, always read). With a cache, ended hours are
 * read once: the whole ones from the hourly histograms, the first one row by row.
 */
export async function readAnalyticsWindow(
  db: Database,
  start: Date,
  end: Date,
  cache: AnalyticsHourCache | undefined,
): Promise<WindowTotals> {
  const totals = new WindowTotals(start, end);
  const settledEnd = floorHour(end.getTime() - HOUR_SETTLE_MS);
  const firstHour = floorHour(start.getTime());
  let cached: Parameters<typeof addWholeHours>[4];
  if (cache) {
    // Before the hours they guard (see AnalyticsHourCache.sync).
    const revisions = await readRevisions(db, new Date(firstHour));
    cache.sync(revisions, end);
    cached = { cache, revisions, settledEnd };
  }

  const leadEnd = new Date(Math.min(Math.ceil(start.getTime() / HOUR_MS) * HOUR_MS, end.getTime()));
  const tailStart = new Date(Math.max(leadEnd.getTime(), floorHour(end.getTime())));
  const parts: Promise<void>[] = [];
  if (start < leadEnd) {
    parts.push(
      (async () => {
        if (!cached || firstHour >= settledEnd) return addRawSegment(db, totals, start, leadEnd);
        let rows = cached.cache.rows.get(firstHour);
        if (!rows) {
          rows = await readHourRows(db, firstHour);
          cached.cache.rows.set(firstHour, cached.revisions.get(firstHour) ?? 0, rows);
        }
        addHourRows(totals, rows, start, leadEnd);
      })(),
    );
  }
  if (leadEnd < tailStart) parts.push(addWholeHours(db, totals, leadEnd, tailStart, cached));
  if (tailStart < end) parts.push(addRawSegment(db, totals, tailStart, end));
  await Promise.all(parts);
  return totals;
}
