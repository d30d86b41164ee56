import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEST_DASHBOARD_TESTS,
  testDashboardRunBodySchema,
  testDashboardRunResponseSchema,
  testDashboardTestNameSchema,
  testDashboardTestsResponseSchema,
} from '../../../domain';
import { badRequest, tooManyRequests } from '../../errors';
import { requireStaff } from '../../policies/authentication';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';
import { listDashboardTests, runDashboardTest } from '../../services/test-dashboard/run-dashboard-test';

/** Runs per staff member per minute: each one reaches external services (monday.com, SMTP, S3...). */
export const TEST_DASHBOARD_RUNS_PER_MINUTE = 30;
export const TOO_MANY_TEST_RUNS = 'Too many test runs. Wait a minute and try again.';
export const UNKNOWN_TEST = `Unknown test. The tests are: ${TEST_DASHBOARD_TESTS.map((test) => test.name).join(', ')}.`;

/**
 * The internal test dashboard (spec 000 §2): staff run each integration against the
 * configured real provider. A test that fails is an answer (200, FAILED), not an error.
 */
export const testDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so visitors and artists learn nothing about the routes' inputs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    requireStaff(request);
  });

  app.get(
    '/api/test-dashboard/tests',
    { schema: { response: { 200: testDashboardTestsResponseSchema } } },
    async () => ({ success: true as const, tests: listDashboardTests(app) }),
  );

  app.post(
    '/api/test-dashboard/tests/:name/run',
    {
      schema: {
        params: z.object({ name: z.string().max(100) }),
        body: testDashboardRunBodySchema.optional(),
        response: { 200: testDashboardRunResponseSchema },
      },
      // Counted before the input is checked, so malformed runs use up the budget too.
      preValidation: async (request) => {
        const user = requireStaff(request);
        const limit = await consumeRateLimit(
          app.db,
          `test-dashboard:user:${user.userId}`,
          TEST_DASHBOARD_RUNS_PER_MINUTE,
          60,
        );
        if (!limit.allowed) throw tooManyRequests(TOO_MANY_TEST_RUNS, limit.retryAfterSeconds);
      },
    },
    async (request) => {
      const name = testDashboardTestNameSchema.safeParse(request.params.name);
      if (!name.success) throw badRequest(UNKNOWN_TEST);
      return runDashboardTest(
        {
          db: app.db,
          config: app.config,
          providers: app.providers,
          signingKey: app.signingKey,
          user: requireStaff(request),
        },
        name.data,
        request.body?.testData,
        { ip: request.ip },
      );
    },
  );
};
