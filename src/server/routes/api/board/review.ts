import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assigneePayloadSchema,
  boardItemResponseSchema,
  changeRequestPayloadSchema,
  changeRequestResponseSchema,
  decisionMessageQuerySchema,
  decisionMessageResponseSchema,
  ratingPayloadSchema,
  reviewersResponseSchema,
  reviewRoundsResponseSchema,
  staffNotePayloadSchema,
  staffNoteResponseSchema,
  staffNotesResponseSchema,
  timelineQuerySchema,
  timelineResponseSchema,
} from '../../../../domain';
import { requireStaff, staffOnly } from '../../../policies/authentication';
import { readTimeline } from '../../../services/audit/read-timeline';
import { fillTemplateForSubmission } from '../../../services/decision-templates/resolve-decision-message';
import { readPromiseClock } from '../../../services/response-promise/promise-settings';
import { readReviewRound, readReviewRounds } from '../../../services/review/read-review-rounds';
import { requestChanges } from '../../../services/review/request-changes';
import {
  addStaffNote,
  assignReviewer,
  listReviewers,
  listStaffNotes,
  setRating,
} from '../../../services/review/staff-review';
import { readBoardItem } from '../../../services/submissions/read-submissions';
import { requestNow } from '../../../test-clock';

const itemParamsSchema = z.object({ itemId: z.string().max(100) });

/**
 * The review of one submission, beside board/items.ts under /api/board/items/{itemId}:
 * change requests and their rounds, a decision template filled for it, its audit timeline,
 * private notes, rating and reviewer; and who can review (/api/board/reviewers).
 * Staff only: none of it is ever part of an artist's answer.
 */
export const boardReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The response promise on the item answered, as GET /api/board/items/{itemId} has it.
  const promiseOf = (request: FastifyRequest) =>
    readPromiseClock(app.db, app.config, requestNow(app.config, request));

  app.addHook('onRequest', staffOnly);

  app.post(
    '/api/board/items/:itemId/change-requests',
    {
      schema: {
        params: itemParamsSchema,
        body: changeRequestPayloadSchema,
        response: { 200: changeRequestResponseSchema },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      const roundId = await requestChanges(
        { db: app.db, config: app.config },
        { itemId: request.params.itemId, ...request.body, actor, now: new Date() },
      );
      app.jobs.notify();
      const [round, item] = await Promise.all([
        readReviewRound(app.db, request.pageLinks, roundId),
        readBoardItem(app.db, request.pageLinks, request.params.itemId, Date.now(), await promiseOf(request)),
      ]);
      return { success: true as const, round, item };
    },
  );

  app.get(
    '/api/board/items/:itemId/rounds',
    { schema: { params: itemParamsSchema, response: { 200: reviewRoundsResponseSchema } } },
    async (request) => ({
      success: true as const,
      rounds: await readReviewRounds(app.db, request.pageLinks, request.params.itemId),
    }),
  );

  app.get(
    '/api/board/items/:itemId/timeline',
    {
      schema: {
        params: itemParamsSchema,
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await readTimeline(
        { db: app.db, cursorKey: app.signingKey },
        request.params.itemId,
        request.query,
      )),
    }),
  );

  app.get(
    '/api/board/items/:itemId/decision-message',
    {
      schema: {
        params: itemParamsSchema,
        querystring: decisionMessageQuerySchema,
        response: { 200: decisionMessageResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await fillTemplateForSubmission(
        app.db,
        app.config,
        request.params.itemId,
        request.query.templateId,
      )),
    }),
  );

  app.get(
    '/api/board/items/:itemId/notes',
    { schema: { params: itemParamsSchema, response: { 200: staffNotesResponseSchema } } },
    async (request) => ({
      success: true as const,
      notes: await listStaffNotes(app.db, request.params.itemId),
    }),
  );

  app.post(
    '/api/board/items/:itemId/notes',
    {
      schema: {
        params: itemParamsSchema,
        body: staffNotePayloadSchema,
        response: { 200: staffNoteResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      note: await addStaffNote(app.db, request.params.itemId, request.body.body, requireStaff(request)),
    }),
  );

  app.post(
    '/api/board/items/:itemId/rating',
    {
      schema: {
        params: itemParamsSchema,
        body: ratingPayloadSchema,
        response: { 200: boardItemResponseSchema },
      },
    },
    async (request) => {
      await setRating(app.db, request.params.itemId, request.body.rating, requireStaff(request));
      return {
        success: true as const,
        item: await readBoardItem(
          app.db,
          request.pageLinks,
          request.params.itemId,
          Date.now(),
          await promiseOf(request),
        ),
      };
    },
  );

  app.post(
    '/api/board/items/:itemId/assignee',
    {
      schema: {
        params: itemParamsSchema,
        body: assigneePayloadSchema,
        response: { 200: boardItemResponseSchema },
      },
    },
    async (request) => {
      await assignReviewer(app.db, request.params.itemId, request.body.userId, requireStaff(request));
      return {
        success: true as const,
        item: await readBoardItem(
          app.db,
          request.pageLinks,
          request.params.itemId,
          Date.now(),
          await promiseOf(request),
        ),
      };
    },
  );

  app.get('/api/board/reviewers', { schema: { response: { 200: reviewersResponseSchema } } }, async () => ({
    success: true as const,
    reviewers: await listReviewers(app.db),
  }));
};
