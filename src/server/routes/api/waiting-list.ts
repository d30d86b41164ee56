import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waitingListPayloadSchema, waitingListResponseSchema } from '../../../domain';
import { joinWaitingList } from '../../services/waiting-list/join-waiting-list';

/** Waiting-list mode's submit (spec 001 §7): anyone may join; limited per network. */
export const waitingListRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
