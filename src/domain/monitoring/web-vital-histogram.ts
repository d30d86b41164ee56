import { WEB_VITAL_PERCENTILE, type WebVitalName } from './web-vitals';

/**
 * Web vitals are also counted in hourly histograms, so that the dashboard reads a week
 * of a busy label's page loads in a few thousand rows instead of hundreds of thousands. A bin spans
 * a factor of 1.05 (5%): bin 0 holds values under 1 (ms; CLS in thousandths), bin k ≥ 1 holds
 * [1.05^(k-1), 1.05^k). A percentile read from the bins is within a bin's span (5%) of the exact one,
 * and usually within half of it: far less than a metric's good-to-poor span.
 */
export const WEB_VITAL_BIN_RATIO = 1.05;

/** CLS is unitless and small: counted in thousandths so that its bins are as fine as the others'. */
function scaleOf(name: WebVitalName): number {
  return name === 'CLS' ? 1000 : 1;
}

export function webVitalBin(name: WebVitalName, value: number): number {
  const scaled = value * scaleOf(name);
  if (!(scaled >= 1)) return 0;
  return 1 + Math.floor(Math.log(scaled) / Math.log(WEB_VITAL_BIN_RATIO));
}

/** The bin's span [lower, upper) in the metric's own unit. */
export function webVitalBinBounds(name: WebVitalName, bin: number): { lower: number; upper: number } {
  const scale = scaleOf(name);
  if (bin <= 0) return { lower: 0, upper: 1 / scale };
  return {
    lower: WEB_VITAL_BIN_RATIO ** (bin - 1) / scale,
    upper: WEB_VITAL_BIN_RATIO ** bin / scale,
  };
}

/**
 * A histogram's counts: by bin in a map, or in an array indexed by bin (dense, as the dashboard adds
 * up hours and buckets of them).
 */
export type BinCounts = ReadonlyMap<number, number> | ArrayLike<number>;

/** The bins that hold a count, in order, with their counts. */
function nonEmptyBins(counts: BinCounts): [bin: number, count: number][] {
  if (!('length' in counts)) {
    return [...counts.entries()].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  }
  const bins: [number, number][] = [];
  for (let bin = 0; bin < counts.length; bin++) {
    const count = counts[bin] ?? 0;
    if (count > 0) bins.push([bin, count]);
  }
  return bins;
}

/**
 * The percentile of a histogram as PostgreSQL's percentile_cont computes it from the values: the
 * values at ranks ⌊r⌋ and ⌈r⌉ (r = fraction × (n − 1)), interpolated. Each value is estimated
 * within its bin from its rank there, the bin's values taken as spread evenly across it (in log
 * terms for bins ≥ 1), so that it is off by at most one bin's span. Null for an empty histogram.
 */
export function percentileOfHistogram(
  name: WebVitalName,
  counts: BinCounts,
  fraction = WEB_VITAL_PERCENTILE,
): number | null {
  const bins = nonEmptyBins(counts);
  const total = bins.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  /** The estimated value of the k-th smallest measurement (0-based). */
  const valueAt = (k: number): number => {
    let below = 0;
    for (const [bin, count] of bins) {
      if (k < below + count) {
        const { lower, upper } = webVitalBinBounds(name, bin);
        const within = (k - below + 0.5) / count;
        return bin <= 0 ? lower + (upper - lower) * within : lower * (upper / lower) ** within;
      }
      below += count;
    }
    return webVitalBinBounds(name, bins.at(-1)?.[0] ?? 0).upper;
  };
  const rank = fraction * (total - 1);
  const low = valueAt(Math.floor(rank));
  const high = valueAt(Math.ceil(rank));
  return low + (high - low) * (rank - Math.floor(rank));
}
