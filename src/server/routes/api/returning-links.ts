import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeReturningLinkExpiryBodySchema,
  changeReturningLinkExpiryResponseSchema,
  invitationActionResponseSchema,
} from '../../../domain';
import { staffOnly } from '../../policies/authentication';
import { changeReturningLinkExpiry } from '../../services/returning-links/change-returning-link-expiry';
import { revokeReturningLink } from '../../services/returning-links/revoke-returning-link';

const linkParams = z.object({ linkId: z.string().max(200) });

/**
 * Staff manage a returning-artist link (spec 001 §2, §6): revoke it, or move its last day.
 * Links are issued from a board item (board/items.ts) and listed per artist (artists.ts); the
 * artist opens theirs through /api/returning-artist (returning-artist.ts).
 */
export const returningLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.post(
    '/api/returning-links/:linkId/revoke',
    { schema: { params: linkParams, response: { 200: invitationActionResponseSchema } } },
    async (request) => {
      await revokeReturningLink(app.db, request.params.linkId, new Date());
      return { success: true };
    },
  );

  app.post(
    '/api/returning-links/:linkId/expiry',
    {
      schema: {
        params: linkParams,
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
};
