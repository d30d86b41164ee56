import { MAX_BULK_DECISION_ITEMS } from './board-rules';

/** The refusals of the board's list and its bulk decisions, in the label's words. */
export const UNKNOWN_BOARD_SORT =
  "The board can be sorted 'newest' or 'oldest' first, by 'status', or by 'age' (longest in its status first).";
export const BOARD_SEARCH_TOO_LONG = 'The search can be at most 100 characters long.';
export const BOARD_SEARCH_TOO_SHORT =
  'Type at least 3 letters or digits of a name, title, e-mail, ISRC or UPC to search.';
export const UNKNOWN_RELEASE_TYPE_FILTER = "The release type can be 'single', 'ep' or 'lp'.";
export const UNKNOWN_GENRE_FILTER = 'That genre is not one of the primary genres of the submission form.';
export const UNKNOWN_DELIVERY_FILTER =
  "The delivery filter can be 'delivered', 'failed', 'delivering' or 'taken_down'.";
export const BAD_RELEASE_DATE_FILTER = 'A release date filter must be a date written YYYY-MM-DD.';
export const RELEASE_DATE_RANGE_REVERSED =
  'The release date range ends before it starts: the "from" date must be on or before the "to" date.';
export const BULK_IDS_REQUIRED = 'Choose at least one submission.';
export const BULK_TOO_MANY = `At most ${MAX_BULK_DECISION_ITEMS} submissions can be decided at once.`;
export const BULK_DUPLICATE_IDS = 'A submission is named twice in the list.';
export const BULK_UNKNOWN_DECISION =
  "A decision for several submissions at once is 'approve' or 'decline' (changes are asked for one submission at a time).";
export const BULK_TEMPLATE_REQUIRED = 'Choose the template whose message goes to every artist.';
