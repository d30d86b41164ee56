import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (issue 16). */
    metrics: Metrics;
  }
}

export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required';

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Times every request by route pattern and status, and serves GET /metrics in Prometheus text
 * format with the configured bearer token; without METRICS_TOKEN there is no /metrics (404).
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const metrics = new Metrics(app.db);
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    if (request.url === METRICS_PATH || request.url.startsWith(`${METRICS_PATH}?`)) return;
    metrics.requestDuration.observe(
      {
        method: request.method,
        // The pattern, never the path: ids and tokens would make a series per request.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const token = app.config.metricsToken;
  app.get(METRICS_PATH, async (request, reply) => {
    // Not configured: /metrics is not a page of the app either, so a plain 404.
    if (!token) return reply.code(404).send({ success: false, error: 'Not found' });
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !sameToken(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, error: METRICS_TOKEN_REQUIRED });
    }
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
});
