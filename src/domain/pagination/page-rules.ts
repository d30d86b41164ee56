/** Paged lists (issue 19): keyset pages, newest or oldest first, never more than this many at once. */
export const MAX_PAGE_SIZE = 100;

export const LIST_SORTS = ['newest', 'oldest'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
