import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formSessionResponseSchema } from '../../../domain';
import { issueFormToken } from '../../services/submissions/form-token';

/**
 * `GET /api/form-session`, issued when the submission form opens: the server's own record of when
 * that was, signed, which create-item's bot check reads (spec 001 §5).
 */
export const formSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/form-session',
    { schema: { response: { 200: formSessionResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { formToken: issueFormToken(app.signingKey, Date.now()) };
    },
  );
};
