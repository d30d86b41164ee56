import { and, eq, min } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RESPONSE_PROMISE_NEAR_DAYS,
  responsePromiseResponseSchema,
  responsePromiseRunsQuerySchema,
  responsePromiseRunsResponseSchema,
  responsePromiseUpdateSchema,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema';
import { declineOverdueSubmissionsJob } from '../../jobs/decline-overdue-submissions';
import { staffOnly } from '../../policies/authentication';
import {
  countOverdue,
  type PromiseSettings,
  presentPromiseSettings,
  readPromiseClock,
  readPromiseSettings,
  updatePromiseSettings,
} from '../../services/response-promise/promise-settings';
import { readPromiseRuns } from '../../services/response-promise/read-promise-runs';
import { requestNow } from '../../test-clock';

/** When the daily job is due next: its pending row's time (null before a worker scheduled it). */
async function nextRunAt(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ runAt: min(jobs.runAt) })
    .from(jobs)
    .where(and(eq(jobs.type, declineOverdueSubmissionsJob.name), eq(jobs.status, 'pending')));
  return row?.runAt ? new Date(row.runAt).toISOString() : null;
}

/**
 * The response promise, staff only: the promise in days, the switch and template of
 * the daily job that declines submissions past it, and the job's runs.
 */
export const responsePromiseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  async function answer(settings: PromiseSettings, now: Date) {
    const clock = await readPromiseClock(app.db, app.config, now);
    return {
      success: true as const,
      settings: presentPromiseSettings(settings),
      timeZone: clock.timeZone,
      today: clock.today,
      nearDays: RESPONSE_PROMISE_NEAR_DAYS,
      overdueCount: await countOverdue(app.db, clock),
      nextRunAt: await nextRunAt(app.db),
    };
  }

  app.get(
    '/api/response-promise',
    { schema: { response: { 200: responsePromiseResponseSchema } } },
    async (request) => answer(await readPromiseSettings(app.db), requestNow(app.config, request)),
  );

  app.put(
    '/api/response-promise',
    { schema: { body: responsePromiseUpdateSchema, response: { 200: responsePromiseResponseSchema } } },
    async (request) =>
      answer(await updatePromiseSettings(app.db, request.body), requestNow(app.config, request)),
  );

  app.get(
    '/api/response-promise/runs',
    {
      schema: {
        querystring: responsePromiseRunsQuerySchema,
        response: { 200: responsePromiseRunsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await readPromiseRuns({ db: app.db, cursorKey: app.signingKey }, request.query)),
    }),
  );
};
