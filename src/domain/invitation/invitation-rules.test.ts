import { describe, expect, it } from 'vitest';
import { getInvitationExpiry, getInvitationStatus, isWellFormedToken } from './invitation-rules';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJK-_0123';

describe('invitation tokens', () => {
  it('accepts 43 base64url characters only', () => {
    expect(TOKEN).toHaveLength(43);
    expect(isWellFormedToken(TOKEN)).toBe(true);
    expect(isWellFormedToken(TOKEN.slice(1))).toBe(false);
    expect(isWellFormedToken(`${TOKEN}a`)).toBe(false);
    expect(isWellFormedToken(`${TOKEN.slice(1)}=`)).toBe(false);
    expect(isWellFormedToken('')).toBe(false);
  });
});

describe('invitation status', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const future = new Date('2026-05-02T00:00:00Z');
  const past = new Date('2026-04-30T00:00:00Z');

  it.each([
    [{ expiresAt: future, usedAt: null, revokedAt: null }, 'valid'],
    [{ expiresAt: past, usedAt: null, revokedAt: null }, 'expired'],
    [{ expiresAt: now, usedAt: null, revokedAt: null }, 'expired'],
    [{ expiresAt: future, usedAt: past, revokedAt: null }, 'used'],
    [{ expiresAt: past, usedAt: past, revokedAt: past }, 'used'],
    [{ expiresAt: future, usedAt: null, revokedAt: past }, 'revoked'],
    [{ expiresAt: past, usedAt: null, revokedAt: past }, 'revoked'],
  ] as const)('%o is %s', (dates, expected) => {
    expect(getInvitationStatus(dates, now)).toBe(expected);
  });

  it('expires after the configured number of days', () => {
    expect(getInvitationExpiry(now, 30).toISOString()).toBe('2026-05-31T12:00:00.000Z');
  });
});
