import { describe, expect, it } from 'vitest';
import {
  ARTWORK_NOT_SQUARE_WARNING,
  formatArtworkTooSmallWarning,
  formatChannels,
  formatDuration,
  formatSampleRate,
  listArtworkWarnings,
  listWavWarnings,
  WAV_LOW_BIT_DEPTH_WARNING,
  WAV_LOW_SAMPLE_RATE_WARNING,
  WAV_MONO_WARNING,
  WAV_SHORT_WARNING,
} from './media-quality';

const cdStereo = { channels: 2, sampleRate: 44_100, bitsPerSample: 16, durationSeconds: 180 };

describe('WAV warnings', () => {
  it('has nothing to say about a CD-quality stereo track', () => {
    expect(listWavWarnings(cdStereo)).toEqual([]);
    expect(listWavWarnings({ ...cdStereo, sampleRate: 96_000, bitsPerSample: 24 })).toEqual([]);
  });

  it('warns about mono, a low sample rate, a low bit depth and a short track', () => {
    expect(
      listWavWarnings({ channels: 1, sampleRate: 22_050, bitsPerSample: 8, durationSeconds: 29.9 }),
    ).toEqual([WAV_MONO_WARNING, WAV_LOW_SAMPLE_RATE_WARNING, WAV_LOW_BIT_DEPTH_WARNING, WAV_SHORT_WARNING]);
  });

  it('counts exactly 30 seconds as long enough', () => {
    expect(listWavWarnings({ ...cdStereo, durationSeconds: 30 })).toEqual([]);
  });
});

describe('artwork warnings', () => {
  it('accepts a square cover of 3000 pixels or more', () => {
    expect(listArtworkWarnings(3000, 3000)).toEqual([]);
    expect(listArtworkWarnings(4000, 4000)).toEqual([]);
  });

  it('warns about a cover that is not square or too small', () => {
    expect(listArtworkWarnings(3000, 2999)).toEqual([
      ARTWORK_NOT_SQUARE_WARNING,
      formatArtworkTooSmallWarning(3000, 2999),
    ]);
    expect(listArtworkWarnings(1400, 1400)).toEqual([
      'The artwork is 1400 x 1400 pixels; stores ask for at least 3000 x 3000.',
    ]);
  });
});

describe('formats', () => {
  it('writes sample rates, lengths and channel counts as people read them', () => {
    expect(formatSampleRate(44_100)).toBe('44.1 kHz');
    expect(formatSampleRate(48_000)).toBe('48 kHz');
    expect(formatDuration(185.4)).toBe('3:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatChannels(1)).toBe('Mono');
    expect(formatChannels(2)).toBe('Stereo');
    expect(formatChannels(6)).toBe('6 channels');
  });
});
