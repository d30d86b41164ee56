import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareIsoDates } from '../common/calendar-date';
import { getDefaultReleaseDate, getDefaultSingleDate, hasMinimumLeadTime } from './release-dates';
import { toggleTrackAsSingle } from './release-strategy';
import { makeTrack, TODAY } from './test-fixtures';

describe('release dates', () => {
  it('defaults to six weeks after today', () => {
    expect(getDefaultReleaseDate('2026-03-10')).toBe('2026-04-21');
  });

  it.each([
    [41, false],
    [42, true],
    [43, true],
    [0, false],
    [-1, false],
  ])('a date %i days from today meets the 42-day minimum: %s', (days, expected) => {
    expect(hasMinimumLeadTime(addDays(TODAY, days), TODAY)).toBe(expected);
  });

  it.each([
    [0, '2026-04-21'],
    [1, '2026-06-02'],
    [2, '2026-07-14'],
  ])('with %i dated singles the next single defaults to %s', (count, expected) => {
    expect(getDefaultSingleDate(count, TODAY)).toBe(expected);
  });

  it('gives singles ticked one after another strictly increasing default dates (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 12 })
          .chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: 1 })),
        fc.integer({ min: 0, max: 3650 }),
        (order, offset) => {
          const today = addDays('2025-01-01', offset);
          let tracks = Array.from({ length: 12 }, (_, i) => makeTrack(i));
          const dates: string[] = [];
          for (const i of order) {
            tracks = toggleTrackAsSingle(tracks, `t${i}`, true, today).tracks;
            const date = tracks.find((t) => t.id === `t${i}`)?.singleReleaseDate ?? '';
            dates.push(date);
          }
          for (let k = 1; k < dates.length; k++) {
            expect(compareIsoDates(dates[k - 1] ?? '', dates[k] ?? '')).toBe(-1);
          }
        },
      ),
    );
  });
});
