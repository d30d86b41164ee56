/**
 * The words for a request field that its schema refuses. A field with a rule of the
 * spec gets that rule's message where the rule runs (the submission and waiting-list validators,
 * the schema's own message); everything else is described here, from the field's name, so no
 * answer ever carries a validation library's own words.
 */

/** The body of a JSON request was something else than an object (an array, a number, null...). */
export const REQUEST_BODY_NOT_AN_OBJECT = 'The request must be a JSON object.';
export const REQUEST_BODY_NOT_JSON = 'The request is not valid JSON.';
export const REQUEST_BODY_EMPTY = 'The request has no content.';
export const REQUEST_BODY_TOO_LARGE = 'The request is too large.';
export const REQUEST_CONTENT_TYPE_UNSUPPORTED = 'The request is sent in a format this address does not take.';
export const REQUEST_MALFORMED = 'The request could not be read.';
export const REQUEST_HEADERS_TOO_LARGE = 'The request headers are too large.';
export const REQUEST_TIMED_OUT =
  'The request took too long to arrive. Please check your connection and try again.';
export const ROUTE_NOT_FOUND = 'Not found.';

/** What the schema library reports about a field: the parts the wording needs. */
export interface FieldIssue {
  code?: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** 'firstName' → 'First name', 'uploadSessionId' → 'Upload session id', 'email_confirm' → 'Email confirm'. */
export function humaniseFieldName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  if (words === '') return 'A field';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The field a path names, for people: the last name in it, with the item's number when the path
 * goes through a list (`tracks.1.title` → 'Title (item 2 of tracks)').
 */
export function describeFieldPath(path: readonly PropertyKey[]): string {
  const names = path.map((part) => (typeof part === 'symbol' ? '' : String(part)));
  const lastNameIndex = names.findLastIndex((part) => !/^\d+$/.test(part));
  if (lastNameIndex < 0) return names.length > 0 ? `Item ${Number(names.at(-1)) + 1}` : 'The request';
  const label = humaniseFieldName(names[lastNameIndex] ?? '');
  const index = names.slice(0, lastNameIndex).findLastIndex((part) => /^\d+$/.test(part));
  const list = index > 0 ? names[index - 1] : undefined;
  const after = names.slice(lastNameIndex + 1);
  if (after.length > 0 && /^\d+$/.test(after[0] ?? '')) {
    return `${label} (item ${Number(after[0]) + 1})`;
  }
  if (index > 0 && list !== undefined) {
    return `${label} (item ${Number(names[index]) + 1} of ${humaniseFieldName(list).toLowerCase()})`;
  }
  return label;
}

const EXPECTED_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  tuple: 'a list',
  date: 'a date',
  null: 'empty',
};

function listValues(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ');
}

/**
 * The message for one refused field. `path` is where the field sits in the request; the whole
 * body (an empty path) that is not an object gets REQUEST_BODY_NOT_AN_OBJECT.
 */
export function describeFieldIssue(issue: FieldIssue): string {
  const path = issue.path ?? [];
  if (path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object') {
    return REQUEST_BODY_NOT_AN_OBJECT;
  }
  const field = describeFieldPath(path);
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case 'invalid_type': {
      if (missing) return `${field} is required`;
      return `${field} must be ${EXPECTED_WORDS[issue.expected ?? ''] ?? 'of another kind'}`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `${field} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} may have at most ${max} entries`;
      return `${field} must be at most ${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') {
        return min === '1' ? `${field} is required` : `${field} must be at least ${min} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return min === '1' ? `${field} needs at least one entry` : `${field} needs at least ${min} entries`;
      }
      return `${field} must be at least ${min}`;
    }
    case 'invalid_value': {
      const values = issue.values ?? [];
      if (missing) return `${field} is required`;
      return values.length > 0 && values.length <= 12
        ? `${field} must be one of: ${listValues(values)}`
        : `${field} is not valid`;
    }
    case 'unrecognized_keys':
      return `${field} has fields it does not take: ${(issue.keys ?? []).join(', ')}`;
    case 'invalid_union':
      return missing ? `${field} is required` : `${field} is not valid`;
    default:
      return missing ? `${field} is required` : `${field} is not valid`;
  }
}
