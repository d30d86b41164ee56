import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

/** What a paged list (useInfiniteQuery) tells the foot of the list. */
export interface PagedListState {
  /** Items on screen. */
  shown: number;
  /** Items in the whole list, as the server counted them with the first page. */
  total: number;
  /** Pages loaded so far. */
  pages: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The error of the last attempt at the next page, if it failed. */
  nextPageError: Error | null;
  fetchNextPage(): unknown;
}

/** The foot's state from a paged list's query, `shown` items on screen. */
export function pagedListState(
  query: UseInfiniteQueryResult<InfiniteData<{ total: number }>>,
  shown: number,
): PagedListState {
  return {
    shown,
    total: query.data?.pages[0]?.total ?? shown,
    pages: query.data?.pages.length ?? 0,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    nextPageError: query.isFetchNextPageError ? query.error : null,
    fetchNextPage: query.fetchNextPage,
  };
}

/**
 * The foot of a paged list (issue 19): "Showing N of M" once the list is longer than a page, a
 * "Load more" button while more follow, and a retry when the next page failed. The count is a
 * polite live region, so a screen reader hears the new count after each page.
 */
export function LoadMore({ list, noun }: { list: PagedListState; noun: string }) {
  const paged = list.hasNextPage || list.pages > 1;
  return (
    <>
      {list.nextPageError && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.fetchNextPage()}>
              Retry
            </Button>
          }
        >
          More {noun} could not be loaded: {list.nextPageError.message}
        </Alert>
      )}
      {paged && (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, mt: 3 }}>
          <Typography role="status" aria-live="polite" variant="body2" sx={{ color: 'text.secondary' }}>
            Showing {list.shown} of {Math.max(list.total, list.shown)} {noun}
          </Typography>
          {list.hasNextPage && !list.nextPageError && (
            <Button
              variant="outlined"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </Box>
      )}
    </>
  );
}
