import { useCallback, useEffect, useRef, useState } from 'react';
import type { TestDashboardData, TestDashboardRunResponse, TestDashboardTestName } from '../../../../domain';
import { ApiError } from '../../../api/client';
import { runDashboardTest } from '../../../api/test-dashboard';

/** One test's card: its last answer, and the request's own failure (network, 429...) if any. */
export interface TestRunState {
  running: boolean;
  result?: TestDashboardRunResponse | undefined;
  /** The request failed: the test's outcome is unknown. */
  requestError?: string | undefined;
}

export type TestRuns = Partial<Record<TestDashboardTestName, TestRunState>>;

function requestErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return `${error.message} (HTTP 429)`;
    return error.status > 0 ? `${error.message} (HTTP ${error.status})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The runs of the dashboard's tests: one at a time per test, and "Run all" in order. A run's answer
 * (SUCCESS or FAILED) replaces the card's last one; a failed request keeps it and says why.
 */
export function useTestRuns() {
  const [runs, setRuns] = useState<TestRuns>({});
  const [runningAll, setRunningAll] = useState(false);
  const controller = useRef(new AbortController());

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const update = useCallback((name: TestDashboardTestName, change: Partial<TestRunState>) => {
    setRuns((current) => ({ ...current, [name]: { running: false, ...current[name], ...change } }));
  }, []);

  /** Resolves true when the request got an answer (either result), false when it failed. */
  const run = useCallback(
    async (name: TestDashboardTestName, testData: TestDashboardData): Promise<boolean> => {
      const signal = controller.current.signal;
      update(name, { running: true, requestError: undefined });
      try {
        const result = await runDashboardTest(name, testData, signal);
        if (!signal.aborted) update(name, { running: false, result });
        return true;
      } catch (error) {
        if (!signal.aborted) update(name, { running: false, requestError: requestErrorText(error) });
        return false;
      }
    },
    [update],
  );

  const runAll = useCallback(
    async (names: readonly TestDashboardTestName[], testData: TestDashboardData) => {
      setRunningAll(true);
      try {
        for (const name of names) {
          if (controller.current.signal.aborted) return;
          // A refused request (offline, rate limit) would be refused for the rest too.
          if (!(await run(name, testData))) return;
        }
      } finally {
        if (!controller.current.signal.aborted) setRunningAll(false);
      }
    },
    [run],
  );

  return { runs, run, runAll, runningAll };
}
