import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthStatusOf, MONITORED_PROVIDERS, providerIssue } from '../../../domain';
import { type HealthCheck, healthResponseSchema } from '../../../domain/api/system';
import { dkimNotices } from '../../providers/mail/dkim';
import { readMailQueue } from '../../services/health/read-mail-queue';
import { appVersion } from '../../version';

/**
 * `GET /api/health` for load balancers and uptime monitors: 503 only when this instance cannot
 * serve (database or storage down); 200 `degraded` when an optional provider is. Anyone may call
 * it, so a failure is named but the provider's own words stay in the log and the staff pages (and
 * in `mailQueue.lastError`, answered to staff only). Whether mail is DKIM-signed is said to anyone
 * (the DNS says as much); what to do about it is a notice for staff, never a degraded status.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (request, reply) => {
      // With the database down the queue cannot be read: the checks say so, the answer goes without it.
      const [results, mailQueue] = await Promise.all([
        app.providerMonitor.check(),
        readMailQueue(app.db).catch(() => undefined),
      ]);
      const status = healthStatusOf(results);
      const checks = Object.fromEntries(
        MONITORED_PROVIDERS.map((provider) => {
          const { detail: _detail, ...check } = results[provider];
          return [provider, check satisfies HealthCheck];
        }),
      ) as Record<(typeof MONITORED_PROVIDERS)[number], HealthCheck>;
      const staff = request.auth?.user.role === 'staff';
      reply.header('cache-control', 'no-store');
      return reply.code(status === 'fail' ? 503 : 200).send({
        status,
        version: appVersion,
        uptimeSeconds: Math.round((Date.now() - app.startedAt) / 1000),
        checks,
        issues: MONITORED_PROVIDERS.filter((provider) => results[provider].status === 'fail').map(
          (provider) => providerIssue(provider, null),
        ),
        dkim: { configured: app.config.mail.dkim !== undefined },
        ...(staff ? { notices: dkimNotices(app.config.mail) } : {}),
        ...(mailQueue && {
          mailQueue: {
            waiting: mailQueue.waiting,
            oldestWaitingSeconds: mailQueue.oldestWaitingSeconds,
            givenUp: mailQueue.givenUp,
            // The mail server's own words: for staff, like the provider checks' details.
            ...(staff && mailQueue.lastError ? { lastError: mailQueue.lastError } : {}),
          },
        }),
      });
    },
  );
};
