import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOARD_DEADLINE_IDS_MAX,
  getIsoDateOfInstant,
  INVALID_DEADLINE_IDS,
  keyDatesResponseSchema,
  nextDeadlinesResponseSchema,
} from '../../../../domain';
import { staffOnly } from '../../../policies/authentication';
import { buildKeyDatesFile } from '../../../services/release-planning/key-dates-file';
import { readKeyDates, readNextDeadlines } from '../../../services/release-planning/release-plans';
import { requestNow } from '../../../test-clock';
import { sendAttachment } from '../../files';

const itemParamsSchema = z.object({ itemId: z.string().max(100) });

const idsQuerySchema = z.object({
  /** Comma-separated item ids, as many as a board page shows. */
  ids: z
    .string({ error: INVALID_DEADLINE_IDS })
    .max(BOARD_DEADLINE_IDS_MAX * 40, { error: INVALID_DEADLINE_IDS })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length >= 1 && ids.length <= BOARD_DEADLINE_IDS_MAX, {
      error: INVALID_DEADLINE_IDS,
    }),
});

/**
 * The deadline planner on the staff side, beside board/items.ts: one submission's
 * key dates and its calendar file, and the next deadline of each row of a board page. Staff only.
 */
export const boardKeyDateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/board/items/:itemId/key-dates',
    { schema: { params: itemParamsSchema, response: { 200: keyDatesResponseSchema } } },
    async (request) => ({
      success: true as const,
      keyDates: await readKeyDates(app.db, request.params.itemId, 'staff'),
    }),
  );

  app.get(
    '/api/board/items/:itemId/dates.ics',
    { schema: { params: itemParamsSchema } },
    async (request, reply) => {
      const file = await buildKeyDatesFile(
        { db: app.db, config: app.config },
        request.params.itemId,
        'staff',
        new Date(),
      );
      return sendAttachment(reply, { type: 'text/calendar; charset=utf-8', ...file });
    },
  );

  app.get(
    '/api/board/next-deadlines',
    { schema: { querystring: idsQuerySchema, response: { 200: nextDeadlinesResponseSchema } } },
    async (request) => ({
      success: true as const,
      deadlines: await readNextDeadlines(
        app.db,
        request.query.ids,
        getIsoDateOfInstant(requestNow(app.config, request)),
      ),
    }),
  );
};
