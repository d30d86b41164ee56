/** Paged lists: keyset pages, newest or oldest first, never more than this many at once. */
export const MAX_PAGE_SIZE = 100;

export const LIST_SORTS = ['newest', 'oldest'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/**
 * The page sizes the web pages ask for: the dashboard's submissions (a few scrolls) and the board
 * (a screenful on a desktop, a few scrolls on a phone). The server renders a signed-in page's
 * first page with the same size, so the client's first render finds it in its cache.
 */
export const ARTIST_SUBMISSIONS_PAGE_SIZE = 20;
export const BOARD_PAGE_SIZE = 25;
