import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BoardItemDetail,
  type BoardListResponse,
  type BoardSort,
  type BulkDecisionPayload,
  boardItemResponseSchema,
  boardListResponseSchema,
  bulkDecisionResponseSchema,
  type ChangeStatusPayload,
  isRecordId,
  type SubmissionStatus,
} from '../../domain';
import { ApiError, apiGet, apiPost } from './client';
import { queryKeys } from './query-keys';

/** Submissions per page of the board: a screenful on a desktop, a few scrolls on a phone. */
export const BOARD_PAGE_SIZE = 25;

/** Item ids are UUIDs; anything else cannot name a submission, so it is not asked for. */

export function isBoardItemId(value: string | undefined): value is string {
  return value !== undefined && isRecordId(value);
}

/**
 * What the board is showing (issue 20 §5): the search, the filters and the order, as the page's
 * URL carries them. A filter added later is one more optional key.
 */
export interface BoardView {
  q?: string | undefined;
  status?: SubmissionStatus | undefined;
  releaseType?: string | undefined;
  genre?: string | undefined;
  releasedFrom?: string | undefined;
  releasedTo?: string | undefined;
  sort?: BoardSort | undefined;
}

/** The view as query parameters, empty ones and the default order left out (a stable cache key too). */
export function boardViewParams(view: BoardView): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (value && !(key === 'sort' && value === 'newest')) query.set(key, value);
  }
  return query;
}

export function fetchBoardItems(
  options: { view?: BoardView; cursor?: string | undefined; limit?: number },
  signal?: AbortSignal,
): Promise<BoardListResponse> {
  const query = boardViewParams(options.view ?? {});
  if (options.cursor) query.set('cursor', options.cursor);
  query.set('limit', String(options.limit ?? BOARD_PAGE_SIZE));
  return apiGet(`/api/board/items?${query}`, boardListResponseSchema, signal);
}

/** The board as the view asks, one page at a time (`fetchNextPage` follows the cursor). */
export function useBoardItems(view: BoardView) {
  return useInfiniteQuery({
    queryKey: queryKeys.boardItems(boardViewParams(view).toString() || 'all'),
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
      (await apiPost('/api/board/items/bulk-status', payload, bulkDecisionResponseSchema)).results,
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
  return (await apiGet(`/api/board/items/${encodeURIComponent(itemId)}`, boardItemResponseSchema, signal))
    .item;
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
  return (
    await apiPost(`/api/board/items/${encodeURIComponent(itemId)}/status`, payload, boardItemResponseSchema)
  ).item;
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
