import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVITATION_MESSAGES,
  invitationDetailsResponseSchema,
  invitationValidationResponseSchema,
} from '../../../domain';
import { findUsableInvitation } from '../../services/invitations/find-usable-invitation';
import { getInvitationDetails } from '../../services/invitations/get-invitation-details';
import { limitTokenChecks } from '../../services/invitations/limit-token-checks';

const tokenParams = z.object({ token: z.string().max(200) });

/** Unknown, expired, used and revoked tokens get this one answer: it names no artist. */
const INVALID_INVITATION = { success: false, valid: false, error: INVITATION_MESSAGES.invalidLink } as const;

/**
 * An invitation's link, opened by anyone holding it (spec 001 §2, §3, §7): is it valid, and the
 * form's pre-fill. Rate-limited per IP, with the returning-artist checks.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
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
