import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type AnalyticsDashboard,
  analyticsDashboardSchema,
  type ErrorEventsResponse,
  errorEventsResponseSchema,
} from '../../domain';
import { apiGet } from './client';
import { queryKeys } from './query-keys';

/** Spec 001 §9: the dashboard refreshes every 5 minutes. */
export const ANALYTICS_REFRESH_MS = 5 * 60_000;

export function fetchAnalyticsDashboard(hours: number, signal?: AbortSignal): Promise<AnalyticsDashboard> {
  return apiGet(`/api/analytics/dashboard?hours=${hours}`, analyticsDashboardSchema, signal);
}

/**
 * The dashboard for a window, refreshed every 5 minutes and whenever the window changes; the last
 * window's figures stay on screen while the new one loads.
 */
export function useAnalyticsDashboard(hours: number) {
  return useQuery({
    queryKey: queryKeys.analyticsDashboard(hours),
    queryFn: ({ signal }) => fetchAnalyticsDashboard(hours, signal),
    refetchInterval: ANALYTICS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Error events per page of the recent errors table: the dashboard's own recent few. */
export const ERROR_EVENTS_PAGE_SIZE = 20;

export function fetchErrorEvents(
  hours: number,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ErrorEventsResponse> {
  const query = new URLSearchParams({ hours: String(hours), limit: String(ERROR_EVENTS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiGet(`/api/analytics/errors?${query}`, errorEventsResponseSchema, signal);
}

/**
 * The window's error events, newest first, a page at a time; refreshed with the dashboard (every
 * 5 minutes, the pages loaded so far read again from a fresh first page).
 */
export function useErrorEvents(hours: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.analyticsErrors(hours),
    queryFn: ({ pageParam, signal }) => fetchErrorEvents(hours, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: ANALYTICS_REFRESH_MS,
  });
}
