import { describe, expect, it } from 'vitest';
import { dateTimePartsOf, longDateText, mediumDateTimeText } from './date-text';

describe('dates as the pages write them', () => {
  const utc = (...args: [number, number, number, number, number]) =>
    dateTimePartsOf(Date.UTC(...args), 'UTC');

  it.each([
    [utc(2027, 0, 5, 15, 4), 'January 5, 2027', 'Jan 5, 2027, 3:04 PM'],
    [utc(2027, 8, 15, 0, 4), 'September 15, 2027', 'Sep 15, 2027, 12:04 AM'],
    [utc(2026, 11, 31, 12, 0), 'December 31, 2026', 'Dec 31, 2026, 12:00 PM'],
    [utc(2026, 4, 1, 23, 59), 'May 1, 2026', 'May 1, 2026, 11:59 PM'],
  ])('%j is %s, %s', (parts, long, medium) => {
    expect(longDateText(parts)).toBe(long);
    expect(mediumDateTimeText(parts)).toBe(medium);
  });

  it('writes what Intl writes in US English, in UTC and in the local zone', () => {
    for (const ms of [Date.UTC(2027, 0, 5, 15, 4), Date.UTC(2026, 6, 14, 0, 30), 1_800_000_000_000]) {
      for (const zone of ['UTC', 'local'] as const) {
        const timeZone = zone === 'UTC' ? { timeZone: 'UTC' } : {};
        const parts = dateTimePartsOf(ms, zone);
        expect(longDateText(parts)).toBe(
          new Intl.DateTimeFormat('en-US', { dateStyle: 'long', ...timeZone }).format(ms),
        );
        expect(mediumDateTimeText(parts)).toBe(
          new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', ...timeZone })
            .format(ms)
            .replace(/\u202f/g, ' '),
        );
      }
    }
  });
});
