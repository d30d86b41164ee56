import { healthStatusOf, isRequiredProvider, MONITORED_PROVIDERS, PROVIDER_LABELS } from '../../../domain';
import { providerProbes, runProbe } from '../health/check-providers';
import {
  type DashboardTestDeps,
  type DashboardTestOutcome,
  failed,
  succeeded,
} from './dashboard-test-context';

/**
 * The health test: every provider checked afresh, side by side, with the health checks' own probes
 * and time limit (not the monitor's cached answers). The server serves while the database and the
 * storage work, so only those fail the test; an optional provider down is named in the detail.
 */
export async function runHealthTest(deps: DashboardTestDeps): Promise<DashboardTestOutcome> {
  const probes = providerProbes(deps);
  const results = await Promise.all(
    MONITORED_PROVIDERS.map(async (provider) => ({
      provider,
      result: await runProbe(provider, probes[provider]),
    })),
  );
  const lines = results.map(({ provider, result }) => {
    const head = `${PROVIDER_LABELS[provider]} (${result.provider}): ${result.status === 'ok' ? 'ok' : 'FAILED'}, ${result.latencyMs} ms`;
    return result.status === 'ok' ? head : `${head}: ${result.detail ?? result.message ?? 'no reason given'}`;
  });
  const down = results.filter(({ result }) => result.status === 'fail');
  const status = healthStatusOf(
    Object.fromEntries(results.map(({ provider, result }) => [provider, result])),
  );
  if (status === 'fail') {
    const required = down.filter(({ provider }) => isRequiredProvider(provider));
    return failed(
      [
        `The server cannot serve: ${required.map(({ provider }) => PROVIDER_LABELS[provider]).join(' and ')} down.`,
        ...lines,
      ].join('\n'),
    );
  }
  const summary =
    down.length === 0
      ? 'The server is serving and every provider answered.'
      : `The server is serving; degraded while ${down.map(({ provider }) => PROVIDER_LABELS[provider]).join(', ')} ${down.length === 1 ? 'is' : 'are'} down.`;
  return succeeded([summary, ...lines].join('\n'));
}
