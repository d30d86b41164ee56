import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './config';

/**
 * The end-to-end suite's clock (IMPRINT_TEST_HOOKS only): a request may say what time it is for
 * the response promise, so a spec sees a submission near or past the promise days
 * ahead without moving the server's clock for the specs running beside it. Everywhere else, and
 * whenever the header is absent or unreadable, it is now.
 */
export const TEST_NOW_HEADER = 'x-test-now';

export function requestNow(config: Pick<AppConfig, 'testHooks'>, request: FastifyRequest): Date {
  if (!config.testHooks) return new Date();
  const value = request.headers[TEST_NOW_HEADER];
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? new Date() : new Date(ms);
}
