import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { METRICS_PATH, Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance, served by routes/metrics.ts. */
    metrics: Metrics;
  }
}

/**
 * Decorates `app.metrics` and times every request by route pattern and status. Register it before
 * the routes; GET /metrics itself (routes/metrics.ts) is not timed.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    // Without a token nothing can read the process metrics: leave their timers and observers off.
    const metrics = new Metrics(app.db, { defaultMetrics: Boolean(app.config.metricsToken) });
    app.decorate('metrics', metrics);

    // Fastify runs onResponse when the response has finished, hijacked replies (tus) included.
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      if (route === METRICS_PATH) return;
      metrics.observeRequest(
        // The pattern, never the path: ids and tokens would make a series per request. Requests
        // that matched no route (client pages, unknown paths) share one series.
        { method: request.method, route: route ?? 'unmatched', statusCode: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'imprint-metrics' },
);
