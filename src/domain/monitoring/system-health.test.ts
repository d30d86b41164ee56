import { describe, expect, it } from 'vitest';
import {
  assessSystemHealth,
  healthStatusOf,
  mailQueueIssues,
  PROVIDER_STATUS_STALE_MS,
  type StoredProviderStatus,
} from './system-health';

const now = new Date('2026-11-25T12:00:00.000Z');
const quiet = { criticalErrors: 0, serverErrors: 0, failedJobs: 0 };
const allOk = (['database', 'storage', 'mail', 'board', 'signing', 'catalogue'] as const).map(
  (provider): StoredProviderStatus => ({ provider, status: 'ok', message: null, checkedAt: now }),
);
const withStatus = (provider: StoredProviderStatus['provider'], message: string | null = null) =>
  allOk.map((row) => (row.provider === provider ? { ...row, status: 'fail' as const, message } : row));

describe('/api/health status', () => {
  it('is ok when all pass, degraded when an optional provider fails, fail when a required one does', () => {
    expect(healthStatusOf({ database: { status: 'ok' }, mail: { status: 'ok' } })).toBe('ok');
    expect(healthStatusOf({ database: { status: 'ok' }, mail: { status: 'fail' } })).toBe('degraded');
    expect(healthStatusOf({ board: { status: 'fail' }, signing: { status: 'fail' } })).toBe('degraded');
    expect(healthStatusOf({ storage: { status: 'fail' }, mail: { status: 'fail' } })).toBe('fail');
    expect(healthStatusOf({ database: { status: 'fail' } })).toBe('fail');
  });
});

describe('the dashboard system status', () => {
  it('is healthy with every provider up, checked recently, and a quiet hour', () => {
    expect(assessSystemHealth({ providers: allOk, recent: quiet, now })).toEqual({
      status: 'healthy',
      issues: [],
    });
  });

  it('is degraded while mail is down, with the provider words', () => {
    expect(
      assessSystemHealth({ providers: withStatus('mail', 'connect ECONNREFUSED'), recent: quiet, now }),
    ).toEqual({
      status: 'degraded',
      issues: ['Mail is down: connect ECONNREFUSED'],
    });
  });

  it('is degraded while mail waits longer than a few minutes or was given up, with the last error', () => {
    const mailQueue = { waiting: 0, oldestWaitingSeconds: null, givenUp: 0, lastError: null };
    expect(assessSystemHealth({ providers: allOk, recent: quiet, now, mailQueue }).status).toBe('healthy');
    // A mail that went out a minute ago is normal traffic.
    const fresh = { ...mailQueue, waiting: 3, oldestWaitingSeconds: 60 };
    expect(assessSystemHealth({ providers: allOk, recent: quiet, now, mailQueue: fresh }).status).toBe(
      'healthy',
    );
    const outage = {
      waiting: 12,
      oldestWaitingSeconds: 3 * 3600 + 59,
      givenUp: 1,
      lastError: 'Error: connect ECONNREFUSED',
    };
    expect(assessSystemHealth({ providers: allOk, recent: quiet, now, mailQueue: outage })).toEqual({
      status: 'degraded',
      issues: [
        '12 mails waiting to be sent, the oldest for 3 hours. Last error: Error: connect ECONNREFUSED',
        '1 mail could not be sent in the last 24 hours (given up after a day of retries). Last error: Error: connect ECONNREFUSED',
      ],
    });
    expect(mailQueueIssues({ ...mailQueue, waiting: 1, oldestWaitingSeconds: 7 * 60 })).toEqual([
      '1 mail waiting to be sent, the oldest for 7 minutes',
    ]);
  });

  it('is unhealthy while storage or the database is down', () => {
    expect(assessSystemHealth({ providers: withStatus('storage'), recent: quiet, now })).toEqual({
      status: 'unhealthy',
      issues: ['File storage is down'],
    });
  });

  it('is degraded when the checks stopped or never ran', () => {
    const stale = allOk.map((row) => ({
      ...row,
      checkedAt: new Date(now.getTime() - PROVIDER_STATUS_STALE_MS - 60_000),
    }));
    expect(assessSystemHealth({ providers: stale, recent: quiet, now })).toEqual({
      status: 'degraded',
      issues: ['The providers were last checked 6 minutes ago (is JOBS_ENABLED off?)'],
    });
    expect(assessSystemHealth({ providers: [], recent: quiet, now }).status).toBe('degraded');
  });

  it('is degraded after critical errors, server errors or failed jobs in the last hour, counting each', () => {
    expect(
      assessSystemHealth({
        providers: allOk,
        recent: { criticalErrors: 2, serverErrors: 1, failedJobs: 3 },
        now,
      }),
    ).toEqual({
      status: 'degraded',
      issues: [
        '2 critical errors in the last hour',
        '1 server error (5xx) in the last hour',
        '3 background jobs failed in the last hour',
      ],
    });
  });
});
