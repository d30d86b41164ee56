import { describe, expect, it } from 'vitest';
import {
  formatCodeTriesLimited,
  formatRateLimited,
  formatWrongCode,
  getHomePath,
  normaliseEmail,
  toSafeReturnPath,
} from './auth-rules';
import { signInRequestSchema, verifyCodeRequestSchema } from './auth-schemas';

describe('toSafeReturnPath', () => {
  it.each([
    ['/dashboard?tab=1', '/dashboard?tab=1'],
    ['/submission/abc', '/submission/abc'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['javascript:alert(1)', undefined],
    ['/login', undefined],
    ['/login/verify', undefined],
    ['/dash\nboard', undefined],
    ['', undefined],
    [null, undefined],
    [`/${'a'.repeat(600)}`, undefined],
  ])('%j → %j', (input, expected) => {
    expect(toSafeReturnPath(input)).toBe(expected);
  });
});

describe('sign-in rules', () => {
  it('normalises addresses so one person has one account', () => {
    expect(normaliseEmail('  Maya.Rivers@Example.COM ')).toBe('maya.rivers@example.com');
    expect(signInRequestSchema.parse({ email: ' Maya@Example.com' }).email).toBe('maya@example.com');
  });

  it('refuses a malformed address with the spec message', () => {
    const result = signInRequestSchema.safeParse({ email: 'maya@' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
  });

  it('wants exactly six digits', () => {
    expect(verifyCodeRequestSchema.safeParse({ email: 'a@b.co', code: ' 012345 ' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12345a', '']) {
      expect(verifyCodeRequestSchema.safeParse({ email: 'a@b.co', code }).error?.issues[0]?.message).toBe(
        'Enter the 6-digit code from the e-mail',
      );
    }
  });

  it('words the messages', () => {
    expect(formatWrongCode(4)).toBe('That code is not right. 4 attempts left.');
    expect(formatWrongCode(1)).toBe('That code is not right. 1 attempt left.');
    expect(formatRateLimited('email', 899)).toBe(
      'Too many sign-in requests for this address. Try again in 15 minutes.',
    );
    expect(formatRateLimited('ip', 30)).toBe(
      'Too many sign-in requests from your network. Try again in 1 minute.',
    );
    expect(formatCodeTriesLimited(61)).toBe(
      'Too many sign-in codes tried from your network. Try again in 2 minutes.',
    );
  });

  it('sends each role home', () => {
    expect(getHomePath('artist')).toBe('/dashboard');
    expect(getHomePath('staff')).toBe('/analytics');
  });
});
