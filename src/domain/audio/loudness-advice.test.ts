import { describe, expect, it } from 'vitest';
import type { LoudnessMeasurement } from './loudness';
import {
  formatDbtp,
  formatLufs,
  LOUDNESS_ADVICE_CLIPPING,
  LOUDNESS_ADVICE_LEADING_SILENCE,
  LOUDNESS_ADVICE_QUIET,
  LOUDNESS_ADVICE_SILENT,
  LOUDNESS_ADVICE_TRAILING_SILENCE,
  LOUDNESS_ADVICE_TRUE_PEAK,
  LOUDNESS_ADVICE_VERY_LOUD,
  listLoudnessAdvice,
} from './loudness-advice';

/** A master that needs no advice: −14 LUFS, −1.5 dBTP, no clipping, a short lead-in. */
const good: LoudnessMeasurement = {
  integratedLufs: -14,
  truePeakDbtp: -1.5,
  samplePeakDbfs: -1.8,
  clippedSamples: 0,
  leadingSilenceSeconds: 0.2,
  trailingSilenceSeconds: 1.5,
  durationSeconds: 200,
};

const kinds = (measurement: Partial<LoudnessMeasurement>) =>
  listLoudnessAdvice({ ...good, ...measurement }).map((item) => item.kind);

describe('listLoudnessAdvice', () => {
  it('has nothing to say about a master at the streaming level with headroom', () => {
    expect(listLoudnessAdvice(good)).toEqual([]);
    expect(kinds({ integratedLufs: -9, truePeakDbtp: -1 })).toEqual([]);
    expect(kinds({ integratedLufs: -20, leadingSilenceSeconds: 2, trailingSilenceSeconds: 5 })).toEqual([]);
  });

  it.each([
    [{ truePeakDbtp: -0.3 }, 'true-peak'],
    [{ integratedLufs: -7.5 }, 'very-loud'],
    [{ integratedLufs: -23 }, 'quiet'],
    [{ clippedSamples: 12 }, 'clipping'],
    [{ leadingSilenceSeconds: 2.5 }, 'leading-silence'],
    [{ trailingSilenceSeconds: 8 }, 'trailing-silence'],
  ] as const)('advises on %o: %s', (measurement, kind) => {
    expect(kinds(measurement)).toEqual([kind]);
  });

  it('puts clipping first, then headroom, loudness and silence', () => {
    expect(
      kinds({ clippedSamples: 400, truePeakDbtp: 0.8, integratedLufs: -6.2, trailingSilenceSeconds: 9 }),
    ).toEqual(['clipping', 'true-peak', 'very-loud', 'trailing-silence']);
  });

  it('words each finding with its number and the shared advice', () => {
    const advice = listLoudnessAdvice({
      ...good,
      clippedSamples: 1234,
      truePeakDbtp: 0.26,
      integratedLufs: -7.46,
      leadingSilenceSeconds: 3.04,
      trailingSilenceSeconds: 6.5,
    });
    expect(advice).toEqual([
      {
        kind: 'clipping',
        finding: 'The master clips: 1,234 samples are cut flat at full scale.',
        advice: LOUDNESS_ADVICE_CLIPPING,
      },
      {
        kind: 'true-peak',
        finding: 'The true peak is +0.3 dBTP, above −1.0 dBTP.',
        advice: LOUDNESS_ADVICE_TRUE_PEAK,
      },
      {
        kind: 'very-loud',
        finding: 'The master is very loud: −7.5 LUFS, against about −14.0 LUFS on streaming services.',
        advice: LOUDNESS_ADVICE_VERY_LOUD,
      },
      {
        kind: 'leading-silence',
        finding: 'There are 3.0 seconds of silence at the start.',
        advice: LOUDNESS_ADVICE_LEADING_SILENCE,
      },
      {
        kind: 'trailing-silence',
        finding: 'There are 6.5 seconds of silence at the end.',
        advice: LOUDNESS_ADVICE_TRAILING_SILENCE,
      },
    ]);
    expect(listLoudnessAdvice({ ...good, integratedLufs: -24.04 })).toEqual([
      {
        kind: 'quiet',
        finding: 'The master is quiet: −24.0 LUFS, against about −14.0 LUFS on streaming services.',
        advice: LOUDNESS_ADVICE_QUIET,
      },
    ]);
  });

  it('says only that a silent file is silent', () => {
    const silent: LoudnessMeasurement = {
      integratedLufs: null,
      truePeakDbtp: null,
      samplePeakDbfs: null,
      clippedSamples: 0,
      leadingSilenceSeconds: 30,
      trailingSilenceSeconds: 30,
      durationSeconds: 30,
    };
    expect(listLoudnessAdvice(silent)).toEqual([
      { kind: 'silent', finding: 'The file is silent.', advice: LOUDNESS_ADVICE_SILENT },
    ]);
    // Hiss under −60 dBFS only: nothing to hear either.
    expect(kinds({ ...silent, integratedLufs: -68, truePeakDbtp: -62, samplePeakDbfs: -62 })).toEqual([
      'silent',
    ]);
  });

  it('gives advice, never a refusal: every text is advice to the artist', () => {
    for (const text of [
      LOUDNESS_ADVICE_CLIPPING,
      LOUDNESS_ADVICE_TRUE_PEAK,
      LOUDNESS_ADVICE_VERY_LOUD,
      LOUDNESS_ADVICE_QUIET,
      LOUDNESS_ADVICE_LEADING_SILENCE,
      LOUDNESS_ADVICE_TRAILING_SILENCE,
    ])
      expect(text).not.toMatch(/cannot|must|not allowed|rejected/i);
    expect(LOUDNESS_ADVICE_TRUE_PEAK).toMatch(/turn it down.*distort/);
  });
});

describe('formatting levels', () => {
  it('rounds to a tenth with a real minus sign', () => {
    expect(formatLufs(-14.04)).toBe('−14.0 LUFS');
    expect(formatLufs(null)).toBe('no measurable loudness');
    expect(formatDbtp(-0.04)).toBe('0.0 dBTP');
    expect(formatDbtp(1.26)).toBe('+1.3 dBTP');
    expect(formatDbtp(null)).toBe('silent');
  });
});
