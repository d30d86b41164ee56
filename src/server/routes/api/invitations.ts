import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_INVITE_ERRORS,
  adminInvitationPayloadSchema,
  adminInvitationResponseSchema,
  INVITATION_MESSAGES,
  INVITATION_STEPS,
  invitationActionResponseSchema,
  invitationDetailsResponseSchema,
  invitationListQuerySchema,
  invitationListResponseSchema,
  invitationValidationResponseSchema,
  regenerateInvitationResponseSchema,
} from '../../../domain';
import { AppError } from '../../errors';
import { requireStaff } from '../../policies/authentication';
import { createInvitation } from '../../services/invitations/create-invitation';
import { findUsableInvitation } from '../../services/invitations/find-usable-invitation';
import { getInvitationDetails } from '../../services/invitations/get-invitation-details';
import { limitTokenChecks } from '../../services/invitations/limit-token-checks';
import { listInvitations } from '../../services/invitations/list-invitations';
import { regenerateInvitation } from '../../services/invitations/regenerate-invitation';
import { revokeInvitation } from '../../services/invitations/revoke-invitation';

const tokenParams = z.object({ token: z.string().max(200) });
const itemParams = z.object({ itemId: z.string().max(200) });

/** Staff routes check the session before validation: a visitor learns nothing of their inputs. */
async function staffOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  requireStaff(request);
}

/** Unknown, expired, used and revoked tokens get this one answer: it names no artist. */
const INVALID_INVITATION = { success: false, valid: false, error: INVITATION_MESSAGES.invalidLink } as const;

/** Artist invitations (spec 001 §2, §3; issue 9): staff create and manage them, the link opens the form. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/artist-invitations/create',
    {
      onRequest: staffOnly,
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
      onRequest: staffOnly,
      schema: { querystring: invitationListQuerySchema, response: { 200: invitationListResponseSchema } },
    },
    async (request) => {
      const invitations = await listInvitations(app.db, { status: request.query.status, now: new Date() });
      return { success: true, invitations };
    },
  );

  app.post(
    '/api/artist-invitations/:itemId/regenerate',
    {
      onRequest: staffOnly,
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
      onRequest: staffOnly,
      schema: { params: itemParams, response: { 200: invitationActionResponseSchema } },
    },
    async (request) => {
      await revokeInvitation({ db: app.db, config: app.config }, request.params.itemId, new Date());
      return { success: true };
    },
  );

  app.get(
    '/api/invitation/validate/:token',
    {
      schema: {
        params: tokenParams,
        response: { 200: invitationValidationResponseSchema, 404: invitationValidationResponseSchema },
      },
      preValidation: async (request) => limitTokenChecks(app.db, request),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const invitation = await findUsableInvitation(app.db, request.params.token, new Date());
      if (!invitation) return reply.code(404).send(INVALID_INVITATION);
      return {
        success: true,
        valid: true,
        artistName: invitation.artistName,
        itemId: invitation.id,
        boardType: 'invitation',
      };
    },
  );

  app.get(
    '/api/invitation/details/:token',
    {
      schema: {
        params: tokenParams,
        response: { 200: invitationDetailsResponseSchema, 404: invitationDetailsResponseSchema },
      },
      preValidation: async (request) => limitTokenChecks(app.db, request),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const details = await getInvitationDetails(app.db, request.params.token, new Date());
      if (!details) return reply.code(404).send({ success: false, error: INVITATION_MESSAGES.invalidLink });
      const { invitation, prefillData } = details;
      return {
        success: true,
        artistName: invitation.artistName,
        firstName: invitation.firstName,
        surname: invitation.surname,
        email: invitation.email,
        itemId: invitation.id,
        boardType: 'invitation',
        prefillData,
      };
    },
  );
};
