import { describe, expect, it } from 'vitest';
import {
  addDays,
  countDaysBetween,
  formatLongDate,
  getIsoDateOfInstant,
  getYearOf,
  isIsoDate,
  parseIsoDate,
} from './calendar-date';

describe('calendar dates (UTC arithmetic on YYYY-MM-DD)', () => {
  it.each([
    ['2027-01-05', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2027-13-01', false],
    ['2027-1-5', false],
    ['', false],
    ['2027-01-05T00:00:00Z', false],
  ])('isIsoDate(%j) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it('reads a date as its UTC midnight', () => {
    expect(parseIsoDate('2027-01-05')).toBe(Date.UTC(2027, 0, 5));
  });

  it.each([
    ['2026-01-01', 42, '2026-02-12'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-03-10', -10, '2026-02-28'],
  ])('addDays(%s, %i) is %s, whatever the machine zone', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('counts whole days between two dates, negative backwards', () => {
    expect(countDaysBetween('2026-03-10', '2026-04-21')).toBe(42);
    expect(countDaysBetween('2026-04-21', '2026-03-10')).toBe(-42);
  });

  it('gives the year of a date', () => {
    expect(getYearOf('2026-12-31')).toBe(2026);
  });

  it.each([
    ['2027-01-05', 'January 5, 2027'],
    ['2026-12-31', 'December 31, 2026'],
    ['2026-12-31T23:30:00Z', 'December 31, 2026'],
    ['2026-12-31T23:30:00', 'December 31, 2026'],
    ['2027-01-01T01:00:00+02:00', 'December 31, 2026'],
    ['not a date', null],
  ])('formats %j in US English long form as %j', (value, expected) => {
    expect(formatLongDate(value)).toBe(expected);
  });

  it('takes "today" in the caller’s time zone from an injected instant', () => {
    const instant = new Date(Date.UTC(2027, 0, 1, 2, 0));
    expect(getIsoDateOfInstant(instant)).toBe('2027-01-01');
    expect(getIsoDateOfInstant(instant, 'America/New_York')).toBe('2026-12-31');
    expect(getIsoDateOfInstant(instant, 'Asia/Tokyo')).toBe('2027-01-01');
  });

  it('gives UTC the same dates the zone formatter gives, at the edges of a day', () => {
    for (const iso of ['2026-03-01T00:00:00.000Z', '2026-03-01T23:59:59.999Z', '2024-02-29T12:00:00.000Z']) {
      const instant = new Date(iso);
      expect(getIsoDateOfInstant(instant, 'UTC')).toBe(iso.slice(0, 10));
      expect(getIsoDateOfInstant(instant, 'Etc/UTC')).toBe(iso.slice(0, 10));
    }
    expect(getIsoDateOfInstant(new Date('2026-03-01T23:59:59.999Z'), 'Asia/Tokyo')).toBe('2026-03-02');
  });
});
