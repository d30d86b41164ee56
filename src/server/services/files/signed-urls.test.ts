import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bindLinks,
  checkFileUrl,
  type LinkSigner,
  signFileUrl,
  UNBOUND_LINK_MAX_SECONDS,
} from './signed-urls';

const key = randomBytes(32);
const publicUrl = 'https://portal.label.example';
/** The time links are signed at and checked at, in these tests (Unix seconds). */
const now = 1_900_000_000;
const nowMs = now * 1000;
const parts = {
  fileId: '0b8f6c1e-6a1d-4d38-9c53-3f6f1d2f0a11',
  variant: 'avif-320',
  disposition: 'inline',
  expires: now + 600,
} as const;
const relative: LinkSigner = { key, publicUrl, fileLinks: 'relative' };

function check(link: string, options: { key?: Buffer; sessionId?: string; at?: number } = {}) {
  const url = new URL(link, 'http://127.0.0.1:3000'); // whatever origin the page has
  const [, , fileId = '', variant] = url.pathname.split('/');
  return checkFileUrl(
    options.key ?? key,
    {
      fileId,
      variant,
      disposition: url.searchParams.get('disposition') as 'inline',
      expires: Number(url.searchParams.get('expires')),
      bound: url.searchParams.get('bound') === '1',
    },
    url.searchParams.get('signature') ?? '',
    options.at ?? now,
    options.sessionId,
  );
}

const expiresOf = (link: string) => Number(new URL(link, publicUrl).searchParams.get('expires'));

describe('signed file links', () => {
  it("are relative for the app's own pages, so any name of the server loads them", () => {
    const link = signFileUrl(relative, parts, nowMs);
    expect(link).toMatch(
      /^\/files\/0b8f6c1e-6a1d-4d38-9c53-3f6f1d2f0a11\/avif-320\?disposition=inline&expires=1900000600&signature=/,
    );
    expect(check(link)).toBe('valid');
  });

  it('are absolute to PUBLIC_URL where they leave the app, with the same signature', () => {
    const link = signFileUrl(relative, parts, nowMs);
    const absolute = signFileUrl({ key, publicUrl, fileLinks: 'absolute' }, parts, nowMs);
    expect(absolute).toBe(`${publicUrl}${link}`);
    expect(check(absolute)).toBe('valid');
  });

  it('stop working when another file, variant or key is named, or after they expire', () => {
    const link = signFileUrl(relative, parts, nowMs);
    expect(check(link.replace('avif-320', 'jpeg-640'))).toBe('invalid');
    expect(check(link, { key: randomBytes(32) })).toBe('invalid');
    expect(check(link, { at: now + 601 })).toBe('expired');
  });
});

describe('unbound links (a visitor, or leaving the app): at most 15 minutes', () => {
  it('are cut to 15 minutes whatever lifetime was asked for', () => {
    const day = { ...parts, expires: now + 24 * 3600 };
    expect(expiresOf(signFileUrl(relative, day, nowMs))).toBe(now + UNBOUND_LINK_MAX_SECONDS);
    // A link that leaves the app is never bound, even when signed for a session.
    const absolute = signFileUrl(
      bindLinks({ key, publicUrl, fileLinks: 'absolute' }, 'session-1'),
      day,
      nowMs,
    );
    expect(absolute).not.toContain('bound=');
    expect(expiresOf(absolute)).toBe(now + UNBOUND_LINK_MAX_SECONDS);
    expect(check(absolute)).toBe('valid');
    expect(UNBOUND_LINK_MAX_SECONDS).toBe(15 * 60);
  });

  it('issued by an earlier version for longer (6 hours) no longer work', () => {
    const expires = now + 6 * 3600;
    const legacy = createHmac('sha256', key)
      .update(['file', parts.fileId, parts.variant, parts.disposition, String(expires)].join('\n'))
      .digest('base64url');
    const link = `/files/${parts.fileId}/${parts.variant}?disposition=inline&expires=${expires}&signature=${legacy}`;
    expect(check(link)).toBe('invalid');
    // One with 15 minutes or less to go still does.
    expect(check(link, { at: expires - UNBOUND_LINK_MAX_SECONDS })).toBe('valid');
  });
});

describe('links bound to a session', () => {
  const bound = bindLinks(relative, 'session-1');

  it('keep the lifetime asked for, and open only for that session', () => {
    const link = signFileUrl(bound, { ...parts, expires: now + 24 * 3600 }, nowMs);
    expect(link).toMatch(/\?disposition=inline&expires=1900086400&bound=1&signature=/);
    expect(check(link, { sessionId: 'session-1' })).toBe('valid');
    expect(check(link, { sessionId: 'session-2' })).toBe('invalid');
    expect(check(link)).toBe('no-session');
    expect(check(link, { sessionId: 'session-1', at: now + 24 * 3600 + 1 })).toBe('expired');
  });

  it('cannot be turned into unbound links, nor the other way round', () => {
    const link = signFileUrl(bound, parts, nowMs);
    expect(check(link.replace('&bound=1', ''))).toBe('invalid');
    const unbound = signFileUrl(relative, parts, nowMs);
    expect(check(unbound.replace('&signature=', '&bound=1&signature='), { sessionId: 'session-1' })).toBe(
      'invalid',
    );
  });

  it('are what a signer without a session makes unbound', () => {
    expect(bindLinks(relative, undefined)).toBe(relative);
    expect(signFileUrl(bindLinks(relative, undefined), parts, nowMs)).not.toContain('bound=');
  });
});
