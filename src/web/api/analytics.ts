import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AnalyticsDashboard, analyticsDashboardSchema } from '../../domain';
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
