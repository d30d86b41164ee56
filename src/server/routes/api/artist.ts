import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { artistProfileResponseSchema, artistProfileSaveSchema } from '../../../domain';
import { jsonSerializerCompiler } from '../../json-serializer';
import { artistAreaOnly, findSignedInArtist, requireArtistUser } from '../../policies/artists';
import { findArtistOfUser } from '../../services/artists/find-artist-of-user';
import { findOrCreateArtist } from '../../services/artists/find-or-create-artist';
import { getArtistProfile } from '../../services/artists/get-artist-profile';
import { updateArtistProfile } from '../../services/artists/update-artist-profile';
import { artistFileLink } from '../../services/data-requests/artist-file-link';
import { openArtistDataExport } from '../../services/data-requests/export-artist-data';
import { sendStreamedAttachment } from '../files';

/**
 * The signed-in artist's profile (spec 000 §3, §7), the artist area's first page; their
 * submissions are under /api/profile (profile.ts). Their data rights: a copy of all their data
 * (`data-export.zip`) and the links it gives to their files (`files/:fileId`).
 */
export const artistProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', artistAreaOnly);

  app.get(
    '/api/artist/profile',
    {
      schema: { response: { 200: artistProfileResponseSchema } },
      // The dashboard's most frequent read, answered from the session alone: zod's encode was a
      // tenth of its time.
      serializerCompiler: jsonSerializerCompiler,
    },
    async (request) => {
      const artist = findSignedInArtist(request);
      return {
        success: true as const,
        profile: getArtistProfile(
          request.pageLinks,
          artist,
          requireArtistUser(request),
          request.auth?.artistFacts ?? null,
        ),
      };
    },
  );

  app.put(
    '/api/artist/profile',
    { schema: { body: artistProfileSaveSchema, response: { 200: artistProfileResponseSchema } } },
    async (request) => {
      const user = requireArtistUser(request);
      const artist = await findOrCreateArtist(app.db, user);
      await updateArtistProfile(app.db, artist, user, request.body);
      const updated = await findArtistOfUser(app.db, user.userId);
      // The session's user was read before the change; the answer shows the name just saved.
      const name = request.body.name !== undefined ? request.body.name.trim() || null : user.name;
      return {
        success: true as const,
        // A profile's fields change nothing the session's facts hold (the submissions, the agreement).
        profile: getArtistProfile(
          request.pageLinks,
          updated,
          { ...user, name },
          request.auth?.artistFacts ?? null,
        ),
      };
    },
  );

  // Everything Imprint holds about the artist, as a ZIP streamed with its exact length, so the
  // browser shows the download's progress (the privacy policy's data requests).
  app.get('/api/artist/data-export.zip', async (request, reply) => {
    const user = requireArtistUser(request);
    const artist = await findOrCreateArtist(app.db, user);
    const archive = await openArtistDataExport(
      { db: app.db, storage: app.providers.storage, config: app.config },
      {
        artist,
        user,
        now: new Date(),
        record: request.method !== 'HEAD',
        ip: request.ip,
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'].slice(0, 500) } : {}),
      },
    );
    if (archive.requestId)
      request.log.info({ dataRequestId: archive.requestId, artistId: artist.id }, 'artist data exported');
    return sendStreamedAttachment(reply, {
      type: 'application/zip',
      fileName: archive.fileName,
      size: archive.size,
      body: archive.stream,
    });
  });

  app.get(
    '/api/artist/files/:fileId',
    { schema: { params: z.object({ fileId: z.string().max(100) }) } },
    async (request, reply) => {
      const link = await artistFileLink(
        { db: app.db, signer: request.pageLinks },
        requireArtistUser(request),
        request.params.fileId,
      );
      return reply.redirect(link, 302);
    },
  );
};
