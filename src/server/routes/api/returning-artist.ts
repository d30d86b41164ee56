import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  returningArtistDetailsResponseSchema,
  returningArtistValidationResponseSchema,
} from '../../../domain';
import { limitTokenChecks } from '../../services/invitations/limit-token-checks';
import { getReturningArtist } from '../../services/returning-links/get-returning-artist';

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * A returning-artist link, opened by the artist holding it (spec 001 §2, §6, §7): is it valid (with
 * its reason when not), and the form's pre-fill. One link, many releases, 365 days. Rate-limited
 * per IP, with the invitation checks.
 */
export const returningArtistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/returning-artist/validate/:token',
    {
      schema: {
        params: tokenParams,
        response: {
          200: returningArtistValidationResponseSchema,
          404: returningArtistValidationResponseSchema,
        },
      },
      preValidation: async (request) => limitTokenChecks(app.db, request),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await getReturningArtist(app.db, request.params.token, new Date());
      if (!result.ok) {
        return reply
          .code(404)
          .send({ success: false, isValid: false, error: result.message, reason: result.reason });
      }
      const { artist } = result;
      return {
        success: true,
        isValid: true,
        artistName: artist.artistName,
        artistEmail: artist.artistEmail,
        usageCount: artist.link.usageCount,
        expiresAt: artist.link.expiresAt.toISOString(),
        previousSubmissions: artist.previousSubmissions,
        lastUsedAt: artist.link.lastUsedAt?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/api/returning-artist/details/:token',
    {
      schema: {
        params: tokenParams,
        response: { 200: returningArtistDetailsResponseSchema, 404: returningArtistDetailsResponseSchema },
      },
      preValidation: async (request) => limitTokenChecks(app.db, request),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await getReturningArtist(app.db, request.params.token, new Date());
      if (!result.ok) return reply.code(404).send({ success: false, error: result.message });
      const { artist } = result;
      return {
        success: true,
        artistDetails: {
          firstName: artist.prefillData.firstName,
          surname: artist.prefillData.surname,
          ...(artist.link.lastUsedAt ? { lastUsed: artist.link.lastUsedAt.toISOString() } : {}),
        },
        prefillData: artist.prefillData,
      };
    },
  );
};
