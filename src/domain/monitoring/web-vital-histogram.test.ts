import { describe, expect, it } from 'vitest';
import {
  percentileOfHistogram,
  WEB_VITAL_BIN_RATIO,
  webVitalBin,
  webVitalBinBounds,
} from './web-vital-histogram';
import type { WebVitalName } from './web-vitals';

/** PostgreSQL's percentile_cont. */
function exact(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const low = sorted[Math.floor(position)] ?? 0;
  const high = sorted[Math.ceil(position)] ?? 0;
  return low + (high - low) * (position - Math.floor(position));
}

function histogram(name: WebVitalName, values: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const value of values) {
    const bin = webVitalBin(name, value);
    counts.set(bin, (counts.get(bin) ?? 0) + 1);
  }
  return counts;
}

/** A deterministic spread of values (no Math.random in tests). */
function spread(count: number, from: number, to: number, skew = 1): number[] {
  return Array.from({ length: count }, (_, i) => from + (to - from) * (((i * 7919) % count) / count) ** skew);
}

describe('web vital bins', () => {
  it('puts each value in the bin whose span holds it', () => {
    for (const [name, value] of [
      ['LCP', 2500],
      ['LCP', 1],
      ['INP', 48.3],
      ['TTFB', 599_999],
      ['CLS', 0.1],
      ['CLS', 0.0004],
    ] as const) {
      const bin = webVitalBin(name, value);
      const { lower, upper } = webVitalBinBounds(name, bin);
      expect(value).toBeGreaterThanOrEqual(lower * (1 - 1e-12));
      expect(value).toBeLessThan(upper * (1 + 1e-12));
    }
    expect(webVitalBin('CLS', 0)).toBe(0);
    expect(webVitalBin('LCP', 0.5)).toBe(0);
  });

  it('spans 5% each, so every metric fits in a few hundred bins', () => {
    const { lower, upper } = webVitalBinBounds('LCP', 160);
    expect(upper / lower).toBeCloseTo(WEB_VITAL_BIN_RATIO, 12);
    expect(webVitalBin('LCP', 600_000)).toBeLessThan(300);
    expect(webVitalBin('CLS', 100)).toBeLessThan(300);
  });
});

describe('percentiles from a histogram', () => {
  it('is null when empty', () => {
    expect(percentileOfHistogram('LCP', new Map())).toBeNull();
  });

  it.each([
    ['LCP', spread(5000, 400, 9000, 2)],
    ['FCP', spread(313, 200, 4000)],
    ['INP', spread(1000, 16, 1200, 3)],
    ['TTFB', spread(77, 50, 3000)],
    ['CLS', spread(900, 0, 0.6, 2)],
  ] as const)('%s: the 75th percentile is within 2.5%% of the exact one', (name, values) => {
    const fromBins = percentileOfHistogram(name, histogram(name, values), 0.75) ?? Number.NaN;
    const truth = exact(values, 0.75);
    expect(Math.abs(fromBins - truth) / truth).toBeLessThan(0.025);
  });

  it('reads a dense array indexed by bin as it reads a map', () => {
    const values = [800, 1200, 1250, 2600, 4100, 4100, 9000];
    const sparse = histogram('LCP', values);
    const dense = new Float64Array(Math.max(...sparse.keys()) + 3);
    for (const [bin, count] of sparse) dense[bin] = count;
    expect(percentileOfHistogram('LCP', dense)).toBe(percentileOfHistogram('LCP', sparse));
    expect(percentileOfHistogram('LCP', new Float64Array(10))).toBeNull();
  });

  it('answers the value of a single measurement to within its bin', () => {
    const value = percentileOfHistogram('LCP', histogram('LCP', [2345])) ?? 0;
    expect(Math.abs(value - 2345) / 2345).toBeLessThan(0.025);
  });
});
