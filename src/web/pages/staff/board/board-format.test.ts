import { describe, expect, it } from 'vitest';
import {
  formatAudioLine,
  formatBoardDate,
  formatFileSize,
  formatImageSize,
  formatSubmissionType,
  releaseTitleOf,
} from './board-format';

describe('board formatting', () => {
  it('describes a WAV from what the upload check found', () => {
    expect(
      formatAudioLine({
        kind: 'audio',
        format: 'wav',
        channels: 2,
        sampleRate: 44_100,
        bitDepth: 24,
        durationSeconds: 192.4,
      }),
    ).toBe('2 ch · 44.1 kHz · 24-bit · 3:12');
    expect(formatAudioLine({ channels: 1, sampleRate: 96_000, bitDepth: 32, durationSeconds: 3725 })).toBe(
      '1 ch · 96 kHz · 32-bit · 1:02:05',
    );
    // Compressed formats carry no header details: their format is named instead.
    expect(formatAudioLine({ kind: 'audio', format: 'mp3' })).toBe('MP3');
    expect(formatAudioLine(null)).toBe('');
    expect(formatAudioLine({ channels: 'two', sampleRate: Number.NaN })).toBe('');
  });

  it('names the type: release type, transfer, or both', () => {
    expect(formatSubmissionType('new-music', 'lp')).toBe('Album');
    expect(formatSubmissionType('new-music', 'single')).toBe('Single');
    expect(formatSubmissionType('transfer', 'single')).toBe('Transfer Existing');
    expect(formatSubmissionType('both', 'ep')).toBe('EP + transfer');
  });

  it('writes dates in US long format, the em dash when there is none', () => {
    expect(formatBoardDate('2027-03-05')).toBe('March 5, 2027');
    expect(formatBoardDate(null)).toBe('—');
    expect(formatBoardDate('')).toBe('—');
  });

  it('gives a transfer without a title words for its link', () => {
    expect(releaseTitleOf({ releaseTitle: '  ', uploadType: 'transfer' })).toBe('Catalogue transfer');
    expect(releaseTitleOf({ releaseTitle: 'First Light', uploadType: 'both' })).toBe('First Light');
  });

  it('formats sizes', () => {
    expect(formatImageSize({ width: 3000, height: 2999 })).toBe('3000 × 2999 px');
    expect(formatImageSize({ width: 3000 })).toBe('');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(4_096)).toBe('4 KB');
    expect(formatFileSize(52_428_800)).toBe('50.0 MB');
  });
});
