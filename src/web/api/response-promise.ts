import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ResponsePromiseResponse,
  type ResponsePromiseRunsResponse,
  type ResponsePromiseUpdate,
  responsePromiseResponseSchema,
  responsePromiseRunsResponseSchema,
} from '../../domain';
import { apiGet, apiRequest } from './client';
import { queryKeys } from './query-keys';

/** Runs per page of the Response promise page. */
export const PROMISE_RUNS_PAGE_SIZE = 10;

/** The response promise: the settings and where the board stands today. */
export function useResponsePromise() {
  return useQuery({
    queryKey: queryKeys.responsePromise,
    queryFn: ({ signal }) => apiGet('/api/response-promise', responsePromiseResponseSchema, signal),
  });
}

/** Saves any of the settings; the answer replaces the cached one, and the board's marks are read again. */
export function useUpdateResponsePromise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ResponsePromiseUpdate): Promise<ResponsePromiseResponse> =>
      apiRequest('/api/response-promise', responsePromiseResponseSchema, { method: 'PUT', body: update }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.responsePromise, answer);
      await queryClient.invalidateQueries({ queryKey: queryKeys.boardItems() });
    },
  });
}

export function fetchPromiseRuns(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ResponsePromiseRunsResponse> {
  const query = new URLSearchParams({ limit: String(PROMISE_RUNS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiGet(`/api/response-promise/runs?${query}`, responsePromiseRunsResponseSchema, signal);
}

/** What the daily job did, newest run first, a page at a time. */
export function usePromiseRuns() {
  return useInfiniteQuery({
    queryKey: queryKeys.responsePromiseRuns,
    queryFn: ({ pageParam, signal }) => fetchPromiseRuns(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
