import type { WebVitalName } from '../../../domain';

export interface ErrorCount {
  category: string;
  severity: string;
  count: number;
}

/** One hour's analytics: per metric its counts by histogram bin (index = bin), error events per kind. */
export interface HourAggregates {
  vitals: ReadonlyMap<WebVitalName, Float64Array>;
  errors: readonly ErrorCount[];
}

/** One hour's raw rows, for a window that starts inside the hour (times in ms). */
export interface HourRows {
  vitals: readonly { at: number; name: WebVitalName; bin: number }[];
  errors: readonly { at: number; category: string; severity: string }[];
}

/**
 * How long after an hour ends before the dashboard keeps it: a write into an hour is counted when
 * it commits, and the database's and this server's clocks may differ a little. A transaction that
 * stays open longer than this after the hour ended, writing into it, would be missed until the
 * hour's revision changes again.
 */
export const HOUR_SETTLE_MS = 5 * 60_000;

/** Hours beyond the longest window (7 days) are dropped. */
const KEEP_MS = (7 * 24 + 2) * 3_600_000;
/** Raw hours kept: each window needs only the hour it starts in. */
const RAW_HOURS_KEPT = 6;

/** Entries by hour (ms), each valid while the hour's revision is the one it was read at. */
class RevisedHours<T> {
  private readonly entries = new Map<number, { revision: number; data: T }>();

  constructor(private readonly limit = Number.POSITIVE_INFINITY) {}

  get(hour: number): T | undefined {
    return this.entries.get(hour)?.data;
  }

  set(hour: number, revision: number, data: T): void {
    this.entries.set(hour, { revision, data });
    if (this.entries.size <= this.limit) return;
    this.entries.delete(Math.min(...this.entries.keys()));
  }

  /** Drops hours older than `oldest` and hours whose revision changed; `all` drops every hour. */
  prune(revisions: ReadonlyMap<number, number>, oldest: number, all: boolean): void {
    if (all) this.entries.clear();
    for (const [hour, entry] of this.entries) {
      if (hour < oldest || (revisions.get(hour) ?? 0) !== entry.revision) this.entries.delete(hour);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The dashboard's in-memory copy of ended hours (a week of a busy label's histograms is
 * tens of thousands of rows, too many to read on every request from the embedded database). An
 * ended hour's figures do not change but for rare late writes, which the database's triggers mark
 * with a new revision in `analytics_hour_revisions` (drizzle/0007): an hour is used only while the
 * revision it was read at is still the hour's revision, and '-infinity' (a TRUNCATE) drops all.
 * One per server process; each instance of a cluster keeps its own, and all agree with the database.
 */
export class AnalyticsHourCache {
  /** Whole hours of a window. */
  readonly aggregates = new RevisedHours<HourAggregates>();
  /** The hour a window starts in, row by row: the window's start moves within it. */
  readonly rows = new RevisedHours<HourRows>(RAW_HOURS_KEPT);
  private allRevision = 0;

  /**
   * Applies the revisions just read from the database (hour in ms, -Infinity for all hours).
   * Read them before the hours they guard: a write that lands in between then shows as a new
   * revision next time.
   */
  sync(revisions: ReadonlyMap<number, number>, now: Date): void {
    const all = revisions.get(Number.NEGATIVE_INFINITY) ?? 0;
    const changed = all !== this.allRevision;
    this.allRevision = all;
    const oldest = now.getTime() - KEEP_MS;
    this.aggregates.prune(revisions, oldest, changed);
    this.rows.prune(revisions, oldest, changed);
  }
}
