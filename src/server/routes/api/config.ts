import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteConfigResponseSchema } from '../../../domain/api/system';
import { requireStaff } from '../../policies/authentication';
import { getSetting, setSetting } from '../../services/settings/app-settings';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { response: { 200: siteConfigResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { submissionsEnabled: await getSetting(app.db, 'submissionsEnabled') };
    },
  );
  // Staff switch between full submissions and waiting-list mode (spec 001 §7, design.md §2).
  app.post(
    '/api/config/set',
    {
      schema: {
        body: z.object({ submissionsEnabled: z.boolean() }),
        response: { 200: z.object({ success: z.literal(true), submissionsEnabled: z.boolean() }) },
      },
    },
    async (request) => {
      requireStaff(request);
      await setSetting(app.db, 'submissionsEnabled', request.body.submissionsEnabled);
      return { success: true as const, submissionsEnabled: request.body.submissionsEnabled };
    },
  );
};
