import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring URLs (design.md §6): files are never served by a guessable path. A URL names
 * the file id (a random UUID), an optional variant, how to present it, and when it expires; an
 * HMAC over all of that with the installation's signing key proves Imprint issued it.
 *
 * A link works for at most 15 minutes for whoever holds it, or is bound to the
 * session that asked for it: the signature then also covers a hash of the session's id, and
 * `/files` opens it only for a request of that session (its cookie, which the browser sends with
 * the `<img>` and `<audio>` requests of the app's own pages, or its bearer token).
 */
export type Disposition = 'inline' | 'attachment';

/** The longest an unbound link (a visitor's, or one that leaves the app) works. */
export const UNBOUND_LINK_MAX_SECONDS = 15 * 60;
/**
 * Clock drift allowed between the instance that signed an unbound link and the one that checks it;
 * far below the hours of the links earlier versions issued, which the check refuses.
 */
const CLOCK_SKEW_SECONDS = 5 * 60;

export interface FileLinkParts {
  fileId: string;
  variant?: string | undefined;
  disposition: Disposition;
  /** Unix seconds. */
  expires: number;
}

/** The last session's binding: a page signs all its links for one session, in one go. */
let lastBinding: { sessionId: string; binding: string } | undefined;

function sessionBinding(sessionId: string): string {
  if (lastBinding?.sessionId !== sessionId) {
    lastBinding = { sessionId, binding: createHash('sha256').update(sessionId).digest('base64url') };
  }
  return lastBinding.binding;
}

function signature(key: Buffer, parts: FileLinkParts, sessionId: string | undefined): string {
  const fields = ['file', parts.fileId, parts.variant ?? '', parts.disposition, String(parts.expires)];
  // Unbound links keep the fields they always had, so an unbound link with at most 15 minutes
  // left still opens, whenever it was issued (checkFileUrl refuses those that claim more).
  if (sessionId !== undefined) fields.push(`session:${sessionBinding(sessionId)}`);
  return createHmac('sha256', key).update(fields.join('\n')).digest('base64url');
}

/**
 * What signs file links, and for whom. `relative`: links Imprint's own pages load
 * (`/files/…?…&signature=…`), so they come from whatever origin the page was opened at — localhost,
 * 127.0.0.1, the machine's address on the local network — which is the origin the CSP admits.
 * `absolute`: links that leave the app (mails, exports, another service's records), prefixed with
 * PUBLIC_URL. Either verifies the same way: the signature covers the path and query, not the host.
 *
 * `sessionId` (relative links only): the requester's session, which the links are bound to
 * (`bindLinks`, `request.pageLinks`). Without one, links are capped at UNBOUND_LINK_MAX_SECONDS.
 */
export interface LinkSigner {
  key: Buffer;
  /** PUBLIC_URL, for `absolute` file links and the other links that name the app. */
  publicUrl: string;
  fileLinks: 'relative' | 'absolute';
  sessionId?: string | undefined;
}

/** The signer for pages of this session: its relative links are bound to it. */
export function bindLinks(signer: LinkSigner, sessionId: string | undefined): LinkSigner {
  return sessionId === undefined ? signer : { ...signer, sessionId };
}

/** Whether the signer's links are bound to a session: only links the app's own pages load can be. */
function boundSession(signer: LinkSigner): string | undefined {
  return signer.fileLinks === 'relative' ? signer.sessionId : undefined;
}

/**
 * A signed link. `parts.expires` is what the caller wants; an unbound link expires no later than
 * UNBOUND_LINK_MAX_SECONDS after `nowMs`.
 */
export function signFileUrl(signer: LinkSigner, parts: FileLinkParts, nowMs = Date.now()): string {
  const sessionId = boundSession(signer);
  const expires =
    sessionId === undefined
      ? Math.min(parts.expires, Math.floor(nowMs / 1000) + UNBOUND_LINK_MAX_SECONDS)
      : parts.expires;
  const signed = { ...parts, expires };
  const path = parts.variant ? `/files/${parts.fileId}/${parts.variant}` : `/files/${parts.fileId}`;
  // Written out rather than through URLSearchParams (a board page signs a hundred links): every
  // value is a word, digits or base64url, which need no escaping.
  const bound = sessionId === undefined ? '' : '&bound=1';
  const query = `disposition=${parts.disposition}&expires=${expires}${bound}&signature=${signature(signer.key, signed, sessionId)}`;
  return `${signer.fileLinks === 'absolute' ? signer.publicUrl : ''}${path}?${query}`;
}

/** `no-session`: a bound link asked for by a request without a live session. */
export type LinkCheck = 'valid' | 'expired' | 'invalid' | 'no-session';

/**
 * Checks a link's signature and expiry. A bound link is checked against the requester's session
 * (`sessionId`, undefined for a visitor): another session's link fails its signature. An unbound
 * link that claims to work longer than UNBOUND_LINK_MAX_SECONDS was never issued by this version.
 */
export function checkFileUrl(
  key: Buffer,
  parts: FileLinkParts & { bound: boolean },
  given: string,
  nowSeconds: number,
  sessionId?: string,
): LinkCheck {
  if (parts.bound && sessionId === undefined) return 'no-session';
  const expected = Buffer.from(signature(key, parts, parts.bound ? sessionId : undefined));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
  if (!parts.bound && parts.expires > nowSeconds + UNBOUND_LINK_MAX_SECONDS + CLOCK_SKEW_SECONDS)
    return 'invalid';
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
