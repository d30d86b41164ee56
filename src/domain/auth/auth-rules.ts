// The rules and texts of signing in, without zod: the app's first paint uses them (the top bar,
// the role guards), and the request and answer schemas live in auth-schemas.ts.

/** Sign-in by e-mail (design.md §1, §6): numbers that the server enforces and the screens state. */
export const SIGN_IN_LINK_LIFETIME_MINUTES = 15;
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const SESSION_IDLE_TIMEOUT_DAYS = 7;
export const SESSION_ABSOLUTE_TIMEOUT_DAYS = 30;
/** Sign-in requests allowed per address, and per IP address, in one window. */
export const SIGN_IN_REQUESTS_PER_EMAIL = 5;
export const SIGN_IN_REQUESTS_PER_IP = 30;
export const SIGN_IN_RATE_WINDOW_MINUTES = 15;
/**
 * Codes tried per IP address in one window, whichever addresses they are for: the per-address
 * limit (SIGN_IN_CODE_MAX_ATTEMPTS wrong codes void a sign-in) alone would let one client guess
 * across many addresses. Every try counts, right or wrong, so parallel requests cannot slip past.
 */
export const SIGN_IN_CODE_TRIES_PER_IP = 20;

/** Who a signed-in person is: an artist, or the label's staff. */
export type UserRole = 'artist' | 'staff';

export const authMessages = {
  linkInvalid: 'This sign-in link has expired or has already been used. Request a new one.',
  codeInvalid: 'This code has expired or has already been used. Request a new one.',
  codeLocked: 'Too many wrong codes. Request a new sign-in e-mail.',
  notAuthenticated: 'Not authenticated',
  staffOnly: 'Only label staff can do this.',
  crossSite: 'Cross-site request refused.',
} as const;

export function formatSignInSent(email: string): string {
  return `We have sent a sign-in link and a ${SIGN_IN_CODE_LENGTH}-digit code to ${email}. They work for ${SIGN_IN_LINK_LIFETIME_MINUTES} minutes.`;
}

export function formatWrongCode(attemptsLeft: number): string {
  return `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`;
}

export function formatRateLimited(scope: 'email' | 'ip', retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const who = scope === 'email' ? 'for this address' : 'from your network';
  return `Too many sign-in requests ${who}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export function formatCodeTriesLimited(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in codes tried from your network. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Addresses are compared trimmed and lower-cased: Maya@Example.com and maya@example.com are one account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Where to go after signing in: only a path on this site. Anything else (another host, `//evil`,
 * `javascript:`) becomes the role's home, so a crafted link cannot send the artist elsewhere.
 */
export function toSafeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  const hasControlCharacter = [...value].some((character) => character.charCodeAt(0) < 0x20);
  if (hasControlCharacter || value.length > 512) return undefined;
  if (value.startsWith('/login')) return undefined;
  return value;
}

export function getHomePath(role: UserRole): string {
  return role === 'staff' ? '/analytics' : '/dashboard';
}
