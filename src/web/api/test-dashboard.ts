import { useQuery } from '@tanstack/react-query';
import {
  type HealthResponse,
  healthResponseSchema,
  type TestDashboardData,
  type TestDashboardRunResponse,
  type TestDashboardTestName,
  type TestDashboardTestsResponse,
  testDashboardRunResponseSchema,
  testDashboardTestsResponseSchema,
} from '../../domain';
import { ApiError, apiGet, apiPost } from './client';
import { queryKeys } from './query-keys';

export interface HealthAnswer {
  health: HealthResponse;
  /** The browser's round trip to /api/health: the "server" indicator's latency. */
  roundTripMs: number;
}

/**
 * `GET /api/health`. A 503 is an answer too: the server is up but cannot serve (database or
 * storage down), and its body names what failed.
 */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthAnswer> {
  const started = performance.now();
  const roundTrip = () => Math.round(performance.now() - started);
  try {
    const health = await apiGet('/api/health', healthResponseSchema, signal);
    return { health, roundTripMs: roundTrip() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      const parsed = healthResponseSchema.safeParse(error.body);
      if (parsed.success) return { health: parsed.data, roundTripMs: roundTrip() };
    }
    throw error;
  }
}

/** The connection indicators: checked on opening and on Refresh, not polled. */
export function useHealth() {
  return useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => fetchHealth(signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
    // "The server did not answer" is the indicator's news, not something to hide behind retries.
    retry: false,
  });
}

export async function fetchDashboardTests(
  signal?: AbortSignal,
): Promise<TestDashboardTestsResponse['tests']> {
  return (await apiGet('/api/test-dashboard/tests', testDashboardTestsResponseSchema, signal)).tests;
}

export function useDashboardTests() {
  return useQuery({
    queryKey: queryKeys.testDashboardTests,
    queryFn: ({ signal }) => fetchDashboardTests(signal),
    refetchOnWindowFocus: false,
  });
}

/** Runs one test; SUCCESS and FAILED both answer 200, so a rejection is the request's own failure. */
export function runDashboardTest(
  name: TestDashboardTestName,
  testData: TestDashboardData,
  signal?: AbortSignal,
): Promise<TestDashboardRunResponse> {
  return apiPost(
    `/api/test-dashboard/tests/${encodeURIComponent(name)}/run`,
    { testData },
    testDashboardRunResponseSchema,
    signal,
  );
}
