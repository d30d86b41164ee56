import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatProcessingFile,
  getArtworkUploadProgress,
  getCustomArtworkProgress,
  getTrackUploadProgress,
  LEAVE_DURING_UPLOAD_WARNING,
  PROGRESS,
  scaleDirectUploadProgress,
} from './progress-milestones';
import { estimateSecondsRemaining, formatTimeRemaining } from './time-remaining';

describe('submit progress milestones', () => {
  it('has the spec’s fixed milestones', () => {
    expect(PROGRESS).toMatchObject({
      validating: 5,
      preparing: 10,
      submittingToBoard: 85,
      entryCreated: 95,
      socialClips: 97,
      done: 100,
    });
  });

  it.each([
    [0, 1, 0, 15],
    [0, 1, 1, 50],
    [0, 2, 1, 33],
    [1, 2, 0, 33],
    [1, 2, 1, 50],
    [0, 5, 0.5, 19],
    [4, 5, 1, 50],
  ])('track %i of %i, %d done, is at %i', (index, total, fraction, expected) => {
    expect(getTrackUploadProgress(index, total, fraction)).toBe(expected);
  });

  it.each([
    [0, 55],
    [0.5, 60],
    [1, 65],
    [7, 65],
  ])('main artwork %d done is at %i', (fraction, expected) => {
    expect(getArtworkUploadProgress(fraction)).toBe(expected);
  });

  it('custom artworks share 70-80', () => {
    expect(getCustomArtworkProgress(0, 2, 0)).toBe(70);
    expect(getCustomArtworkProgress(1, 2, 0)).toBe(75);
    expect(getCustomArtworkProgress(1, 2, 1)).toBe(80);
  });

  it('never moves backwards through the tracks (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (total) => {
        let last = 0;
        for (let i = 0; i < total; i++) {
          for (const fraction of [0, 0.25, 0.5, 1]) {
            const now = getTrackUploadProgress(i, total, fraction);
            expect(now).toBeGreaterThanOrEqual(last);
            expect(now).toBeGreaterThanOrEqual(15);
            expect(now).toBeLessThanOrEqual(50);
            last = now;
          }
        }
      }),
    );
  });

  it.each([
    [0, 0],
    [50, 45],
    [100, 90],
    [150, 90],
  ])('a direct upload at %i%% shows %i', (percent, expected) => {
    expect(scaleDirectUploadProgress(percent)).toBe(expected);
  });

  it('words the modal texts as the spec does', () => {
    expect(formatProcessingFile(2, 5)).toBe('Processing file 2 of 5');
    expect(LEAVE_DURING_UPLOAD_WARNING).toBe(
      'Upload in progress! Are you sure you want to leave? This will cancel your upload.',
    );
  });
});

describe('time remaining', () => {
  it.each([
    [null, 'Calculating...'],
    [undefined, 'Calculating...'],
    [Number.NaN, 'Calculating...'],
    [-1, 'Calculating...'],
    [0, 'Less than 1 minute'],
    [59, 'Less than 1 minute'],
    [60, 'About 1 minute'],
    [119, 'About 1 minute'],
    [120, 'About 2 minutes'],
    [3599, 'About 59 minutes'],
    [3600, 'About 1 hour'],
    [7199, 'About 1 hour'],
    [7200, 'About 2 hours'],
  ])('%j seconds reads %j', (seconds, text) => {
    expect(formatTimeRemaining(seconds)).toBe(text);
  });

  it('extrapolates from the time spent so far', () => {
    expect(estimateSecondsRemaining(0, 30_000, 25)).toBe(90);
    expect(estimateSecondsRemaining(0, 30_000, 0)).toBeNull();
    expect(estimateSecondsRemaining(0, 30_000, 100)).toBe(0);
  });
});
