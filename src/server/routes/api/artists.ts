import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  returningLinkListResponseSchema,
  staffAgreementListResponseSchema,
  staffArtistResponseSchema,
} from '../../../domain';
import { staffOnly } from '../../policies/authentication';
import { listArtistAgreements } from '../../services/contracts/list-artist-agreements';
import { listReturningLinks } from '../../services/returning-links/list-returning-links';
import { getStaffArtist } from '../../services/staff-console/get-staff-artist';

/**
 * One artist as staff see it in the console (issue 9): the artist's page, their agreements
 * (issue 10) and their returning-artist links.
 */
export const artistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/artists/:artistId',
    {
      schema: {
        params: z.object({ artistId: z.string().max(100) }),
        response: { 200: staffArtistResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      artist: await getStaffArtist(app.db, request.params.artistId, new Date()),
    }),
  );

  app.get(
    '/api/artists/:artistId/agreements',
    {
      schema: {
        params: z.object({ artistId: z.string().max(200) }),
        response: { 200: staffAgreementListResponseSchema },
      },
    },
    async (request) => ({
      success: true,
      agreements: await listArtistAgreements(app.db, request.params.artistId, new Date()),
    }),
  );

  app.get(
    '/api/artists/:artistId/returning-links',
    {
      schema: {
        params: z.object({ artistId: z.string().max(200) }),
        response: { 200: returningLinkListResponseSchema },
      },
    },
    async (request) => {
      const links = await listReturningLinks(app.db, request.params.artistId, new Date());
      return { success: true, links };
    },
  );
};
