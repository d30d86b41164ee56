import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  signingActionResponseSchema,
  signingConsentBodySchema,
  signingDeclineBodySchema,
  signingDocumentResponseSchema,
  signingSignBodySchema,
} from '../../../domain';
import { tooManyRequests } from '../../errors';
import { requireUser } from '../../policies/authentication';
import { declineAgreement } from '../../services/contracts/decline-agreement';
import { loadSigningDocument } from '../../services/contracts/load-signing-document';
import { recordConsent } from '../../services/contracts/record-consent';
import { signAgreement } from '../../services/contracts/sign-agreement';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';
import { signatureActorOf } from './signature-actor';

const tokenParams = z.object({ token: z.string().max(200) });

/** Signing pages reload and poll a little; a person never comes near this. */
export const SIGNING_REQUESTS_PER_MINUTE = 60;
export const TOO_MANY_SIGNING_REQUESTS = 'Too many requests. Please wait a minute and try again.';

/**
 * The signing page's API (spec 000 §4), by the token of its link: the document, consent,
 * the signature and a refusal. The session must be the request's artist's, and each user has a
 * budget.
 */
export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    // The agreement and its signing link: never kept by a cache.
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', async (request) => {
    const user = requireUser(request);
    const limit = await consumeRateLimit(
      app.db,
      `signing:user:${user.userId}`,
      SIGNING_REQUESTS_PER_MINUTE,
      60,
    );
    if (!limit.allowed) throw tooManyRequests(TOO_MANY_SIGNING_REQUESTS, limit.retryAfterSeconds);
  });
  const external = () => app.providers.externalSigning;

  app.get(
    '/api/signing/:token',
    { schema: { params: tokenParams, response: { 200: signingDocumentResponseSchema } } },
    async (request) => {
      const document = await loadSigningDocument(
        { db: app.db, config: app.config, externalSigning: external(), log: request.log },
        request.params.token,
        requireUser(request),
        signatureActorOf(request),
        new Date(),
      );
      return { success: true, document };
    },
  );

  app.post(
    '/api/signing/:token/consent',
    {
      schema: {
        params: tokenParams,
        body: signingConsentBodySchema,
        response: { 200: signingActionResponseSchema },
      },
    },
    async (request) => {
      const status = await recordConsent(
        app.db,
        request.params.token,
        requireUser(request),
        signatureActorOf(request),
        new Date(),
      );
      return { success: true, status };
    },
  );

  app.post(
    '/api/signing/:token/sign',
    {
      schema: {
        params: tokenParams,
        body: signingSignBodySchema,
        response: { 200: signingActionResponseSchema },
      },
    },
    async (request) => {
      const status = await signAgreement(
        app.db,
        request.params.token,
        requireUser(request),
        request.body,
        signatureActorOf(request),
        new Date(),
      );
      return { success: true, status };
    },
  );

  app.post(
    '/api/signing/:token/decline',
    {
      schema: {
        params: tokenParams,
        body: signingDeclineBodySchema,
        response: { 200: signingActionResponseSchema },
      },
    },
    async (request) => {
      const status = await declineAgreement(
        { db: app.db, config: app.config },
        request.params.token,
        requireUser(request),
        request.body.reason,
        signatureActorOf(request),
        new Date(),
      );
      return { success: true, status };
    },
  );
};
