import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_INVITE_ERRORS,
  adminInvitationPayloadSchema,
  adminInvitationResponseSchema,
  INVITATION_STEPS,
  invitationActionResponseSchema,
  invitationListQuerySchema,
  invitationListResponseSchema,
  regenerateInvitationResponseSchema,
} from '../../../domain';
import { AppError } from '../../errors';
import { requireStaff, staffOnly } from '../../policies/authentication';
import { createInvitation } from '../../services/invitations/create-invitation';
import { readInvitationsPage } from '../../services/invitations/list-invitations';
import { regenerateInvitation } from '../../services/invitations/regenerate-invitation';
import { revokeInvitation } from '../../services/invitations/revoke-invitation';

const itemParams = z.object({ itemId: z.string().max(200) });

/**
 * Artist invitations (spec 001 §2, §3): staff create and manage them; the link they mail
 * opens the form, which checks it through /api/invitation (invitation.ts).
 */
export const artistInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.post(
    '/api/artist-invitations/create',
    {
      schema: { body: adminInvitationPayloadSchema, response: { 200: adminInvitationResponseSchema } },
    },
    async (request) => {
      const actor = requireStaff(request);
      try {
        const created = await createInvitation({ db: app.db, config: app.config }, request.body, {
          actor,
          now: new Date(),
        });
        return {
          success: true,
          itemId: created.itemId,
          artistName: created.artistName,
          email: created.email,
          message: `Invitation created for ${created.artistName}. The personal link has been e-mailed to ${created.email}.`,
          nextSteps: [...INVITATION_STEPS],
          invitationUrl: created.invitationUrl,
          expiresAt: created.expiresAt.toISOString(),
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'artist invitation failed');
        throw new AppError(500, ADMIN_INVITE_ERRORS.createFailed);
      }
    },
  );

  app.get(
    '/api/artist-invitations',
    {
      schema: { querystring: invitationListQuerySchema, response: { 200: invitationListResponseSchema } },
    },
    async (request) => {
      const page = await readInvitationsPage(
        { db: app.db, cursorKey: app.signingKey },
        request.query,
        new Date(),
      );
      return { success: true, ...page };
    },
  );

  app.post(
    '/api/artist-invitations/:itemId/regenerate',
    {
      schema: { params: itemParams, response: { 200: regenerateInvitationResponseSchema } },
    },
    async (request) => {
      const actor = requireStaff(request);
      const result = await regenerateInvitation({ db: app.db, config: app.config }, request.params.itemId, {
        actor,
        now: new Date(),
      });
      return {
        success: true,
        itemId: result.itemId,
        invitationUrl: result.invitationUrl,
        expiresAt: result.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/artist-invitations/:itemId/revoke',
    {
      schema: { params: itemParams, response: { 200: invitationActionResponseSchema } },
    },
    async (request) => {
      await revokeInvitation({ db: app.db, config: app.config }, request.params.itemId, new Date());
      return { success: true };
    },
  );
};
