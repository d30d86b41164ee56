import { describe, expect, it } from 'vitest';
import {
  checkReopenDate,
  formatReopenSentence,
  REOPEN_DATE_IN_PAST,
  REOPEN_DATE_INVALID,
  visibleReopenDate,
} from './reopen-date';

const today = '2026-05-10';

describe('the reopening date', () => {
  it.each([
    { value: null, refusal: null },
    { value: '2026-05-10', refusal: null },
    { value: '2026-06-01', refusal: null },
    { value: '2026-05-09', refusal: REOPEN_DATE_IN_PAST },
    { value: '2026-02-30', refusal: REOPEN_DATE_INVALID },
    { value: 'next week', refusal: REOPEN_DATE_INVALID },
  ])('$value is refused with $refusal', ({ value, refusal }) => {
    expect(checkReopenDate(value, today)).toBe(refusal);
  });

  it('is shown until its day has passed', () => {
    expect(visibleReopenDate('2026-06-01', today)).toBe('2026-06-01');
    expect(visibleReopenDate(today, today)).toBe(today);
    expect(visibleReopenDate('2026-05-09', today)).toBeNull();
    expect(visibleReopenDate(null, today)).toBeNull();
  });

  it('is said in words', () => {
    expect(formatReopenSentence('2026-06-01')).toBe('Submissions reopen on June 1, 2026.');
  });
});
