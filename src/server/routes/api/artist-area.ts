import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  artistProfileResponseSchema,
  artistProfileSaveSchema,
  artistSubmissionsResponseSchema,
  releaseDetailsResponseSchema,
  releaseDetailsSaveSchema,
  submissionResponseSchema,
} from '../../../domain';
import { forbidden } from '../../errors';
import { ARTISTS_ONLY, requireArtist } from '../../policies/artists';
import { requireUser } from '../../policies/authentication';
import { getArtistProfile } from '../../services/artists/get-artist-profile';
import { getArtistSubmission } from '../../services/artists/get-artist-submission';
import { listArtistSubmissions } from '../../services/artists/list-artist-submissions';
import { updateArtistProfile } from '../../services/artists/update-artist-profile';
import { getReleaseDetails } from '../../services/release-details/get-release-details';
import { saveReleaseDetails } from '../../services/release-details/save-release-details';
import { submitReleaseDetails } from '../../services/release-details/submit-release-details';

const itemParamsSchema = z.object({ itemId: z.string().max(100) });

/** Twenty tracks of lyrics and credits fit easily; the default 1 MiB would be tight. */
const releaseDetailsBodyLimit = 2 * 1024 * 1024;

/**
 * The signed-in artist's area (issue 8, spec 000 §7): the profile, the artist's submissions and
 * their release details. Every route works on the signed-in artist's own records only; another
 * artist's item ids answer 404 like unknown ones.
 */
export const artistAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so a visitor or staff member learns nothing about the routes' inputs.
  app.addHook('onRequest', async (request, reply) => {
    // Personal details and signed file links: for this reader only, never kept by a cache.
    reply.header('cache-control', 'no-store');
    if (requireUser(request).role !== 'artist') throw forbidden(ARTISTS_ONLY);
  });

  // File links bound to the artist's session (request.pageLinks).
  const deps = (request: FastifyRequest) => ({ db: app.db, signer: request.pageLinks });

  app.get(
    '/api/artist/profile',
    { schema: { response: { 200: artistProfileResponseSchema } } },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      return {
        success: true as const,
        profile: await getArtistProfile(deps(request), artist, requireUser(request)),
      };
    },
  );

  app.put(
    '/api/artist/profile',
    { schema: { body: artistProfileSaveSchema, response: { 200: artistProfileResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const artist = await requireArtist(request, app.db);
      await updateArtistProfile(app.db, artist, user, request.body);
      const updated = await requireArtist(request, app.db);
      // The session's user was read before the change; the answer shows the name just saved.
      const name = request.body.name !== undefined ? request.body.name.trim() || null : user.name;
      return {
        success: true as const,
        profile: await getArtistProfile(deps(request), updated, { ...user, name }),
      };
    },
  );

  app.get(
    '/api/profile/submissions',
    { schema: { response: { 200: artistSubmissionsResponseSchema } } },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      return { success: true as const, submissions: await listArtistSubmissions(deps(request), artist.id) };
    },
  );

  app.get(
    '/api/profile/submissions/:itemId',
    { schema: { params: itemParamsSchema, response: { 200: submissionResponseSchema } } },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      return {
        success: true,
        submission: await getArtistSubmission(deps(request), artist.id, request.params.itemId),
      };
    },
  );

  app.get(
    '/api/profile/submissions/:itemId/release-details',
    { schema: { params: itemParamsSchema, response: { 200: releaseDetailsResponseSchema } } },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      const releaseDetails = await getReleaseDetails(deps(request), artist.id, request.params.itemId);
      return { success: true as const, releaseDetails };
    },
  );

  app.put(
    '/api/profile/submissions/:itemId/release-details',
    {
      bodyLimit: releaseDetailsBodyLimit,
      schema: {
        params: itemParamsSchema,
        body: releaseDetailsSaveSchema,
        response: { 200: releaseDetailsResponseSchema },
      },
    },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      const releaseDetails = await saveReleaseDetails(
        deps(request),
        artist.id,
        requireUser(request),
        request.params.itemId,
        request.body,
      );
      return { success: true as const, releaseDetails };
    },
  );

  app.post(
    '/api/profile/submissions/:itemId/release-details/submit',
    {
      bodyLimit: releaseDetailsBodyLimit,
      schema: {
        params: itemParamsSchema,
        body: releaseDetailsSaveSchema,
        response: { 200: releaseDetailsResponseSchema },
      },
    },
    async (request) => {
      const artist = await requireArtist(request, app.db);
      const releaseDetails = await submitReleaseDetails(
        { db: app.db, config: app.config, signer: request.pageLinks },
        artist,
        requireUser(request),
        request.params.itemId,
        request.body,
      );
      app.jobs.notify();
      return { success: true as const, releaseDetails };
    },
  );
};
