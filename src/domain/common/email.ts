import { isStorableLine } from './text';

/** Spec 001 §5's words for an address that does not look like one. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/**
 * "Must look like an e-mail address": something, an @, a domain with a dot, no spaces.
 * Deliberately loose: the address is proven by the mail we send, not by a stricter pattern.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Also one line of storable text: no control characters, no half of an emoji. */
export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return isStorableLine(trimmed) && EMAIL_PATTERN.test(trimmed);
}
