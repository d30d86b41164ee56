import {
  TEST_DASHBOARD_TESTS,
  type TestDashboardData,
  type TestDashboardRunResponse,
  type TestDashboardTestName,
  type TestDashboardTestsResponse,
} from '../../../domain';
import { runBoardColumnsTest, runBoardConnectionTest, runCreateTestItemTest } from './board-tests';
import {
  type DashboardTestDeps,
  type DashboardTestOutcome,
  elapsedMs,
  errorText,
  failed,
  providerNames,
  type ResolvedTestData,
  resolveTestData,
  testProviderOf,
} from './dashboard-test-context';
import { runFullSubmissionTest } from './full-submission-test';
import { runHealthTest } from './health-test';
import { runCatalogueTest, runMailTest, runSigningTest, runStorageAuthTest } from './provider-tests';

type Runner = (
  deps: DashboardTestDeps,
  data: ResolvedTestData,
  context: { ip: string },
) => Promise<DashboardTestOutcome>;

const RUNNERS: Record<TestDashboardTestName, Runner> = {
  health: (deps) => runHealthTest(deps),
  'board-connection': (deps) => runBoardConnectionTest(deps),
  'board-columns': (deps) => runBoardColumnsTest(deps),
  'create-test-item': (deps, data) => runCreateTestItemTest(deps, data),
  'storage-auth': (deps) => runStorageAuthTest(deps),
  'full-submission': (deps, data, context) => runFullSubmissionTest(deps, data, context),
  mail: (deps, data) => runMailTest(deps, data),
  signing: (deps, data) => runSigningTest(deps, data),
  catalogue: (deps, data) => runCatalogueTest(deps, data),
};

/** The dashboard's tests in the spec's order, each with the implementation it will use. */
export function listDashboardTests(
  deps: Pick<DashboardTestDeps, 'db' | 'config' | 'providers'>,
): TestDashboardTestsResponse['tests'] {
  const names = providerNames(deps);
  return TEST_DASHBOARD_TESTS.map((test) => ({
    name: test.name,
    label: test.label,
    description: test.description,
    provider: testProviderOf(test.name, names),
  }));
}

/**
 * Runs one test against the configured real provider. A test that throws did run: it is FAILED
 * with the provider's own error text, never an error of the request.
 */
export async function runDashboardTest(
  deps: DashboardTestDeps,
  name: TestDashboardTestName,
  testData: TestDashboardData | undefined,
  context: { ip: string },
): Promise<TestDashboardRunResponse> {
  const started = performance.now();
  let outcome: DashboardTestOutcome;
  try {
    outcome = await RUNNERS[name](deps, resolveTestData(testData, deps.user), context);
  } catch (error) {
    outcome = failed(errorText(error));
  }
  return { name, ...outcome, durationMs: elapsedMs(started) };
}
