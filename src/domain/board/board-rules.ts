import { countDaysBetween } from '../common/calendar-date';

/**
 * The staff board's list: the orders it can be read in, its search and its bulk
 * decisions. Pure rules; the query's schema is schemas/board.ts, the SQL services/submissions.
 */

/**
 * newest / oldest: by when the submission arrived; status: in the order of the workflow
 * (SUBMISSION_STATUSES), the longest waiting first within a status; age: longest in its current
 * status first (a submission nobody has answered for weeks comes before one answered today).
 */
export const BOARD_SORTS = ['newest', 'oldest', 'status', 'age'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

export const BOARD_SORT_LABELS: Record<BoardSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  status: 'Status',
  age: 'Longest in its status',
};

export const BOARD_SEARCH_MAX_LENGTH = 100;
/** The shortest word the search's trigram index can find (pg_trgm reads three characters at a time). */
export const BOARD_SEARCH_MIN_WORD = 3;
/**
 * The most the board counts of one status (and of those past the promise) once a search or filter
 * narrows it: counting every match of a broad search would take longer than the page itself
 * (the aim is a page in 10 ms at 100,000 submissions). A count that reaches it is "1,000+", never
 * a wrong exact number; the whole board's counts (kept by triggers) are always exact.
 */
export const BOARD_COUNT_CAP = 1000;

/** A bulk decision names at most this many submissions (a page of the board holds at most 100). */
export const MAX_BULK_DECISION_ITEMS = 100;

/** An ISRC written with its hyphens or spaces (GB-ABC-24-00001), or a UPC/EAN with spaces. */
const CODE_WITH_SEPARATORS = /^(?:[A-Za-z]{2}[-\s]?[A-Za-z0-9]{3}[-\s]?\d{2}[-\s]?\d{5}|[\d\s-]{12,17})$/;

/**
 * The words a search matches, each somewhere in a submission's search text (artist, names, title,
 * e-mail, ISRCs, UPCs), lower case. An ISRC or UPC written with hyphens or spaces is one word
 * without them, as the search text keeps codes (drizzle/0014_board_triage). Empty when nothing is searched.
 */
export function boardSearchWords(search: string | undefined): string[] {
  const text = (search ?? '').trim();
  if (!text) return [];
  const compact = text.replace(/[-\s]/g, '');
  if (CODE_WITH_SEPARATORS.test(text) && (compact.length === 12 || compact.length === 13)) {
    return [compact.toLowerCase()];
  }
  return [...new Set(text.toLowerCase().split(/\s+/).filter(Boolean))];
}

const ISRC = /^[a-z]{2}[a-z0-9]{3}\d{7}$/;
const UPC = /^\d{12,13}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * How a search word is matched: a whole ISRC (12 characters, as boardSearchWords gives it) exactly
 * against the tracks' and catalogue items' codes; a word of 12 or 13 digits both as a UPC, exactly
 * against the release's and catalogue items' codes, and as text, since an artist or a title can
 * hold such a number; a whole e-mail address exactly against the artist's; anything else anywhere
 * in the search text. Codes and addresses share long runs of characters across a label's
 * catalogue (a registrant's prefix, a mail provider's domain), so matching them exactly keeps the
 * search as fast as a name's.
 */
export function boardSearchWordKind(word: string): 'isrc' | 'upc' | 'email' | 'text' {
  if (ISRC.test(word)) return 'isrc';
  if (UPC.test(word)) return 'upc';
  if (EMAIL.test(word)) return 'email';
  return 'text';
}

/** Whether a search can be answered through the index: one of its words has 3 characters or more. */
export function isSearchableBoardQuery(search: string | undefined): boolean {
  return boardSearchWords(search).some((word) => [...word].length >= BOARD_SEARCH_MIN_WORD);
}

/** A release date range this short holds few submissions: read through its own index, then sorted. */
export const NARROW_RELEASE_RANGE_DAYS = 92;

/**
 * Whether a release date range is narrow enough to read through the release date index and sort
 * what it finds, rather than walk the order's index and skip what falls outside it: release dates
 * follow arrival dates, so a range months back is found only after most of the board was walked.
 */
export function isNarrowReleaseRange(from: string | undefined, to: string | undefined): boolean {
  if (!from || !to) return false;
  return countDaysBetween(from, to) <= NARROW_RELEASE_RANGE_DAYS;
}

/** A word as a LIKE pattern matching it anywhere: %, _ and \ stand for themselves. */
export function likePatternOf(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
