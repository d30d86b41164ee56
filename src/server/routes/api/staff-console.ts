import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffArtistResponseSchema, staffWaitingListResponseSchema } from '../../../domain';
import { requireStaff } from '../../policies/authentication';
import { getStaffArtist } from '../../services/staff-console/get-staff-artist';
import { listWaitingList } from '../../services/staff-console/list-waiting-list';

const artistParamsSchema = z.object({ artistId: z.string().max(100) });

/** The staff console's reads (issue 9): the waiting list and one artist's page. */
export const staffConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so visitors and artists learn nothing about the routes' inputs.
  app.addHook('onRequest', async (request, reply) => {
    // Artists' personal details: for this reader only, never kept by a cache.
    reply.header('cache-control', 'no-store');
    requireStaff(request);
  });

  app.get(
    '/api/waiting-list',
    { schema: { response: { 200: staffWaitingListResponseSchema } } },
    async () => ({ success: true as const, entries: await listWaitingList(app.db) }),
  );

  app.get(
    '/api/artists/:artistId',
    { schema: { params: artistParamsSchema, response: { 200: staffArtistResponseSchema } } },
    async (request) => ({
      success: true as const,
      artist: await getStaffArtist(app.db, request.params.artistId, new Date()),
    }),
  );
};
