import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsDashboardSchema, analyticsHoursQuerySchema } from '../../../domain';
import { requireStaff } from '../../policies/authentication';
import { getAnalyticsDashboard } from '../../services/analytics/get-analytics-dashboard';

const querySchema = z.object({ hours: analyticsHoursQuerySchema });

/** The analytics dashboard's data (spec 001 §7), for staff only (design.md §2). */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so visitors and artists learn nothing about the route's inputs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    requireStaff(request);
  });

  app.get(
    '/api/analytics/dashboard',
    { schema: { querystring: querySchema, response: { 200: analyticsDashboardSchema } } },
    async (request) =>
      getAnalyticsDashboard(app.db, {
        hours: request.query.hours,
        now: new Date(),
        uptimeSeconds: Math.round((Date.now() - app.startedAt) / 1000),
      }),
  );
};
