/**
 * Text Imprint can store. PostgreSQL refuses a NUL character in text and JSON, and a lone UTF-16
 * surrogate (half of an emoji, cut in two) is not a character at all: it cannot be encoded as
 * UTF-8 and is stored, if at all, as a replacement mark. Such text is refused with this message
 * rather than stored wrong or failing deep inside a query.
 */
export const UNSTORABLE_TEXT =
  'The text contains characters that cannot be stored (a control character or half of an emoji). Please remove them and try again.';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** C0 controls and DEL. Tabs and line breaks are fine in free text, not in a name or address. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** Free text (a bio, lyrics, a message): anything but NUL and lone surrogates. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !hasLoneSurrogate(value);
}

/** A one-line value (an e-mail address, a file name): no control characters either. */
export function isStorableLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value) && !hasLoneSurrogate(value);
}

/**
 * The text with NUL and lone surrogates replaced by U+FFFD, for what is kept as a record of what
 * arrived (error reports from browsers) rather than refused.
 */
export function toStorableText(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}

/**
 * The path of the first string (value or object key) in `value` that is not storable text, or
 * undefined. Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findUnstorableText(value: unknown): (string | number)[] | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    const current = next.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return next.path;
      continue;
    }
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], path: [...next.path, index] });
      }
      continue;
    }
    const entries = Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] as [string, unknown];
      if (!isStorableText(key)) return [...next.path, key];
      stack.push({ value: child, path: [...next.path, key] });
    }
  }
  return undefined;
}

/** Deep copy of JSON-like `value` with every string (and key) made storable (toStorableText). */
export function toStorableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return toStorableText(value);
  // Reports are small and shallow; anything deeper than this is not kept.
  if (depth > 20 || typeof value !== 'object' || value === null) return depth > 20 ? null : value;
  if (Array.isArray(value)) return value.map((item) => toStorableJson(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [toStorableText(key), toStorableJson(child, depth + 1)]),
  );
}
