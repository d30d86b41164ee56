import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The form token of the bot check (spec 001 §5): issued when the submission form opens,
 * it carries that time under an HMAC, so the server knows how long the form was open without
 * trusting the browser's clock or keeping state. `v1.<issued ms>.<nonce>.<mac>`.
 */
const VERSION = 'v1';
/** A draft lives 30 days in the browser; a token older than that is stale, not a timing proof. */
export const FORM_TOKEN_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

function mac(key: Buffer, issuedAt: number, nonce: string): string {
  return createHmac('sha256', key).update(`form\n${VERSION}\n${issuedAt}\n${nonce}`).digest('base64url');
}

export function issueFormToken(key: Buffer, now: number): string {
  const nonce = randomBytes(12).toString('base64url');
  return [VERSION, String(now), nonce, mac(key, now, nonce)].join('.');
}

/** When the token was issued, or null when it is not one of ours, from the future, or too old. */
export function readFormToken(key: Buffer, token: string, now: number): number | null {
  const [version, issued, nonce, given, ...rest] = token.split('.');
  if (version !== VERSION || !issued || !nonce || !given || rest.length > 0) return null;
  if (!/^\d{1,15}$/.test(issued)) return null;
  const issuedAt = Number(issued);
  const expected = Buffer.from(mac(key, issuedAt, nonce));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  // A little clock slack between instances; a token from the future is forged or broken.
  if (issuedAt > now + 5_000 || now - issuedAt > FORM_TOKEN_MAX_AGE_MS) return null;
  return issuedAt;
}
