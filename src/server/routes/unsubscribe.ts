import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oneClickBodySchema, unsubscribeLinkResponseSchema, unsubscribeParamsSchema } from '../../domain';
import { unsubscribeByLink } from '../services/mail/unsubscribe-by-link';

/** `List-Unsubscribe=One-Click` is all a one-click body holds; anything longer is not one. */
const ONE_CLICK_BODY_LIMIT = 1_024;

/**
 * `POST /unsubscribe/<token>`: the List-Unsubscribe link of reminders and notices (RFC 8058). A mail
 * receiver POSTs `List-Unsubscribe=One-Click` to it, form-encoded and without cookies; the
 * unsubscribe page (web app, `GET` of the same address) sends the same field as JSON when the
 * reader presses its button. A `GET` never unsubscribes: link scanners fetch what they find.
 * Outside /api/ so that the address a person opens is the page; no session is read or needed.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Form bodies for this route only (this plugin's scope), as RFC 8058 §3.1 has them sent.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/unsubscribe/*',
    {
      bodyLimit: ONE_CLICK_BODY_LIMIT,
      schema: {
        params: unsubscribeParamsSchema,
        body: oneClickBodySchema,
        response: { 200: unsubscribeLinkResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return unsubscribeByLink({ db: app.db, key: app.signingKey }, request.params['*']);
    },
  );
};
