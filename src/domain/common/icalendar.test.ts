import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildCalendar,
  escapeCalendarText,
  foldCalendarLine,
  formatCalendarDate,
  formatCalendarStamp,
} from './icalendar';

const octets = (text: string) => new TextEncoder().encode(text).length;

/** Undoes folding (RFC 5545 §3.1): a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('iCalendar text escaping (RFC 5545 §3.3.11)', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', 'a\\, b'],
    ['a; b', 'a\\; b'],
    ['back\\slash', 'back\\\\slash'],
    ['line\nbreak', 'line\\nbreak'],
    ['windows\r\nbreak', 'windows\\nbreak'],
    ['old mac\rbreak', 'old mac\\nbreak'],
    ['all: \\;,\n', 'all: \\\\\\;\\,\\n'],
    ['colon: stays', 'colon: stays'],
  ])('%j → %j', (text, escaped) => {
    expect(escapeCalendarText(text)).toBe(escaped);
  });
});

describe('line folding at 75 octets (RFC 5545 §3.1)', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    const line75 = `SUMMARY:${'a'.repeat(67)}`;
    expect(octets(line75)).toBe(75);
    expect(foldCalendarLine(line75)).toBe(line75);
    const line76 = `${line75}b`;
    expect(foldCalendarLine(line76)).toBe(`${line75}\r\n b`);
  });

  it('continuation lines count their leading space', () => {
    const folded = foldCalendarLine(`X:${'z'.repeat(300)}`);
    const parts = folded.split('\r\n');
    // 302 octets: 75 on the first line, then a space and 74 more per line, and the last 5.
    expect(parts.map(octets)).toEqual([75, 75, 75, 75, 6]);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
  });

  it('never splits a multi-byte character', () => {
    // 'é' is 2 octets, '🎵' 4: a fold falls before the character that would cross 75.
    const line = `SUMMARY:${'é'.repeat(40)}${'🎵'.repeat(20)}`;
    const parts = foldCalendarLine(line).split('\r\n');
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toMatch(/\uFFFD/);
      expect(part).toBe(String.fromCodePoint(...[...part].map((c) => c.codePointAt(0) ?? 0)));
    }
    expect(unfold(parts.join('\r\n'))).toBe(line);
  });

  it('folding then unfolding gives back any line, every physical line at most 75 octets', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const line = `DESCRIPTION:${escapeCalendarText(text)}`;
        const folded = foldCalendarLine(line);
        for (const part of folded.split('\r\n')) expect(octets(part)).toBeLessThanOrEqual(75);
        expect(unfold(folded)).toBe(line);
      }),
    );
  });
});

describe('iCalendar values', () => {
  it('writes dates and UTC stamps', () => {
    expect(formatCalendarDate('2027-03-05')).toBe('20270305');
    expect(formatCalendarStamp(new Date('2026-11-26T05:21:09.123Z'))).toBe('20261126T052109Z');
  });

  it('refuses a date that does not exist', () => {
    expect(() => formatCalendarDate('2027-02-29')).toThrow(RangeError);
  });
});

describe('a calendar of all-day events', () => {
  const stamp = new Date('2026-11-26T05:21:00Z');
  const text = buildCalendar(
    [
      {
        uid: 'abc-release:delivery@imprint.example',
        date: '2027-04-03',
        summary: 'Delivery deadline: Tidewater, part 1; the end',
        description: 'Everything final.\nSee the page.',
        url: 'https://imprint.example/submission/abc',
        alarmDaysBefore: 3,
      },
      { uid: 'abc-release:release@imprint.example', date: '2027-12-31', summary: 'Release day: Tidewater' },
    ],
    { productId: '-//Label//Imprint key dates//EN', name: 'Tidewater: key dates', stamp },
  );

  it('ends every line with CRLF and has no bare LF or CR', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('has the calendar and event properties RFC 5545 requires, with all-day DATE values', () => {
    const lines = unfold(text).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Label//Imprint key dates//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Tidewater: key dates',
    ]);
    expect(lines).toContain('UID:abc-release:delivery@imprint.example');
    expect(lines.filter((line) => line === 'DTSTAMP:20261126T052100Z')).toHaveLength(2);
    expect(lines).toContain('DTSTART;VALUE=DATE:20270403');
    expect(lines).toContain('DTEND;VALUE=DATE:20270404');
    // The exclusive end of the last day of a year is in the next year.
    expect(lines).toContain('DTEND;VALUE=DATE:20280101');
    expect(lines).toContain('SUMMARY:Delivery deadline: Tidewater\\, part 1\\; the end');
    expect(lines).toContain('DESCRIPTION:Everything final.\\nSee the page.');
    expect(lines).toContain('URL:https://imprint.example/submission/abc');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(2);
  });

  it('gives an event an alarm only when asked, days before its start', () => {
    const lines = unfold(text).split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VALARM')).toHaveLength(1);
    expect(lines).toContain('TRIGGER:-P3D');
    expect(lines).toContain('ACTION:DISPLAY');
  });

  it('is the same text for the same input (stable UIDs, the stamp given)', () => {
    const again = buildCalendar(
      [{ uid: 'abc-release:release@imprint.example', date: '2027-12-31', summary: 'Release day: Tidewater' }],
      { productId: '-//Label//Imprint key dates//EN', stamp },
    );
    expect(again).toContain('UID:abc-release:release@imprint.example\r\n');
    expect(again).not.toContain('X-WR-CALNAME');
  });
});
