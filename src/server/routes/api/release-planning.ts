import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plannerSettingsResponseSchema, plannerSettingsSchema } from '../../../domain';
import { staffOnly } from '../../policies/authentication';
import { readPlannerSettings, savePlannerSettings } from '../../services/release-planning/planner-settings';

/**
 * The deadline planner's settings, staff only: the delivery and pitch leads (days
 * before a release) and the reminder offset (days before each deadline). A value that is not a
 * whole number of days in its range is a 400 naming the setting and its range.
 */
export const releasePlanningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/release-planning/settings',
    { schema: { response: { 200: plannerSettingsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, settings: await readPlannerSettings(app.db) };
    },
  );

  app.put(
    '/api/release-planning/settings',
    { schema: { body: plannerSettingsSchema, response: { 200: plannerSettingsResponseSchema } } },
    async (request) => ({
      success: true as const,
      settings: await savePlannerSettings(app.db, request.body),
    }),
  );
};
