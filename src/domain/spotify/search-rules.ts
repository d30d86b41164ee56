/** Search behaviour of the artist search and the catalogue finder (spec 001 §2, §9). */
export const SEARCH_MIN_CHARACTERS = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_RESULTS_SHOWN = 5;
/** The artist search widget asks for 8; the API never returns more than 50. */
export const ARTIST_SEARCH_REQUEST_LIMIT = 8;
export const SEARCH_LIMIT_CAP = 50;
/** Success notice after adding a catalogue item hides after 3 s. */
export const CATALOGUE_NOTICE_MS = 3_000;

/** Searching starts at two typed characters, so single letters do not flood the service. */
export function canStartSearch(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_CHARACTERS;
}

/** A requested limit, bounded to 1..50; a missing or unreadable limit gets the widget's default. */
export function clampSearchLimit(requested: number | string | null | undefined, fallback = 20): number {
  const value = typeof requested === 'string' ? Number.parseInt(requested, 10) : requested;
  if (value == null || !Number.isFinite(value)) return fallback;
  return Math.min(SEARCH_LIMIT_CAP, Math.max(1, Math.trunc(value)));
}

export function takeShownResults<T>(results: readonly T[]): T[] {
  return results.slice(0, SEARCH_RESULTS_SHOWN);
}
