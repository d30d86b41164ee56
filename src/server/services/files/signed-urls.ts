import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring URLs (design.md §6): files are never served by a guessable path. A URL names
 * the file id (a random UUID), an optional variant, how to present it, and when it expires; an
 * HMAC over all of that with the installation's signing key proves Imprint issued it.
 */
export type Disposition = 'inline' | 'attachment';

export interface FileLinkParts {
  fileId: string;
  variant?: string | undefined;
  disposition: Disposition;
  /** Unix seconds. */
  expires: number;
}

function signature(key: Buffer, parts: FileLinkParts): string {
  return createHmac('sha256', key)
    .update(['file', parts.fileId, parts.variant ?? '', parts.disposition, String(parts.expires)].join('\n'))
    .digest('base64url');
}

/**
 * What signs file links, and for whom (issue 17). `relative`: links Imprint's own pages load
 * (`/files/…?…&signature=…`), so they come from whatever origin the page was opened at — localhost,
 * 127.0.0.1, the machine's address on the local network — which is the origin the CSP admits.
 * `absolute`: links that leave the app (mails, exports, another service's records), prefixed with
 * PUBLIC_URL. Either verifies the same way: the signature covers the path and query, not the host.
 */
export interface LinkSigner {
  key: Buffer;
  /** PUBLIC_URL, for `absolute` file links and the other links that name the app. */
  publicUrl: string;
  fileLinks: 'relative' | 'absolute';
}

export function signFileUrl(signer: LinkSigner, parts: FileLinkParts): string {
  const path = parts.variant ? `/files/${parts.fileId}/${parts.variant}` : `/files/${parts.fileId}`;
  const query = new URLSearchParams({
    disposition: parts.disposition,
    expires: String(parts.expires),
    signature: signature(signer.key, parts),
  });
  return `${signer.fileLinks === 'absolute' ? signer.publicUrl : ''}${path}?${query}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export function checkFileUrl(
  key: Buffer,
  parts: FileLinkParts,
  given: string,
  nowSeconds: number,
): LinkCheck {
  const expected = Buffer.from(signature(key, parts));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
  return parts.expires < nowSeconds ? 'expired' : 'valid';
}

/** The same scheme for direct-upload URLs to Imprint's own PUT endpoint (local storage driver). */
export function signUploadToken(key: Buffer, uploadId: string, expires: number): string {
  return createHmac('sha256', key)
    .update(['upload', uploadId, String(expires)].join('\n'))
    .digest('base64url');
}

export function checkUploadToken(
  key: Buffer,
  uploadId: string,
  expires: number,
  given: string,
  nowSeconds: number,
): LinkCheck {
  const expected = Buffer.from(signUploadToken(key, uploadId, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
  return expires < nowSeconds ? 'expired' : 'valid';
}
