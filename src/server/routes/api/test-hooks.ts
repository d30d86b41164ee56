import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  testPromiseRunPayloadSchema,
  testPromiseRunResponseSchema,
  testRemindersRunPayloadSchema,
  testRemindersRunResponseSchema,
} from '../../../domain';
import { staffOnly } from '../../policies/authentication';
import { sendDeadlineReminders } from '../../services/release-planning/send-deadline-reminders';
import { declineOverdueSubmissions } from '../../services/response-promise/decline-overdue';
import { copySubmissionForTests } from '../../services/submissions/copy-submission-for-tests';

// The suite's own shapes: no screen or client of the app sends or reads them.
const boardCopiesPayloadSchema = z.object({ itemId: z.uuid(), copies: z.number().int().min(1).max(100) });
const boardCopiesResponseSchema = z.object({ success: z.literal(true), itemIds: z.array(z.string()) });

/**
 * Routes for the end-to-end suite, registered only with IMPRINT_TEST_HOOKS=1 (Playwright's server;
 * never in production, where they answer 404 like any unknown path), and staff only even then.
 *
 * POST /api/test-hooks/response-promise/run: the response promise's run (what the daily job does)
 * with the clock the spec sets, `now`, limited to the spec's own submissions (`itemIds`), so the
 * specs running beside it keep theirs. The run is recorded like the job's, as trigger 'test'.
 *
 * POST /api/test-hooks/deadline-reminders/run: the deadline reminders' run (what the daily
 * `planner.remind-deadlines` job does) on the clock the spec sets, for its submissions.
 *
 * POST /api/test-hooks/board/copies: copies of a submission the spec sent (`copySubmissionForTests`),
 * for a board of many without an upload each.
 */
export const testHookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.post(
    '/api/test-hooks/response-promise/run',
    { schema: { body: testPromiseRunPayloadSchema, response: { 200: testPromiseRunResponseSchema } } },
    async (request) => {
      const result = await declineOverdueSubmissions(
        { db: app.db, config: app.config, log: request.log },
        { now: new Date(request.body.now), trigger: 'test', onlyItemIds: request.body.itemIds },
      );
      return {
        success: true as const,
        outcome: result.outcome,
        runId: result.outcome === 'off' ? null : result.runId,
        declined: result.outcome === 'completed' ? result.declined : 0,
        failed: result.outcome === 'completed' ? result.failed : 0,
        reason: result.outcome === 'skipped' ? result.reason : null,
      };
    },
  );

  app.post(
    '/api/test-hooks/deadline-reminders/run',
    { schema: { body: testRemindersRunPayloadSchema, response: { 200: testRemindersRunResponseSchema } } },
    async (request) => {
      const { queued } = await sendDeadlineReminders(
        { db: app.db, config: app.config },
        new Date(request.body.now),
        undefined,
        request.body.itemIds,
      );
      return { success: true as const, queued };
    },
  );

  app.post(
    '/api/test-hooks/board/copies',
    { schema: { body: boardCopiesPayloadSchema, response: { 200: boardCopiesResponseSchema } } },
    async (request) => ({
      success: true as const,
      itemIds: await copySubmissionForTests(app.db, request.body),
    }),
  );
};
