import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeLinkResponseSchema, unsubscribeParamsSchema } from '../../../domain';
import { readUnsubscribeLink } from '../../services/mail/unsubscribe-by-link';

/**
 * `GET /api/unsubscribe/<token>`: what a mail's unsubscribe link stands for (which mail, to which
 * address, still on or not), for the page the link opens. Reading it changes nothing; the page's
 * button POSTs to the link itself (routes/unsubscribe.ts).
 */
export const unsubscribeLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/unsubscribe/*',
    { schema: { params: unsubscribeParamsSchema, response: { 200: unsubscribeLinkResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readUnsubscribeLink({ db: app.db, key: app.signingKey }, request.params['*']);
    },
  );
};
