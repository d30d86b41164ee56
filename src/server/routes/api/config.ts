import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigResponseSchema } from '../../../domain/api/system';
import { getSetting } from '../../services/settings/app-settings';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { response: { 200: siteConfigResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { submissionsEnabled: await getSetting(app.db, 'submissionsEnabled') };
    },
  );
};
