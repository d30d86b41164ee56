import { describe, expect, it } from 'vitest';
import {
  computePerformanceScore,
  rateWebVital,
  scoreWebVital,
  summarizePerformance,
  WEB_VITAL_NAMES,
  WEB_VITAL_THRESHOLDS,
} from './web-vitals';

describe('web vital ratings (web.dev thresholds)', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3001, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %d is %s', (name, value, rating) => {
    expect(rateWebVital(name, value)).toBe(rating);
  });
});

describe('one metric score (log-normal, good threshold 90, poor threshold 50)', () => {
  it.each(WEB_VITAL_NAMES)('%s scores 90 at its good threshold and 50 at its poor one', (name) => {
    const { good, poor } = WEB_VITAL_THRESHOLDS[name];
    expect(scoreWebVital(name, good)).toBeCloseTo(90, 3);
    expect(scoreWebVital(name, poor)).toBeCloseTo(50, 3);
  });

  it('is 100 at zero, falls as the value grows, and stays within 0-100', () => {
    expect(scoreWebVital('CLS', 0)).toBe(100);
    let previous = 101;
    for (const value of [1, 500, 1000, 2500, 4000, 8000, 20_000, 600_000]) {
      const score = scoreWebVital('LCP', value);
      expect(score).toBeLessThan(previous);
      expect(score).toBeGreaterThanOrEqual(0);
      previous = score;
    }
  });
});

describe('the performance score', () => {
  it('is null with no value and the metric score with one', () => {
    expect(computePerformanceScore({})).toBeNull();
    expect(computePerformanceScore({ LCP: null, CLS: undefined })).toBeNull();
    expect(computePerformanceScore({ LCP: 2500 })).toBe(90);
  });

  it('weights the metrics LCP 30, INP 30, CLS 25, FCP 10, TTFB 5 over those present', () => {
    const all = { LCP: 4000, INP: 200, CLS: 0.25, FCP: 1800, TTFB: 800 };
    // 50×30 + 90×30 + 50×25 + 90×10 + 90×5 = 6800 over 100.
    expect(computePerformanceScore(all)).toBe(68);
    // Without INP: (1500 + 1250 + 900 + 450) / 70 = 58.57.
    expect(computePerformanceScore({ ...all, INP: null })).toBe(59);
  });
});

describe('the dashboard summary of a window in buckets', () => {
  const bucket = (score: number | null, index: number) => ({
    start: `2026-11-25T0${index}:00:00.000Z`,
    score,
  });

  it('is all null and stable with no data', () => {
    expect(summarizePerformance([null, null, null, null].map(bucket))).toEqual({
      currentScore: null,
      averageScore: null,
      trend: 'stable',
    });
  });

  it('takes the newest bucket with data as current and the mean as average', () => {
    expect(summarizePerformance([80, null, 90, null].map(bucket))).toEqual({
      currentScore: 90,
      averageScore: 85,
      trend: 'improving',
    });
  });

  it('calls a change of 5 points or more between the halves a trend, less stable', () => {
    expect(summarizePerformance([90, 90, 85, 85].map(bucket)).trend).toBe('degrading');
    expect(summarizePerformance([90, 90, 86, 86].map(bucket)).trend).toBe('stable');
    expect(summarizePerformance([70, 70, 75, 75].map(bucket)).trend).toBe('improving');
    // Data in one half only: nothing to compare.
    expect(summarizePerformance([null, null, 40, 90].map(bucket)).trend).toBe('stable');
  });
});
