import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { METRICS_PATH } from '../metrics/metrics';

export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required';

/** Compares SHA-256 digests, so neither the token's content nor its length shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header (the scheme's case does not matter). */
function bearerTokenOf(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * GET /metrics: the Prometheus text format, for a scraper sending METRICS_TOKEN as a
 * bearer token. Without METRICS_TOKEN it answers 404 as an unknown non-page path does. Not under /api/,
 * so the session and Origin hook (policies/authentication.ts) leaves it alone; the metrics plugin
 * (metrics/metrics-plugin.ts) registers what it serves and does not time it.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.metricsToken;
  app.get(METRICS_PATH, async (request, reply) => {
    // The not-found handler's answer for a path that is not a page (routes/web.ts).
    if (!token) return reply.code(404).send({ success: false, error: 'Not found' });
    const given = bearerTokenOf(request.headers.authorization);
    if (given === undefined || !sameToken(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .header('cache-control', 'no-store')
        .send({ success: false, error: METRICS_TOKEN_REQUIRED });
    }
    const body = await app.metrics.registry.metrics();
    return reply
      .header('content-type', app.metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
