import { MAX_PAGE_SIZE } from './page-rules';

/**
 * The refusals of a paged list: a cursor is the server's own bookmark in one list, so
 * anything else in its place is named as such, and the caller is told how to carry on.
 */
export const INVALID_LIST_CURSOR =
  'This list position (cursor) is not one this server issued. Load the list again from the start.';
export const LIST_CURSOR_MISMATCH =
  'This list position (cursor) belongs to another list, order or filter. Load the list again from the start.';
export const PAGE_SIZE_OUT_OF_RANGE = `The page size (limit) must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;
export const UNKNOWN_LIST_SORT = "The list can be sorted 'newest' or 'oldest' first.";
