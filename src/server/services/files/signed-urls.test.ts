import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkFileUrl, type LinkSigner, signFileUrl } from './signed-urls';

const key = randomBytes(32);
const publicUrl = 'https://portal.label.example';
const parts = {
  fileId: '0b8f6c1e-6a1d-4d38-9c53-3f6f1d2f0a11',
  variant: 'avif-320',
  disposition: 'inline',
  expires: 2_000_000_000,
} as const;

function check(link: string, signer: LinkSigner = { key, publicUrl, fileLinks: 'relative' }) {
  const url = new URL(link, 'http://127.0.0.1:3000'); // whatever origin the page has
  const [, , fileId = '', variant] = url.pathname.split('/');
  return checkFileUrl(
    signer.key,
    {
      fileId,
      variant,
      disposition: url.searchParams.get('disposition') as 'inline',
      expires: Number(url.searchParams.get('expires')),
    },
    url.searchParams.get('signature') ?? '',
    1_900_000_000,
  );
}

describe('signed file links', () => {
  it("are relative for the app's own pages, so any name of the server loads them", () => {
    const link = signFileUrl({ key, publicUrl, fileLinks: 'relative' }, parts);
    expect(link).toMatch(
      /^\/files\/0b8f6c1e-6a1d-4d38-9c53-3f6f1d2f0a11\/avif-320\?disposition=inline&expires=2000000000&signature=/,
    );
    expect(check(link)).toBe('valid');
  });

  it('are absolute to PUBLIC_URL where they leave the app, with the same signature', () => {
    const relative = signFileUrl({ key, publicUrl, fileLinks: 'relative' }, parts);
    const absolute = signFileUrl({ key, publicUrl, fileLinks: 'absolute' }, parts);
    expect(absolute).toBe(`${publicUrl}${relative}`);
    expect(check(absolute)).toBe('valid');
  });

  it('stop working when another file, variant or key is named, or after they expire', () => {
    const link = signFileUrl({ key, publicUrl, fileLinks: 'relative' }, parts);
    expect(check(link.replace('avif-320', 'jpeg-640'))).toBe('invalid');
    expect(check(link, { key: randomBytes(32), publicUrl, fileLinks: 'relative' })).toBe('invalid');
    const expired = signFileUrl(
      { key, publicUrl, fileLinks: 'relative' },
      { ...parts, expires: 1_800_000_000 },
    );
    expect(check(expired)).toBe('expired');
  });
});
