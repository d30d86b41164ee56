import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsDashboardSchema,
  analyticsHoursQuerySchema,
  backupStatusSchema,
  errorEventsQuerySchema,
  errorEventsResponseSchema,
} from '../../../domain';
import { requireStaff } from '../../policies/authentication';
import { getAnalyticsDashboard, warmAnalyticsCache } from '../../services/analytics/get-analytics-dashboard';
import { AnalyticsHourCache } from '../../services/analytics/hour-cache';
import { readErrorEventsPage } from '../../services/analytics/read-error-events';
import { readBackupOverview } from '../../services/backup/read-backup-status';

const querySchema = z.object({ hours: analyticsHoursQuerySchema });

/** The analytics dashboard's data (spec 001 §7) and its error events, for staff only (design.md §2). */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hourCache = new AnalyticsHourCache();
  // In the background once the server listens (not in tests that only inject requests).
  app.addHook('onListen', async () => {
    warmAnalyticsCache(app.db, hourCache).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the analytics dashboard cache could not be warmed'),
    );
  });
  // Before validation, so visitors and artists learn nothing about the route's inputs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    requireStaff(request);
  });

  app.get(
    '/api/analytics/dashboard',
    { schema: { querystring: querySchema, response: { 200: analyticsDashboardSchema } } },
    async (request) =>
      getAnalyticsDashboard(
        app.db,
        {
          hours: request.query.hours,
          now: new Date(),
          uptimeSeconds: Math.round((Date.now() - app.startedAt) / 1000),
        },
        hourCache,
      ),
  );

  /** The scheduled backup (BACKUP_DIR): the dashboard's Backups card. */
  app.get('/api/analytics/backups', { schema: { response: { 200: backupStatusSchema } } }, async () =>
    readBackupOverview(app.db, app.config),
  );

  /** The window's error events a page at a time: the dashboard's recent errors, and the rest of them. */
  app.get(
    '/api/analytics/errors',
    { schema: { querystring: errorEventsQuerySchema, response: { 200: errorEventsResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await readErrorEventsPage({ db: app.db, cursorKey: app.signingKey }, request.query, new Date())),
    }),
  );
};
