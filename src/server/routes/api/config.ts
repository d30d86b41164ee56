import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  setSiteConfigBodySchema,
  setSiteConfigResponseSchema,
  siteConfigResponseSchema,
} from '../../../domain/api/system';
import { requireStaff } from '../../policies/authentication';
import { readSiteConfig, setSubmissionMode } from '../../services/settings/site-config';
import { requestNow } from '../../test-clock';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { response: { 200: siteConfigResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSiteConfig(app.db, app.config, requestNow(app.config, request));
    },
  );
  // Staff switch between full submissions and waiting-list mode (spec 001 §7, design.md §2), and
  // while closed may say when submissions reopen.
  app.post(
    '/api/config/set',
    { schema: { body: setSiteConfigBodySchema, response: { 200: setSiteConfigResponseSchema } } },
    async (request) => {
      requireStaff(request);
      const mode = await setSubmissionMode(app.db, app.config, request.body, requestNow(app.config, request));
      return { success: true as const, ...mode };
    },
  );
};
