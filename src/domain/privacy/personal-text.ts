import { ERASED_TEXT } from './data-requests';

/**
 * What identifies an erased artist inside text Imprint keeps for the label's records (a status
 * message, a reviewer's note, a change request's old and new values): their e-mail addresses,
 * their names, phone and profile links. Names shorter than this are left alone: two letters match
 * inside too many words.
 */
export const SCRUB_MIN_NAME_LENGTH = 3;

export interface PersonalStrings {
  /** Addresses, any case; replaced by `erasedEmail`. */
  emails: readonly string[];
  /** Names, phone numbers and profile links, any case; replaced by ERASED_TEXT where whole. */
  names: readonly string[];
  erasedEmail: string;
}

export interface Scrubber {
  /** The text with every address and name replaced (null stays null). */
  text<T extends string | null>(value: T): T;
  /** A JSON value with its string values scrubbed (keys are left as they are). */
  value<T>(value: T): T;
  /** Whether the text names the person at all. */
  mentions(value: string): boolean;
}

// Only the characters that are syntax: in a unicode pattern (the `u` flag) any other escape, such as
// `\-`, is an error.
function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function distinct(values: readonly string[], minLength: number): string[] {
  const seen = new Map<string, string>();
  for (const raw of values) {
    const value = raw.trim();
    if (value.length >= minLength && !seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  }
  // Longest first: "Maya Rivers" goes before "Maya", so the whole name becomes one mark.
  return [...seen.values()].sort((a, b) => b.length - a.length);
}

/**
 * A scrubber for one person. Addresses are replaced wherever they occur; a name only where it
 * stands as a whole word ("Ana" in "Analysis" stays), in any case.
 */
export function createScrubber(strings: PersonalStrings): Scrubber {
  const emails = distinct(strings.emails, 3);
  const names = distinct(strings.names, SCRUB_MIN_NAME_LENGTH);
  const emailPattern = emails.length > 0 ? new RegExp(emails.map(escapeRegExp).join('|'), 'giu') : null;
  const namePattern =
    names.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}_])(?:${names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`, 'giu')
      : null;

  const replace = (value: string): string => {
    let out = value;
    if (emailPattern) out = out.replace(emailPattern, strings.erasedEmail);
    if (namePattern) out = out.replace(namePattern, ERASED_TEXT);
    return out;
  };
  const text = <T extends string | null>(value: T): T => (value === null ? value : (replace(value) as T));
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return replace(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  return {
    text,
    value: <T>(value: T) => walk(value) as T,
    mentions: (value: string) => replace(value) !== value,
  };
}
