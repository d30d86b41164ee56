import type { FastifyBaseLogger } from 'fastify';
import { MONITORED_PROVIDERS, type MonitoredProvider, REQUIRED_PROVIDERS } from '../../../domain';
import { recordProviderStatuses } from '../monitoring/record-provider-status';
import { checkProviders, type ProviderCheckResults, type ProviderDeps } from './check-providers';

/** Optional providers are outside services; a load balancer polling /api/health must not hit them each time. */
export const OPTIONAL_CHECK_CACHE_MS = 30_000;

const OPTIONAL_PROVIDERS = MONITORED_PROVIDERS.filter((provider) => !REQUIRED_PROVIDERS.includes(provider));

/**
 * Checks the providers for /api/health and the recurring provider check. The database and storage
 * are checked on every call (they decide whether this instance can serve); the optional providers
 * (mail, board, signing, catalogue) at most every 30 s per instance, from a cache between. A
 * status that differs from the one last recorded by this instance is stored at once
 * (`provider_status`, with an error event when an outage begins), so an outage seen by a health
 * poll is on the dashboard even before the next scheduled check.
 */
export class ProviderMonitor {
  private cached: { at: number; results: Partial<ProviderCheckResults> } | undefined;
  private pending: Promise<Partial<ProviderCheckResults>> | undefined;
  private readonly recorded = new Map<MonitoredProvider, string>();

  constructor(private readonly deps: ProviderDeps & { log: FastifyBaseLogger; now?: () => number }) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private optionalChecks(fresh: boolean): Promise<Partial<ProviderCheckResults>> {
    if (!fresh && this.cached && this.now() - this.cached.at < OPTIONAL_CHECK_CACHE_MS) {
      return Promise.resolve(this.cached.results);
    }
    // Concurrent polls share one round of checks.
    this.pending ??= checkProviders(this.deps, OPTIONAL_PROVIDERS)
      .then((results) => {
        this.cached = { at: this.now(), results };
        return results;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /**
   * Every provider's check. `fresh` skips the cache and stores every status (the recurring check,
   * which also keeps `checked_at` current for the dashboard).
   */
  async check(options: { fresh?: boolean } = {}): Promise<ProviderCheckResults> {
    const fresh = options.fresh ?? false;
    const [required, optional] = await Promise.all([
      checkProviders(this.deps, REQUIRED_PROVIDERS),
      this.optionalChecks(fresh),
    ]);
    const results = { ...required, ...optional } as ProviderCheckResults;
    for (const provider of MONITORED_PROVIDERS) {
      const result = results[provider];
      if (result.status === 'fail') {
        this.deps.log.warn(
          { provider, implementation: result.provider, detail: result.detail },
          `${provider} check failed`,
        );
      }
    }
    const changed = MONITORED_PROVIDERS.some(
      (provider) => this.recorded.get(provider) !== results[provider].status,
    );
    if (fresh || changed) await this.record(results);
    return results;
  }

  private async record(results: ProviderCheckResults): Promise<void> {
    try {
      await recordProviderStatuses(this.deps.db, results);
      for (const provider of MONITORED_PROVIDERS) this.recorded.set(provider, results[provider].status);
    } catch (error) {
      // The database being down is itself what the check found; it is recorded once it is back.
      this.deps.log.debug({ err: error }, 'provider status not recorded');
    }
  }
}
