import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  formatSignInSent,
  signInRequestSchema,
  signInResultSchema,
  verifyCodeRequestSchema,
  verifyLinkRequestSchema,
} from '../../../domain';
import { clearSessionCookie, setSessionCookie } from '../../policies/authentication';
import { presentSessionUser } from '../../services/artists/artist-picture';
import type { SignInOutcome } from '../../services/auth/complete-sign-in';
import { verifySignInCode, verifySignInLink } from '../../services/auth/complete-sign-in';
import { requestSignIn } from '../../services/auth/request-sign-in';
import { destroySession } from '../../services/auth/sessions';
import { bindLinks } from '../../services/files/signed-urls';

const okSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** Signing in and out: a link and a code by e-mail, and the session they open. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const present = (outcome: SignInOutcome) => ({
    success: true as const,
    // The page that signed in loads the picture with the new session's cookie.
    user: presentSessionUser(bindLinks(app.pageLinks, outcome.session.sessionId), outcome.user),
    token: outcome.session.bearerToken,
    redirectTo: outcome.redirectTo,
  });

  app.post(
    '/api/auth/sign-in',
    { schema: { body: signInRequestSchema, response: { 200: okSchema } } },
    async (request) => {
      await requestSignIn({ db: app.db, config: app.config }, { ...request.body, ip: request.ip });
      app.jobs.notify();
      return { success: true as const, message: formatSignInSent(request.body.email) };
    },
  );

  app.post(
    '/api/auth/verify-link',
    { schema: { body: verifyLinkRequestSchema, response: { 200: signInResultSchema } } },
    async (request, reply) => {
      const outcome = await verifySignInLink(app.db, request.body.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionId: request.auth?.sessionId,
      });
      setSessionCookie(reply, app.config, outcome.session);
      return present(outcome);
    },
  );

  app.post(
    '/api/auth/verify-code',
    { schema: { body: verifyCodeRequestSchema, response: { 200: signInResultSchema } } },
    async (request, reply) => {
      const outcome = await verifySignInCode(app.db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionId: request.auth?.sessionId,
      });
      setSessionCookie(reply, app.config, outcome.session);
      return present(outcome);
    },
  );

  app.post('/api/auth/sign-out', { schema: { response: { 200: okSchema } } }, async (request, reply) => {
    if (request.auth) await destroySession(app.db, request.auth.sessionId);
    clearSessionCookie(reply, app.config);
    return { success: true as const };
  });
};
