import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  boardItemResponseSchema,
  type ChangeRequestPayload,
  changeRequestResponseSchema,
  decisionMessageResponseSchema,
  type ReviewRound,
  reviewRoundsResponseSchema,
  type StaffNote,
  staffNoteResponseSchema,
  staffNotesResponseSchema,
  type TimelineResponse,
  timelineResponseSchema,
} from '../../domain';
import { isBoardItemId } from './board';
import { apiGet, apiPost } from './client';
import { queryKeys } from './query-keys';
import { useItemChanged } from './reviewers';

/**
 * The review of one submission, staff only: change requests and their rounds, the
 * timeline, a decision template filled for the submission, private notes, rating and reviewer.
 * Every change answers the item as it is now (or a part of it); the cached item is replaced and
 * the review's lists (rounds, timeline, notes) are read again, since each change adds to them.
 */

const itemPath = (itemId: string) => `/api/board/items/${encodeURIComponent(itemId)}`;

/** Events per page of the timeline: a screenful. */
export const TIMELINE_PAGE_SIZE = 20;

export async function fetchReviewRounds(itemId: string, signal?: AbortSignal): Promise<ReviewRound[]> {
  return (await apiGet(`${itemPath(itemId)}/rounds`, reviewRoundsResponseSchema, signal)).rounds;
}

/** Every round of change requests, oldest first. */
export function useReviewRounds(itemId: string) {
  return useQuery({
    queryKey: queryKeys.reviewRounds(itemId),
    queryFn: ({ signal }) => fetchReviewRounds(itemId, signal),
    enabled: isBoardItemId(itemId),
    // The file links of a replacement work for an hour, like the item's.
    refetchInterval: 45 * 60_000,
  });
}

export function fetchTimeline(
  itemId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TimelineResponse> {
  const query = new URLSearchParams({ limit: String(TIMELINE_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiGet(`${itemPath(itemId)}/timeline?${query}`, timelineResponseSchema, signal);
}

/** The audit trail, newest first, a page at a time. */
export function useTimeline(itemId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.reviewTimeline(itemId),
    queryFn: ({ pageParam, signal }) => fetchTimeline(itemId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isBoardItemId(itemId),
  });
}

/** The template filled for this submission (artist's name, release title, label name), to edit before sending. */
export async function fetchDecisionMessage(itemId: string, templateId: string): Promise<string> {
  const query = new URLSearchParams({ templateId });
  return (await apiGet(`${itemPath(itemId)}/decision-message?${query}`, decisionMessageResponseSchema))
    .message;
}

/** Fills a template on demand (when staff pick it): its pending state and error are the picker's. */
export function useFillDecisionMessage(itemId: string) {
  return useMutation({ mutationFn: (templateId: string) => fetchDecisionMessage(itemId, templateId) });
}

/** Sends a change request: the status becomes Changes requested and the artist is mailed. */
export function useRequestChanges(itemId: string) {
  const queryClient = useQueryClient();
  const changed = useItemChanged(itemId);
  return useMutation({
    mutationFn: (payload: ChangeRequestPayload) =>
      apiPost(`${itemPath(itemId)}/change-requests`, payload, changeRequestResponseSchema),
    onSuccess: (answer) => changed(answer.item),
    // Refused because the item moved on (another reviewer): show it as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.boardItem(itemId) }),
  });
}

export function useStaffNotes(itemId: string) {
  return useQuery({
    queryKey: queryKeys.staffNotes(itemId),
    queryFn: async ({ signal }) =>
      (await apiGet(`${itemPath(itemId)}/notes`, staffNotesResponseSchema, signal)).notes,
    enabled: isBoardItemId(itemId),
  });
}

export function useAddStaffNote(itemId: string) {
  const changed = useItemChanged(itemId);
  return useMutation({
    mutationFn: async (body: string): Promise<StaffNote> =>
      (await apiPost(`${itemPath(itemId)}/notes`, { body }, staffNoteResponseSchema)).note,
    onSuccess: () => changed(),
  });
}

export function useSetRating(itemId: string) {
  const changed = useItemChanged(itemId);
  return useMutation({
    mutationFn: async (rating: number | null) =>
      (await apiPost(`${itemPath(itemId)}/rating`, { rating }, boardItemResponseSchema)).item,
    onSuccess: (item) => changed(item),
  });
}
