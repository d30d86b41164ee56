import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthStatusOf, MONITORED_PROVIDERS, providerIssue } from '../../../domain';
import { type HealthCheck, healthResponseSchema } from '../../../domain/api/system';
import { appVersion } from '../../version';

/**
 * `GET /api/health` for load balancers and uptime monitors: 503 only when this instance cannot
 * serve (database or storage down); 200 `degraded` when an optional provider is. Anyone may call
 * it, so a failure is named but the provider's own words stay in the log and the staff pages.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const results = await app.providerMonitor.check();
      const status = healthStatusOf(results);
      const checks = Object.fromEntries(
        MONITORED_PROVIDERS.map((provider) => {
          const { detail: _detail, ...check } = results[provider];
          return [provider, check satisfies HealthCheck];
        }),
      ) as Record<(typeof MONITORED_PROVIDERS)[number], HealthCheck>;
      reply.header('cache-control', 'no-store');
      return reply.code(status === 'fail' ? 503 : 200).send({
        status,
        version: appVersion,
        uptimeSeconds: Math.round((Date.now() - app.startedAt) / 1000),
        checks,
        issues: MONITORED_PROVIDERS.filter((provider) => results[provider].status === 'fail').map(
          (provider) => providerIssue(provider, null),
        ),
      });
    },
  );
};
