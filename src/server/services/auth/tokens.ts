import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random token from the CSPRNG: 256 bits, URL-safe. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes: a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit code, uniformly random. */
export function createCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are salted with their sign-in id, so equal codes of two e-mails hash differently. */
export function hashCode(signInId: string, code: string): string {
  return createHash('sha256').update(`${signInId}:${code}`).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
