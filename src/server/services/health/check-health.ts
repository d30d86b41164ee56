import type { HealthCheck, HealthResponse } from '../../../domain/api/system';
import { type Database, pingDatabase } from '../../db/client';
import type { Providers } from '../../providers';
import { appVersion } from '../../version';

const checkTimeoutMs = 3000;

async function timed(
  name: string,
  run: () => Promise<void>,
  onFailure: (name: string, error: unknown) => void,
): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${checkTimeoutMs} ms`)), checkTimeoutMs);
      }),
    ]);
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    onFailure(name, error);
    return {
      status: 'fail',
      latencyMs: Math.round(performance.now() - started),
      message: `${name} unavailable`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the database, storage and mail checks side by side. */
export async function checkHealth(deps: {
  db: Database;
  providers: Providers;
  startedAt: number;
  onFailure: (name: string, error: unknown) => void;
}): Promise<HealthResponse> {
  const [database, storage, mail] = await Promise.all([
    timed('database', () => pingDatabase(deps.db), deps.onFailure),
    timed('storage', () => deps.providers.storage.check(), deps.onFailure),
    timed('mail', () => deps.providers.mail.check(), deps.onFailure),
  ]);
  const healthy = [database, storage, mail].every((check) => check.status === 'ok');
  return {
    status: healthy ? 'ok' : 'fail',
    version: appVersion,
    uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    checks: { database, storage, mail },
  };
}
