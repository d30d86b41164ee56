import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  returningLinkListResponseSchema,
  staffAgreementListResponseSchema,
  staffArtistListQuerySchema,
  staffArtistListResponseSchema,
  staffArtistResponseSchema,
  staffArtistSubmissionsQuerySchema,
  staffArtistSubmissionsResponseSchema,
} from '../../../domain';
import { staffOnly } from '../../policies/authentication';
import { listArtistAgreements } from '../../services/contracts/list-artist-agreements';
import { listReturningLinks } from '../../services/returning-links/list-returning-links';
import { getStaffArtist, requireArtistExists } from '../../services/staff-console/get-staff-artist';
import { readArtistListPage } from '../../services/staff-console/list-artists';
import { readStaffArtistSubmissionsPage } from '../../services/submissions/read-submissions';

/**
 * The artists as staff see them in the console: every artist (a paged list with a search),
 * and one artist: the artist's page, their submissions (a paged list),
 * their agreements and their returning-artist links.
 */
export const artistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/artists',
    {
      schema: {
        querystring: staffArtistListQuerySchema,
        response: { 200: staffArtistListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await readArtistListPage(
        { db: app.db, cursorKey: app.signingKey, signer: request.pageLinks },
        request.query,
      )),
    }),
  );

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
    '/api/artists/:artistId/submissions',
    {
      schema: {
        params: z.object({ artistId: z.string().max(100) }),
        querystring: staffArtistSubmissionsQuerySchema,
        response: { 200: staffArtistSubmissionsResponseSchema },
      },
    },
    async (request) => {
      const { artistId } = request.params;
      // A later page's cursor names the artist already; only the first page looks them up.
      if (!request.query.cursor) await requireArtistExists(app.db, artistId);
      const page = await readStaffArtistSubmissionsPage(
        { db: app.db, cursorKey: app.signingKey },
        artistId,
        request.query,
      );
      return { success: true as const, ...page };
    },
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
