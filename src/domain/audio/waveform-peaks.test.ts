import { describe, expect, it } from 'vitest';
import { createWaveformMeter, downsamplePeaks, parseStoredWaveform } from './waveform-peaks';

describe('createWaveformMeter', () => {
  it('keeps the largest absolute sample of any channel per slice, 0–100', () => {
    const meter = createWaveformMeter(8, 4);
    meter.push([Float32Array.from([0.1, -0.5, 0, 0]), Float32Array.from([0, 0, 0.2, 0])]);
    meter.push([Float32Array.from([1, 0, -1.5, 0.25]), Float32Array.from([0, 0, 0, 0])]);
    expect(meter.peaks()).toEqual([50, 20, 100, 100]);
  });

  it('gives one bar per frame for a file shorter than the bars, and none for an empty one', () => {
    const meter = createWaveformMeter(3, 120);
    meter.push([Float32Array.from([0.3, 0.6, 0.9])]);
    expect(meter.peaks()).toEqual([30, 60, 90]);
    expect(createWaveformMeter(0).peaks()).toEqual([]);
  });

  it('puts frames beyond the announced length into the last bar', () => {
    const meter = createWaveformMeter(4, 2);
    meter.push([Float32Array.from([0, 0, 0, 0, 0.7])]);
    expect(meter.peaks()).toEqual([0, 70]);
  });
});

describe('downsamplePeaks', () => {
  it.each([
    [[10, 50, 20, 80, 30, 40], 3, [50, 80, 40]],
    [[10, 50, 20, 80, 30, 40, 90], 3, [50, 80, 90]],
    [[10, 50], 4, [10, 50]],
    [[], 2, []],
  ])('%o in %s bars is %o', (peaks, bars, expected) => {
    expect(downsamplePeaks(peaks, bars)).toEqual(expected);
  });
});

describe('parseStoredWaveform', () => {
  it('takes a stored waveform, and anything else as not measured', () => {
    expect(parseStoredWaveform({ peaks: [1, 2], durationSeconds: 3 })).toEqual({
      peaks: [1, 2],
      durationSeconds: 3,
    });
    expect(parseStoredWaveform([1, 2])).toBeNull();
    expect(parseStoredWaveform(null)).toBeNull();
    expect(parseStoredWaveform({ peaks: [101], durationSeconds: 3 })).toBeNull();
  });
});
