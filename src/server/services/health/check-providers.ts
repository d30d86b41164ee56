import {
  type HealthStatus,
  healthStatusOf,
  MONITORED_PROVIDERS,
  type MonitoredProvider,
} from '../../../domain';
import type { HealthCheck } from '../../../domain/api/system';
import type { AppConfig } from '../../config';
import { type Database, databaseKindOf, pingDatabase } from '../../db/client';
import type { Providers } from '../../providers';
import { checkFreeSpace } from '../../providers/storage/storage-full';

export const PROVIDER_CHECK_TIMEOUT_MS = 3000;

/** One provider's check as the server sees it: the provider's own words stay here (staff only). */
export interface ProviderCheckResult extends HealthCheck {
  /** The provider's error text; never sent to anonymous callers. */
  detail?: string;
}
export type ProviderCheckResults = Record<MonitoredProvider, ProviderCheckResult>;

export interface ProviderProbe {
  /** Which implementation is configured: 'PGlite', 'S3', 'SMTP', 'monday.com', 'built-in board', ... */
  implementation: string;
  run(): Promise<void>;
}

export interface ProviderDeps {
  db: Database;
  providers: Providers;
  config: Pick<AppConfig, 'storage'>;
}

/**
 * How each provider is checked. The built-in board is the database; the built-in signing needs
 * nothing beyond the database and storage, which are checked themselves.
 */
export function providerProbes({
  db,
  providers,
  config,
}: ProviderDeps): Record<MonitoredProvider, ProviderProbe> {
  const { externalBoard, externalSigning } = providers;
  return {
    database: {
      implementation: databaseKindOf(db) === 'postgres' ? 'PostgreSQL' : 'PGlite',
      run: () => pingDatabase(db),
    },
    storage: {
      implementation: config.storage.driver === 's3' ? 'S3' : 'local disk',
      run: async () => {
        await providers.storage.check();
        if (config.storage.driver === 'local') {
          await checkFreeSpace(config.storage.root, config.storage.minFreeBytes);
        }
        // Last: a write refused for space keeps storage failing a while after the probe passes.
        providers.storageSpace.confirmRoom();
      },
    },
    mail: {
      implementation: providers.mail.kind === 'smtp' ? 'SMTP' : 'dev outbox',
      run: () => providers.mail.check(),
    },
    board: externalBoard
      ? { implementation: 'monday.com', run: async () => void (await externalBoard.testConnection()) }
      : { implementation: 'built-in board', run: () => pingDatabase(db) },
    signing: externalSigning
      ? { implementation: 'Dropbox Sign', run: async () => void (await externalSigning.checkAccount()) }
      : { implementation: 'built-in signing', run: async () => {} },
    catalogue: {
      implementation: providers.music.offline ? 'offline catalogue' : 'Spotify Web API',
      run: async () => void (await providers.music.test()),
    },
  };
}

/** Runs one probe with the time limit; a failure keeps the provider's words in `detail`. */
export async function runProbe(
  provider: MonitoredProvider,
  probe: ProviderProbe,
): Promise<ProviderCheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe.run(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${PROVIDER_CHECK_TIMEOUT_MS} ms`)),
          PROVIDER_CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return {
      status: 'ok',
      provider: probe.implementation,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    return {
      status: 'fail',
      provider: probe.implementation,
      latencyMs: Math.round(performance.now() - started),
      message: `${provider} unavailable`,
      detail: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Checks the given providers side by side. */
export async function checkProviders(
  deps: ProviderDeps,
  which: readonly MonitoredProvider[] = MONITORED_PROVIDERS,
): Promise<Partial<ProviderCheckResults>> {
  const probes = providerProbes(deps);
  const results = await Promise.all(which.map((provider) => runProbe(provider, probes[provider])));
  return Object.fromEntries(which.map((provider, index) => [provider, results[index]]));
}

export function overallStatus(results: ProviderCheckResults): HealthStatus {
  return healthStatusOf(results);
}
