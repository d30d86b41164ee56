import { z } from 'zod';
import { INVALID_LIST_CURSOR, PAGE_SIZE_OUT_OF_RANGE, UNKNOWN_LIST_SORT } from '../pagination/messages';
import { LIST_SORTS, MAX_PAGE_SIZE } from '../pagination/page-rules';

/**
 * The query of a paged list: `cursor` is the previous page's `nextCursor` (opaque; none
 * asks for the first page), `limit` the page size, `sort` newest (the default) or oldest first.
 */
export function pageQueryFields(defaultLimit: number) {
  return {
    cursor: z.string({ error: INVALID_LIST_CURSOR }).max(1000, { error: INVALID_LIST_CURSOR }).optional(),
    limit: z.coerce
      .number({ error: PAGE_SIZE_OUT_OF_RANGE })
      .int({ error: PAGE_SIZE_OUT_OF_RANGE })
      .min(1, { error: PAGE_SIZE_OUT_OF_RANGE })
      .max(MAX_PAGE_SIZE, { error: PAGE_SIZE_OUT_OF_RANGE })
      .default(defaultLimit),
    sort: z.enum(LIST_SORTS, { error: UNKNOWN_LIST_SORT }).default('newest'),
  };
}

/**
 * What every page answers besides its items: the cursor of the next page (null on the last) and
 * how many items the whole list holds, as counted when its first page was read.
 */
export const pageAnswerFields = {
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
};
