import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardItemDetail } from '../../domain/schemas/board';
import { apiGet, apiPost, DeferredSchema } from './client';
import { queryKeys } from './query-keys';

/**
 * Who reviews a submission: the team, and assigning one of them. Apart from the rest
 * of the review (review.ts) because every row of the board offers it: the answers' schemas (and
 * zod with them) load with the first answer, not with the board.
 */

const reviewersResponse = new DeferredSchema(() =>
  import('../../domain/schemas/review').then((schemas) => schemas.reviewersResponseSchema),
);
const boardItemResponse = new DeferredSchema(() =>
  import('../../domain/schemas/board').then((schemas) => schemas.boardItemResponseSchema),
);

/** After a change to a submission: the item as the server answered it, and the review's lists read again. */
export function useItemChanged(itemId: string) {
  const queryClient = useQueryClient();
  return async (item?: BoardItemDetail) => {
    if (item) queryClient.setQueryData(queryKeys.boardItem(itemId), item);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.boardReview(itemId) }),
      item ? queryClient.invalidateQueries({ queryKey: queryKeys.boardItems() }) : undefined,
    ]);
  };
}

export function useAssignReviewer(itemId: string) {
  const changed = useItemChanged(itemId);
  return useMutation({
    mutationFn: async (userId: string | null) =>
      (
        await apiPost(
          `/api/board/items/${encodeURIComponent(itemId)}/assignee`,
          { userId },
          boardItemResponse,
        )
      ).item,
    onSuccess: (item) => changed(item),
  });
}

/** The staff members a submission can be assigned to (asked for once `enabled`). */
export function useReviewers(enabled = true) {
  return useQuery({
    queryKey: queryKeys.reviewers,
    enabled,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/board/reviewers', reviewersResponse, signal)).reviewers,
    staleTime: 5 * 60_000,
  });
}
