/**
 * Web vitals of real page loads and the dashboard's performance score.
 *
 * Each metric has the published "good" and "poor" thresholds (web.dev/articles/vitals, the same
 * ones the Chrome UX Report uses): a value at or under `good` is good, over `poor` is poor.
 *
 * The score of one metric is Lighthouse's log-normal curve placed on those thresholds: the `good`
 * threshold scores 90 and the `poor` threshold scores 50 (Lighthouse puts its own control points,
 * the 10th percentile and the median of real sites, at 90 and 50 the same way). A metric is scored
 * at its 75th percentile over the page loads measured, as the Chrome UX Report judges a site.
 * The performance score is the weighted mean of the metric scores that have data, 0-100:
 * LCP 30, INP 30, CLS 25, FCP 10, TTFB 5 (Lighthouse's weights, with INP, measured in the field,
 * in the place of Total Blocking Time, measured in the lab).
 */

export const WEB_VITAL_NAMES = ['LCP', 'FCP', 'CLS', 'INP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

export interface WebVitalThresholds {
  good: number;
  poor: number;
  /** 'ms' for timings; CLS has no unit. */
  unit: 'ms' | '';
  /** Above this a value is not a measurement but noise (a tab left in the background for hours). */
  max: number;
}

export const WEB_VITAL_THRESHOLDS: Readonly<Record<WebVitalName, WebVitalThresholds>> = {
  LCP: { good: 2500, poor: 4000, unit: 'ms', max: 600_000 },
  FCP: { good: 1800, poor: 3000, unit: 'ms', max: 600_000 },
  CLS: { good: 0.1, poor: 0.25, unit: '', max: 100 },
  INP: { good: 200, poor: 500, unit: 'ms', max: 600_000 },
  TTFB: { good: 800, poor: 1800, unit: 'ms', max: 600_000 },
};

export const WEB_VITAL_WEIGHTS: Readonly<Record<WebVitalName, number>> = {
  LCP: 30,
  INP: 30,
  CLS: 25,
  FCP: 10,
  TTFB: 5,
};

/** The percentile each metric is judged at. */
export const WEB_VITAL_PERCENTILE = 0.75;

export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const { good, poor } = WEB_VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs-improvement';
  return 'poor';
}

/**
 * The complementary error function, after Numerical Recipes' erfcc (fractional error < 1.2e-7),
 * as Lighthouse computes it.
 */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const coefficients = [
    -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587,
    -0.82215223, 0.17087277,
  ];
  // Horner's rule from the highest coefficient down.
  let polynomial = 0;
  for (let index = coefficients.length - 1; index >= 0; index--) {
    polynomial = (coefficients[index] ?? 0) + t * polynomial;
  }
  const r = t * Math.exp(-z * z + polynomial);
  return x >= 0 ? r : 2 - r;
}

/** erfc⁻¹(1/5): where the log-normal curve passes 0.9. */
const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;

/** One metric's score, 0-100 (not rounded): 90 at the good threshold, 50 at the poor one. */
export function scoreWebVital(name: WebVitalName, value: number): number {
  if (value <= 0) return 100;
  const { good, poor } = WEB_VITAL_THRESHOLDS[name];
  const standardized = (Math.log(value / poor) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(good / poor);
  const score = erfc(standardized) / 2;
  return Math.min(100, Math.max(0, score * 100));
}

export type WebVitalValues = Partial<Record<WebVitalName, number | null | undefined>>;

/**
 * The performance score of one set of 75th-percentile values: the weighted mean of the metric
 * scores that have a value, rounded; null when none has.
 */
export function computePerformanceScore(values: WebVitalValues): number | null {
  let weighted = 0;
  let weights = 0;
  for (const name of WEB_VITAL_NAMES) {
    const value = values[name];
    if (value === null || value === undefined || !Number.isFinite(value)) continue;
    weighted += scoreWebVital(name, value) * WEB_VITAL_WEIGHTS[name];
    weights += WEB_VITAL_WEIGHTS[name];
  }
  return weights === 0 ? null : Math.round(weighted / weights);
}

/** A change of the score by this many points or more is a trend; less is noise. */
export const PERFORMANCE_TREND_POINTS = 5;

export type PerformanceTrend = 'improving' | 'degrading' | 'stable';

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export interface ScoredBucket {
  /** ISO time the bucket starts. */
  start: string;
  /** The bucket's performance score, null when no page load was measured in it. */
  score: number | null;
}

export interface PerformanceSummary {
  /** The latest bucket's score that has one. */
  currentScore: number | null;
  /** The mean of the buckets' scores, rounded. */
  averageScore: number | null;
  /** The later half of the window against the earlier half, by PERFORMANCE_TREND_POINTS. */
  trend: PerformanceTrend;
}

/**
 * The dashboard's performance figures from a window cut into equal buckets, oldest first:
 * current is the newest bucket with data, average the mean of the buckets with data, and the trend
 * compares the mean of the later half's scores with the earlier half's (stable when either half
 * has none).
 */
export function summarizePerformance(buckets: readonly ScoredBucket[]): PerformanceSummary {
  const scored = buckets.filter(
    (bucket): bucket is ScoredBucket & { score: number } => bucket.score !== null,
  );
  const current = scored.at(-1)?.score ?? null;
  const average = mean(scored.map((bucket) => bucket.score));
  const half = Math.floor(buckets.length / 2);
  const earlier = mean(
    buckets.slice(0, half).flatMap((bucket) => (bucket.score === null ? [] : [bucket.score])),
  );
  const later = mean(buckets.slice(half).flatMap((bucket) => (bucket.score === null ? [] : [bucket.score])));
  let trend: PerformanceTrend = 'stable';
  if (earlier !== null && later !== null) {
    if (later - earlier >= PERFORMANCE_TREND_POINTS) trend = 'improving';
    else if (earlier - later >= PERFORMANCE_TREND_POINTS) trend = 'degrading';
  }
  return { currentScore: current, averageScore: average === null ? null : Math.round(average), trend };
}

/** How many equal buckets a dashboard window is cut into for the current score and the trend. */
export const PERFORMANCE_BUCKETS = 12;
