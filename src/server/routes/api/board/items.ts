import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardItemResponseSchema,
  boardListQuerySchema,
  boardListResponseSchema,
  bulkDecisionPayloadSchema,
  bulkDecisionResponseSchema,
  changeStatusPayloadSchema,
  createReturningLinkResponseSchema,
} from '../../../../domain';
import { jsonSerializerCompiler } from '../../../json-serializer';
import { requireStaff, staffOnly } from '../../../policies/authentication';
import { applyBulkDecision } from '../../../services/board/apply-bulk-decision';
import { changeSubmissionStatus } from '../../../services/board/change-submission-status';
import { readPromiseClock } from '../../../services/response-promise/promise-settings';
import { createReturningLink } from '../../../services/returning-links/create-returning-link';
import { readBoardPage } from '../../../services/submissions/read-board-page';
import { readBoardItem } from '../../../services/submissions/read-submissions';
import { requestNow } from '../../../test-clock';

const itemParamsSchema = z.object({ itemId: z.string().max(100) });

/**
 * The staff board: the submissions, one submission in full, its status, and a returning-
 * artist link issued from it (spec 001 §2, §6).
 */
export const boardItemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/board/items',
    {
      schema: { querystring: boardListQuerySchema, response: { 200: boardListResponseSchema } },
      // A page is up to 100 rows with a waveform each: zod's encode would be a fifth of its time.
      serializerCompiler: jsonSerializerCompiler,
    },
    async (request) => {
      const promise = await readPromiseClock(app.db, app.config, requestNow(app.config, request));
      const page = await readBoardPage(
        { db: app.db, cursorKey: app.signingKey, signer: request.pageLinks, promise },
        request.query,
      );
      return { success: true as const, ...page };
    },
  );

  app.get(
    '/api/board/items/:itemId',
    { schema: { params: itemParamsSchema, response: { 200: boardItemResponseSchema } } },
    async (request) => {
      const promise = await readPromiseClock(app.db, app.config, requestNow(app.config, request));
      const item = await readBoardItem(app.db, request.pageLinks, request.params.itemId, Date.now(), promise);
      return { success: true as const, item };
    },
  );

  app.post(
    '/api/board/items/:itemId/status',
    {
      schema: {
        params: itemParamsSchema,
        body: changeStatusPayloadSchema,
        response: { 200: boardItemResponseSchema },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      await changeSubmissionStatus(
        { db: app.db, config: app.config },
        {
          itemId: request.params.itemId,
          status: request.body.status,
          message: request.body.message,
          templateId: request.body.templateId,
          actor,
          now: new Date(),
        },
      );
      // The item as it is now, so the page shows the new status, its next steps and the history.
      const promise = await readPromiseClock(app.db, app.config, requestNow(app.config, request));
      const item = await readBoardItem(app.db, request.pageLinks, request.params.itemId, Date.now(), promise);
      return { success: true as const, item };
    },
  );

  // One decision, one template, several submissions: each changed on its own, as
  // POST .../status would, and answered done or refused with its reason.
  app.post(
    '/api/board/items/bulk-status',
    { schema: { body: bulkDecisionPayloadSchema, response: { 200: bulkDecisionResponseSchema } } },
    async (request) => {
      const actor = requireStaff(request);
      const results = await applyBulkDecision(
        {
          db: app.db,
          config: app.config,
          onUnexpected: (error, itemId) => request.log.error({ err: error, itemId }, 'bulk decision failed'),
        },
        { ...request.body, actor, now: new Date() },
      );
      if (results.some((result) => result.outcome === 'done')) app.jobs.notify();
      return { success: true as const, results };
    },
  );

  app.post(
    '/api/board/items/:itemId/returning-link',
    {
      schema: {
        params: z.object({ itemId: z.string().max(200) }),
        response: { 200: createReturningLinkResponseSchema },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      const link = await createReturningLink({ db: app.db, config: app.config }, request.params.itemId, {
        actor,
        now: new Date(),
      });
      return { success: true, linkId: link.linkId, url: link.url, expiresAt: link.expiresAt.toISOString() };
    },
  );
};
