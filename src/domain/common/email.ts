/**
 * "Must look like an e-mail address": something, an @, a domain with a dot, no spaces.
 * Deliberately loose: the address is proven by the mail we send, not by a stricter pattern.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
