import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema } from '../../../domain';

/**
 * `GET /api/me`: the signed-in user, or `user: null` for a visitor (not a 401: being anonymous is
 * the public site's normal state).
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { schema: { response: { 200: meResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, user: request.auth?.user ?? null };
  });
};
