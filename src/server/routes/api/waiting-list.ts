import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffWaitingListQuerySchema,
  staffWaitingListResponseSchema,
  waitingListPayloadSchema,
  waitingListResponseSchema,
} from '../../../domain';
import { staffOnly } from '../../policies/authentication';
import { readWaitingListPage } from '../../services/staff-console/list-waiting-list';
import { joinWaitingList } from '../../services/waiting-list/join-waiting-list';

/** The waiting list: artists join it from the form, staff read it in the console. */
export const waitingListRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Waiting-list mode's submit (spec 001 §7): anyone may join; limited per network. Taken in either
   * submission mode: the spec refuses nothing here when submissions are on (001 §4
   * "Submission mode" and §5 "Waiting-list submit" give the form's states and its required fields,
   * no mode check), and a page opened before staff switched the mode must not lose its entry.
   */
  app.post(
    '/api/waiting-list',
    { schema: { body: waitingListPayloadSchema, response: { 200: waitingListResponseSchema } } },
    async (request) => {
      const result = await joinWaitingList(
        { db: app.db, config: app.config },
        { artistData: request.body.artistData, ip: request.ip },
      );
      if (result.created) app.jobs.notify();
      return { success: true, itemId: result.itemId };
    },
  );

  /** The entries, newest first unless asked otherwise, a page at a time, with the invitation made from each. */
  app.get(
    '/api/waiting-list',
    {
      onRequest: staffOnly,
      schema: { querystring: staffWaitingListQuerySchema, response: { 200: staffWaitingListResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await readWaitingListPage({ db: app.db, cursorKey: app.signingKey }, request.query)),
    }),
  );
};
