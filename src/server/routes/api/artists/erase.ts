import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARTIST_NOT_FOUND, eraseArtistBodySchema, eraseArtistResponseSchema } from '../../../../domain';
import { requireStaff, staffOrNotFound } from '../../../policies/authentication';
import { eraseArtist } from '../../../services/data-requests/erase-artist';

/**
 * POST /api/artists/:artistId/erase (staff): an artist's erasure (the privacy policy's data
 * requests). Anyone else gets the 404 of an unknown artist: whether an artist exists is staff's
 * business. The body names the reason, kept with the record, and the artist's e-mail typed to
 * confirm; erasing an erased artist is a 409 that says when it happened.
 */
export const artistErasureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOrNotFound(ARTIST_NOT_FOUND));

  app.post(
    '/api/artists/:artistId/erase',
    {
      schema: {
        params: z.object({ artistId: z.string().max(100) }),
        body: eraseArtistBodySchema,
        response: { 200: eraseArtistResponseSchema },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const result = await eraseArtist(
        { db: app.db, storage: app.providers.storage, config: app.config },
        {
          artistId: request.params.artistId,
          reason: request.body.reason,
          confirm: request.body.confirm,
          staff,
          now: new Date(),
        },
      );
      request.log.info(
        {
          artistId: request.params.artistId,
          dataRequestId: result.erasure.requestId,
          files: result.erasure.files,
        },
        'artist erased',
      );
      return { success: true as const, ...result };
    },
  );
};
