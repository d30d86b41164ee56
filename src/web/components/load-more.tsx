import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** What a paged list (useInfiniteQuery) tells the foot of the list. */
export interface PagedListState {
  /** Items on screen. */
  shown: number;
  /** Items in the whole list, as the server counted them with the first page. */
  total: number;
  /** The server stopped counting at `total`: at least that many (the board's capped counts). */
  totalCapped?: boolean;
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
  query: UseInfiniteQueryResult<InfiniteData<{ total: number; totalCapped?: boolean }>>,
  shown: number,
): PagedListState {
  return {
    shown,
    total: query.data?.pages[0]?.total ?? shown,
    totalCapped: query.data?.pages[0]?.totalCapped === true,
    pages: query.data?.pages.length ?? 0,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    nextPageError: query.isFetchNextPageError ? query.error : null,
    fetchNextPage: query.fetchNextPage,
  };
}

/**
 * Pages a list loads by itself as its foot scrolls into view. After that only the button loads
 * more, so whatever follows the list (the page's footer, other sections) can still be reached.
 */
export const AUTO_LOAD_PAGES = 5;

/** How far below the viewport the foot may still be when the next page is asked for. */
const AUTO_LOAD_MARGIN = '0px 0px 320px 0px';

/**
 * Loads the next page when the sentinel (an empty element above the button) comes near the
 * viewport, while the list has loaded fewer than AUTO_LOAD_PAGES pages and nothing is in flight or
 * failed. The observer is made again after each page, so a foot still in view after a short page
 * loads the next one too. Without IntersectionObserver (old browsers, jsdom) nothing happens by
 * itself; the button is always there.
 */
function useLoadOnScroll(list: PagedListState, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const active =
    enabled &&
    list.hasNextPage &&
    !list.isFetchingNextPage &&
    !list.nextPageError &&
    list.pages < AUTO_LOAD_PAGES &&
    typeof IntersectionObserver !== 'undefined';
  const { pages, fetchNextPage } = list;
  useEffect(() => {
    const target = sentinel.current;
    if (!active || !target || pages < 1) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage();
      },
      { rootMargin: AUTO_LOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [active, pages, fetchNextPage]);
  return sentinel;
}

/**
 * The foot of a paged list: "Showing N of M" once the list is longer than a page, a
 * "Load more" button while more follow, and a retry when the next page failed. The count is a
 * polite live region, so a screen reader hears the new count after each page. Scrolling to the
 * foot loads the next page by itself for the first AUTO_LOAD_PAGES pages (`autoLoad`, on unless a
 * list has more of the page after it); the button stays for keyboard and switch users, and focus
 * never moves when a page arrives.
 */
export function LoadMore({
  list,
  noun,
  autoLoad = true,
}: {
  list: PagedListState;
  noun: string;
  /** Load the next page when the foot scrolls into view; off where other content follows the list. */
  autoLoad?: boolean;
}) {
  const paged = list.hasNextPage || list.pages > 1;
  const sentinel = useLoadOnScroll(list, autoLoad);
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
          <div ref={sentinel} aria-hidden="true" />
          <Typography role="status" aria-live="polite" variant="body2" sx={{ color: 'text.secondary' }}>
            Showing {list.shown} of {`${Math.max(list.total, list.shown)}${list.totalCapped ? '+' : ''}`}{' '}
            {noun}
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
