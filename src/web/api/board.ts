import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BoardView, boardViewEntries, boardViewKey } from '../../domain/board/board-view';
import { isRecordId } from '../../domain/common/ids';
import { BOARD_PAGE_SIZE } from '../../domain/pagination/page-rules';
import type {
  BoardItemDetail,
  BoardListResponse,
  BulkDecisionPayload,
  ChangeStatusPayload,
} from '../../domain/schemas/board';
import { ApiError, apiGet, apiPost, DeferredSchema } from './client';
import { queryKeys } from './query-keys';

export type { BoardView };

// The answers' schemas (and zod with them) load with the first request, not with the board: the
// page the server rendered comes with its first page, and hydrates without them.
const boardSchemas = () => import('../../domain/schemas/board');
const boardListResponse = new DeferredSchema(() =>
  boardSchemas().then((schemas) => schemas.boardListResponseSchema),
);
const boardItemResponse = new DeferredSchema(() =>
  boardSchemas().then((schemas) => schemas.boardItemResponseSchema),
);
const bulkDecisionResponse = new DeferredSchema(() =>
  boardSchemas().then((schemas) => schemas.bulkDecisionResponseSchema),
);

/** Submissions per page of the board: a screenful on a desktop, a few scrolls on a phone. */
export { BOARD_PAGE_SIZE };

/** Item ids are UUIDs; anything else cannot name a submission, so it is not asked for. */

export function isBoardItemId(value: string | undefined): value is string {
  return value !== undefined && isRecordId(value);
}

/** The view as the page's URL and the API's query string carry it. */
export function boardViewParams(view: BoardView): URLSearchParams {
  return new URLSearchParams(boardViewEntries(view));
}

/**
 * The view as a CSV file (GET /api/board/export.csv): every match, in the board's order, one line
 * per track. A plain link, so the browser downloads it with the session's cookie.
 */
export function boardExportUrl(view: BoardView): string {
  const query = boardViewParams(view).toString();
  return query ? `/api/board/export.csv?${query}` : '/api/board/export.csv';
}

export function fetchBoardItems(
  options: { view?: BoardView; cursor?: string | undefined; limit?: number },
  signal?: AbortSignal,
): Promise<BoardListResponse> {
  const query = boardViewParams(options.view ?? {});
  if (options.cursor) query.set('cursor', options.cursor);
  query.set('limit', String(options.limit ?? BOARD_PAGE_SIZE));
  return apiGet(`/api/board/items?${query}`, boardListResponse, signal);
}

/** The board as the view asks, one page at a time (`fetchNextPage` follows the cursor). */
export function useBoardItems(view: BoardView) {
  return useInfiniteQuery({
    queryKey: queryKeys.boardItems(boardViewKey(view)),
    queryFn: ({ pageParam, signal }) => fetchBoardItems({ view, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a new search or filter loads, the rows of the last one stay (no flash of a skeleton).
    placeholderData: (previous) => previous,
  });
}

/** One decision, one template, several submissions; the answer says what happened to each. */
export function useBulkDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: BulkDecisionPayload) =>
      (await apiPost('/api/board/items/bulk-status', payload, bulkDecisionResponse)).results,
    onSuccess: async (results) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.boardItems() }),
        ...results.map((result) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.boardItem(result.itemId) }),
        ),
      ]);
    },
  });
}

export async function fetchBoardItem(itemId: string, signal?: AbortSignal): Promise<BoardItemDetail> {
  return (await apiGet(`/api/board/items/${encodeURIComponent(itemId)}`, boardItemResponse, signal)).item;
}

export function useBoardItem(itemId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.boardItem(itemId ?? ''),
    queryFn: ({ signal }) => fetchBoardItem(itemId ?? '', signal),
    enabled: isBoardItemId(itemId),
    // The file links in the answer work for an hour: a page left open gets fresh ones before then.
    refetchInterval: 45 * 60_000,
    // A missing submission stays missing; other failures get the usual retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

export async function changeSubmissionStatus(
  itemId: string,
  payload: ChangeStatusPayload,
): Promise<BoardItemDetail> {
  return (await apiPost(`/api/board/items/${encodeURIComponent(itemId)}/status`, payload, boardItemResponse))
    .item;
}

/** Changes the status; the answer is the item as it is now, which replaces the cached one. */
export function useChangeSubmissionStatus(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ChangeStatusPayload) => changeSubmissionStatus(itemId, payload),
    onSuccess: async (item) => {
      queryClient.setQueryData(queryKeys.boardItem(itemId), item);
      // The board's lists, and the review's timeline and rounds (a change may close a round).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.boardItems() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.boardReview(itemId) }),
      ]);
    },
    // Refused because the item moved on (another staff member): show it as it is now.
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: queryKeys.boardItem(itemId) });
    },
  });
}
