import { ProviderMonitor } from '../services/health/provider-monitor';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

const checkProvidersIntervalMs = 60_000;

/**
 * Every minute: checks every provider afresh and stores each one's status (`provider_status`,
 * with an error event when an outage begins), so the dashboard's checks are never stale while a
 * worker runs, even when nobody polls /api/health.
 */
export const checkProvidersJob = defineJob({
  name: 'monitoring.check-providers',
  payload: jobPayloads['monitoring.check-providers'],
  recurring: true,
  async handle(_payload, { db, providers, config, log }) {
    await new ProviderMonitor({ db, providers, config, log }).check({ fresh: true });
    return { rescheduleAfterMs: checkProvidersIntervalMs };
  },
});
