import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../common/email';
import { isStorableText, UNSTORABLE_TEXT } from '../common/text';

/**
 * Upper bounds keep a hostile request from filling the database; they are far above real input.
 * Text that cannot be stored (NUL, half of an emoji) is refused with the domain's words.
 */
export const shortTextSchema = z.string().max(500).refine(isStorableText, UNSTORABLE_TEXT);
export const longTextSchema = z.string().max(20_000).refine(isStorableText, UNSTORABLE_TEXT);

/** A calendar date as `YYYY-MM-DD` (see common/calendar-date.ts). */
export const isoDateSchema = z.iso.date();

/** Form date fields hold '' until the artist picks a date; the rules report the missing date. */
export const formDateSchema = z.union([z.literal(''), isoDateSchema]);

/** The same e-mail pattern the form uses, so the server never disagrees with the browser. */
export const emailSchema = z.string().trim().max(320).refine(isValidEmail, INVALID_EMAIL_MESSAGE);

export const idSchema = z.string().min(1).max(200);

/**
 * A form's payload as the server reads it: a field left out, or sent as null, is
 * taken as the form's empty value, so the domain's own rules report it in the spec's words ('Please
 * provide a listen link for your latest project.') instead of the schema refusing its absence.
 * A value of the wrong kind is still refused by the schema. `blank` makes fresh values per call.
 */
export function withFormDefaults<T extends z.ZodType>(schema: T, blank: () => Record<string, unknown>) {
  return z.preprocess((input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const filled: Record<string, unknown> = { ...input };
    for (const [key, value] of Object.entries(blank())) {
      if (filled[key] === undefined || filled[key] === null) filled[key] = value;
    }
    return filled;
  }, schema);
}

/**
 * A link the app opens within itself (a signing page, a verify page, a sealed PDF): a path, so the
 * browser resolves it against the page's own origin. An absolute PUBLIC_URL address would take a
 * session opened at another address of the same server (127.0.0.1 for localhost) to a host whose
 * cookie it does not have. `//host` and `/\host` name another host to a browser, so they are refused.
 */
export function isAppPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

export const appPathSchema = z.string().max(2048).refine(isAppPath, 'Expected a path on this site');
