import { describe, expect, it } from 'vitest';
import { getReturningLinkExpiry, isReturningLinkExpired } from './returning-link';

describe('returning-artist link', () => {
  it('lasts 365 days', () => {
    expect(getReturningLinkExpiry('2026-03-10')).toBe('2027-03-10');
  });

  it.each([
    ['2027-03-09', false],
    ['2027-03-10', false],
    ['2027-03-11', true],
  ])('on %s a link expiring 2027-03-10 is expired: %s', (today, expected) => {
    expect(isReturningLinkExpired('2027-03-10', today)).toBe(expected);
  });
});
