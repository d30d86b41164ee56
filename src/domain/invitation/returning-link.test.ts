import { describe, expect, it } from 'vitest';
import { RETURNING_ARTIST_MESSAGES } from '../errors/error-messages';
import {
  buildReturningPrefill,
  checkReturningLinkLastDay,
  classifyReturningToken,
  formatReturningLinkOffer,
  formatReturningLinkReminder,
  getReturningLinkEndOfLastDay,
  getReturningLinkExpiry,
  getReturningLinkExpiryInstant,
  getReturningLinkStatus,
  isReturningLinkExpired,
  RETURNING_LINK_EXPIRY_MESSAGES,
} from './returning-link';

describe('returning-artist link', () => {
  it('lasts 365 days', () => {
    expect(getReturningLinkExpiry('2026-03-10')).toBe('2027-03-10');
    expect(getReturningLinkExpiryInstant(new Date('2026-03-10T08:00:00Z')).toISOString()).toBe(
      '2027-03-10T08:00:00.000Z',
    );
  });

  it.each([
    ['2027-03-09', false],
    ['2027-03-10', false],
    ['2027-03-11', true],
  ])('on %s a link expiring 2027-03-10 is expired: %s', (today, expected) => {
    expect(isReturningLinkExpired('2027-03-10', today)).toBe(expected);
  });
});

describe('classifyReturningToken', () => {
  const token = 'A'.repeat(43);
  const now = new Date('2026-05-01T12:00:00Z');
  const future = new Date('2027-05-01T12:00:00Z');
  const past = new Date('2026-04-01T12:00:00Z');

  it('refuses a token of the wrong shape before anything else', () => {
    expect(classifyReturningToken('short', { expiresAt: future, revokedAt: null }, now)).toEqual({
      ok: false,
      reason: 'wrong-format',
      message: 'This link is not in the right format. Please check you copied the whole link.',
    });
  });

  it('answers an unknown token with the spec text', () => {
    expect(classifyReturningToken(token, undefined, now)).toEqual({
      ok: false,
      reason: 'unknown',
      message: RETURNING_ARTIST_MESSAGES.invalidToken,
    });
  });

  it('tells a revoked link as deactivated, even once expired', () => {
    expect(classifyReturningToken(token, { expiresAt: past, revokedAt: past }, now)).toEqual({
      ok: false,
      reason: 'deactivated',
      message: 'This link has been deactivated. Please contact us for a new one.',
    });
  });

  it('tells an expired link', () => {
    expect(classifyReturningToken(token, { expiresAt: past, revokedAt: null }, now)).toEqual({
      ok: false,
      reason: 'expired',
      message: 'This link has expired. Returning-artist links are valid for 365 days.',
    });
  });

  it('accepts a live link', () => {
    expect(classifyReturningToken(token, { expiresAt: future, revokedAt: null }, now)).toEqual({ ok: true });
  });

  it('gives the console status', () => {
    expect(getReturningLinkStatus({ expiresAt: future, revokedAt: null }, now)).toBe('active');
    expect(getReturningLinkStatus({ expiresAt: past, revokedAt: null }, now)).toBe('expired');
    expect(getReturningLinkStatus({ expiresAt: future, revokedAt: past }, now)).toBe('revoked');
  });

  it('words the approval mail line', () => {
    expect(formatReturningLinkOffer('https://x.test/r/abc')).toBe(
      'Send us your next release: https://x.test/r/abc — this link works for 365 days.',
    );
  });

  it.each([
    ['2026-03-10', null],
    ['2020-01-01', null],
    ['2027-03-10', null],
    ['2027-03-11', RETURNING_LINK_EXPIRY_MESSAGES.tooLate],
    ['2026-02-30', RETURNING_LINK_EXPIRY_MESSAGES.invalidDate],
    ['10/03/2026', RETURNING_LINK_EXPIRY_MESSAGES.invalidDate],
    ['', RETURNING_LINK_EXPIRY_MESSAGES.invalidDate],
  ])('staff may set the last day %s on 2026-03-10: %s', (lastDay, refusal) => {
    expect(checkReturningLinkLastDay(lastDay, '2026-03-10')).toBe(refusal);
  });

  it('ends a link at the midnight (UTC) after its last day', () => {
    expect(getReturningLinkEndOfLastDay('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    const end = getReturningLinkEndOfLastDay('2026-03-10');
    const state = { expiresAt: end, revokedAt: null };
    expect(getReturningLinkStatus(state, new Date('2026-03-10T23:59:59Z'))).toBe('active');
    expect(getReturningLinkStatus(state, new Date('2026-03-11T00:00:00Z'))).toBe('expired');
  });
});

describe('buildReturningPrefill', () => {
  const account = {
    name: 'Maya  Rivers Jones',
    email: 'maya@example.com',
    artistName: null,
    country: null,
    city: 'Leeds',
    spotifyProfile: null,
    instagramProfile: null,
    tiktokProfile: null,
  };

  it('takes the name from the account when there is no submission yet', () => {
    expect(buildReturningPrefill(account, undefined)).toEqual({
      firstName: 'Maya',
      surname: 'Rivers Jones',
      email: 'maya@example.com',
      artistName: '',
      city: 'Leeds',
    });
  });

  it('lets the profile win over the latest submission, and skips blank answers', () => {
    const prefill = buildReturningPrefill(account, {
      details: {
        firstName: ' Maya ',
        surname: 'Rivers',
        artistName: 'Lark',
        country: 'United Kingdom',
        city: 'London',
        spotifyProfile: '  ',
      },
      form: {},
    });
    expect(prefill).toEqual({
      firstName: 'Maya',
      surname: 'Rivers',
      email: 'maya@example.com',
      artistName: 'Lark',
      country: 'United Kingdom',
      city: 'Leeds',
    });
  });

  it("keeps 'I don't have Instagram / TikTok' unless the profile has one now", () => {
    const latest = { details: {}, form: { noInstagram: true, noTikTok: true } };
    expect(buildReturningPrefill(account, latest)).toMatchObject({ noInstagram: true, noTikTok: true });
    const withInstagram = buildReturningPrefill(
      { ...account, instagramProfile: 'https://instagram.com/lark' },
      latest,
    );
    expect(withInstagram).toMatchObject({ instagramProfile: 'https://instagram.com/lark', noTikTok: true });
    expect(withInstagram).not.toHaveProperty('noInstagram');
    expect(buildReturningPrefill(account, { details: {}, form: { noInstagram: 'yes' } })).not.toHaveProperty(
      'noInstagram',
    );
  });
});

describe('formatReturningLinkReminder', () => {
  it('points back to the link already sent, with the date the banner shows', () => {
    expect(formatReturningLinkReminder(new Date('2027-03-10T08:00:00Z'))).toBe(
      "Your returning-artist link from our earlier e-mail works until March 10, 2027: use it to send us your next release, or reply to this e-mail if you can't find it.",
    );
  });
});
