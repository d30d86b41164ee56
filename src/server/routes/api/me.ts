import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAIL_PREFERENCE_MESSAGES,
  mailPreferencesResponseSchema,
  mailPreferenceUpdateSchema,
  meResponseSchema,
  type SessionUser,
  unsubscribableMailKindsFor,
} from '../../../domain';
import { badRequest } from '../../errors';
import { requireUser } from '../../policies/authentication';
import { readMailPreferences, setMailPreference } from '../../services/mail/mail-preferences';

/**
 * `GET /api/me`: the signed-in user, or `user: null` for a visitor (not a 401: being anonymous is
 * the public site's normal state).
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { schema: { response: { 200: meResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, user: request.auth?.user ?? null };
  });

  const preferencesOf = async (user: SessionUser) => ({
    success: true as const,
    email: user.email,
    preferences: await readMailPreferences(app.db, user.email, unsubscribableMailKindsFor(user.role)),
  });

  // 401 before the body is read, so a visitor learns nothing about the inputs.
  const signedIn = async (request: FastifyRequest) => void requireUser(request);

  /**
   * `GET/PUT /api/me/mail-preferences`: the reminder and notice mail the signed-in reader gets at
   * the address they sign in with, each on or off; PUT `{ kind, enabled }` switches one (turning
   * on again what a mail's unsubscribe link turned off).
   */

  app.get(
    '/api/me/mail-preferences',
    { onRequest: signedIn, schema: { response: { 200: mailPreferencesResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return preferencesOf(requireUser(request));
    },
  );

  app.put(
    '/api/me/mail-preferences',
    {
      onRequest: signedIn,
      schema: { body: mailPreferenceUpdateSchema, response: { 200: mailPreferencesResponseSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { kind, enabled } = request.body;
      if (!unsubscribableMailKindsFor(user.role).includes(kind))
        throw badRequest(MAIL_PREFERENCE_MESSAGES.notYours);
      await setMailPreference(app.db, { email: user.email, kind, enabled, via: 'profile' });
      reply.header('cache-control', 'no-store');
      return preferencesOf(user);
    },
  );
};
