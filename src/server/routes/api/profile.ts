import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileResponseSchema } from '../../../domain';
import { requireUser } from '../../policies/authentication';

/** `GET /api/profile` (spec 000 §7): the signed-in user's name, artist name and picture. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile',
    { schema: { response: { 200: profileResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        profile: {
          ...(user.name ? { name: user.name } : {}),
          ...(user.artistName ? { artistName: user.artistName } : {}),
          ...(user.picture ? { picture: user.picture } : {}),
        },
      };
    },
  );
};
