import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../domain/api/system';
import { checkHealth } from '../../services/health/check-health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (request, reply) => {
      const health = await checkHealth({
        db: app.db,
        providers: app.providers,
        startedAt: app.startedAt,
        onFailure: (name, error) =>
          request.log.error({ err: error, check: name }, `health check failed: ${name}`),
      });
      reply.header('cache-control', 'no-store');
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
