import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeReturningLinkExpiryBodySchema,
  changeReturningLinkExpiryResponseSchema,
  createReturningLinkResponseSchema,
  invitationActionResponseSchema,
  returningArtistDetailsResponseSchema,
  returningArtistValidationResponseSchema,
  returningLinkListResponseSchema,
} from '../../../domain';
import { requireStaff } from '../../policies/authentication';
import { limitTokenChecks } from '../../services/invitations/limit-token-checks';
import { changeReturningLinkExpiry } from '../../services/returning-links/change-returning-link-expiry';
import { createReturningLink } from '../../services/returning-links/create-returning-link';
import { getReturningArtist } from '../../services/returning-links/get-returning-artist';
import { listReturningLinks } from '../../services/returning-links/list-returning-links';
import { revokeReturningLink } from '../../services/returning-links/revoke-returning-link';

const tokenParams = z.object({ token: z.string().max(200) });

/** Staff routes check the session before validation: a visitor learns nothing of their inputs. */
async function staffOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  requireStaff(request);
}

/** Returning-artist links (spec 001 §2, §6; issue 9): one link, many releases, 365 days. */
export const returningLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/board/items/:itemId/returning-link',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ itemId: z.string().max(200) }),
        response: { 200: createReturningLinkResponseSchema },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      const link = await createReturningLink({ db: app.db, config: app.config }, request.params.itemId, {
        actor,
        now: new Date(),
      });
      return { success: true, linkId: link.linkId, url: link.url, expiresAt: link.expiresAt.toISOString() };
    },
  );

  app.get(
    '/api/artists/:artistId/returning-links',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ artistId: z.string().max(200) }),
        response: { 200: returningLinkListResponseSchema },
      },
    },
    async (request) => {
      const links = await listReturningLinks(app.db, request.params.artistId, new Date());
      return { success: true, links };
    },
  );

  app.post(
    '/api/returning-links/:linkId/revoke',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ linkId: z.string().max(200) }),
        response: { 200: invitationActionResponseSchema },
      },
    },
    async (request) => {
      await revokeReturningLink(app.db, request.params.linkId, new Date());
      return { success: true };
    },
  );

  app.post(
    '/api/returning-links/:linkId/expiry',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ linkId: z.string().max(200) }),
        body: changeReturningLinkExpiryBodySchema,
        response: { 200: changeReturningLinkExpiryResponseSchema },
      },
    },
    async (request) => {
      const { linkId } = request.params;
      const expiresAt = await changeReturningLinkExpiry(app.db, linkId, request.body.lastDay, new Date());
      return { success: true, expiresAt: expiresAt.toISOString() };
    },
  );

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
