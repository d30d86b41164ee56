import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEARCH_MESSAGES } from '../../../domain/errors/error-messages';
import {
  spotifyAlbumMetadataSchema,
  spotifyArtistResultSchema,
  spotifyMusicItemSchema,
  spotifyTrackMetadataSchema,
  verifyArtistPayloadSchema,
  verifyArtistResponseSchema,
} from '../../../domain/schemas/spotify';
import {
  SEARCH_TOO_SHORT,
  SEARCH_TYPE_INVALID,
  SPOTIFY_PROFILE_NOT_VERIFIED,
  SPOTIFY_RATE_LIMITED,
} from '../../../domain/spotify/messages';
import { canStartSearch, clampSearchLimit } from '../../../domain/spotify/search-rules';
import { parseSpotifyArtistUrl } from '../../../domain/spotify/spotify-url';
import { AppError, badRequest, tooManyRequests } from '../../errors';
import { MusicServiceError } from '../../providers/music/music-catalog';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';
import { ResponseCache } from './spotify-cache';

/** Per client IP: generous for a debounced search box, low enough to protect the app's quota. */
export const SPOTIFY_REQUESTS_PER_MINUTE = 120;
const CACHE_SECONDS = 60;

/** Present (and true) only on answers from the offline demo catalogue, for the web app to say so. */
const offlineFlag = z.literal(true).optional();
const searchQuery = z.object({ q: z.string().optional(), limit: z.string().optional() });

/** The trimmed query, or the spec's 400 when it is empty and a clear one when it is too short. */
function searchTerm(q: string | undefined): string {
  const term = (q ?? '').trim();
  if (term === '') throw badRequest(SEARCH_MESSAGES.emptyQuery);
  if (!canStartSearch(term)) throw badRequest(SEARCH_TOO_SHORT);
  return term;
}

/** Spotify refusing or failing is 'Search failed'; anything else (network, a bug) the general text. */
function searchError(request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  request.log.warn({ err: error }, 'Spotify search failed');
  return new AppError(
    502,
    error instanceof MusicServiceError ? SEARCH_MESSAGES.failed : SEARCH_MESSAGES.searchError,
  );
}

export const spotifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const music = app.providers.music;
  const offline = music.offline ? { offline: true as const } : {};
  // Answers are kept per route and normalised input, never per client: nothing here is private.
  const cache = new ResponseCache<object>(CACHE_SECONDS * 1000, 500);

  app.addHook('onRequest', async (request) => {
    const limit = await consumeRateLimit(app.db, `spotify:ip:${request.ip}`, SPOTIFY_REQUESTS_PER_MINUTE, 60);
    if (!limit.allowed) throw tooManyRequests(SPOTIFY_RATE_LIMITED, limit.retryAfterSeconds);
  });

  /** Serves from the cache or produces, caches and marks the answer cacheable for the browser too. */
  async function cached<T extends object>(
    reply: FastifyReply,
    key: string,
    produce: () => Promise<T>,
  ): Promise<T> {
    const hit = cache.get(key) as T | undefined;
    const body = hit ?? (await produce());
    if (!hit) cache.set(key, body);
    reply.header('cache-control', `private, max-age=${CACHE_SECONDS}`);
    return body;
  }

  app.get(
    '/api/spotify/search/artists',
    {
      schema: {
        querystring: searchQuery,
        response: {
          200: z.object({
            success: z.literal(true),
            artists: z.array(spotifyArtistResultSchema),
            offline: offlineFlag,
          }),
        },
      },
    },
    async (request, reply) => {
      const q = searchTerm(request.query.q);
      const limit = clampSearchLimit(request.query.limit);
      try {
        return await cached(reply, `artists\n${q.toLowerCase()}\n${limit}`, async () => ({
          success: true as const,
          artists: await music.searchArtists(q, limit),
          ...offline,
        }));
      } catch (error) {
        throw searchError(request, error);
      }
    },
  );

  app.get(
    '/api/spotify/search/music',
    {
      schema: {
        querystring: searchQuery.extend({ type: z.string().optional() }),
        response: {
          200: z.object({
            success: z.literal(true),
            items: z.array(spotifyMusicItemSchema),
            offline: offlineFlag,
          }),
        },
      },
    },
    async (request, reply) => {
      const q = searchTerm(request.query.q);
      const type = request.query.type;
      if (type !== 'track' && type !== 'album') throw badRequest(SEARCH_TYPE_INVALID);
      const limit = clampSearchLimit(request.query.limit);
      try {
        return await cached(reply, `music\n${type}\n${q.toLowerCase()}\n${limit}`, async () => ({
          success: true as const,
          items: await music.searchMusic(q, type, limit),
          ...offline,
        }));
      } catch (error) {
        throw searchError(request, error);
      }
    },
  );

  app.post(
    '/api/spotify/verify/artist',
    {
      schema: {
        // The URL is checked by the domain rule below, so an empty one gets the spec's own words.
        body: verifyArtistPayloadSchema,
        response: {
          200: verifyArtistResponseSchema.extend({ offline: offlineFlag }),
          400: verifyArtistResponseSchema.extend({ offline: offlineFlag }),
          502: verifyArtistResponseSchema.extend({ offline: offlineFlag }),
        },
      },
    },
    async (request, reply) => {
      const parsed = parseSpotifyArtistUrl(request.body.artistUrl ?? '');
      if (!parsed.ok) return reply.code(400).send({ valid: false, error: parsed.message, ...offline });
      try {
        return await cached(reply, `artist\n${parsed.value.artistId}`, async () => {
          const artist = await music.getArtist(parsed.value.artistId);
          if (!artist) return { valid: false, error: SPOTIFY_PROFILE_NOT_VERIFIED, ...offline };
          return {
            valid: true,
            artistName: artist.name,
            ...(artist.image ? { artistImage: artist.image } : {}),
            ...offline,
          };
        });
      } catch (error) {
        request.log.warn({ err: error }, 'Spotify artist verification failed');
        reply.header('cache-control', 'no-store');
        return reply.code(502).send({ valid: false, error: SEARCH_MESSAGES.verifyError, ...offline });
      }
    },
  );

  const idParams = z.object({ id: z.string() });

  app.get(
    '/api/spotify/albums/:id/metadata',
    {
      schema: {
        params: idParams,
        response: {
          200: spotifyAlbumMetadataSchema.extend({ success: z.literal(true), offline: offlineFlag }),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id.trim();
      if (id === '') throw badRequest(SEARCH_MESSAGES.emptyAlbumId);
      return cached(reply, `album\n${id}`, async () => ({
        success: true as const,
        ...(await metadata(request, () => music.getAlbum(id))),
        ...offline,
      }));
    },
  );

  app.get(
    '/api/spotify/tracks/:id/metadata',
    {
      schema: {
        params: idParams,
        response: {
          200: spotifyTrackMetadataSchema.extend({ success: z.literal(true), offline: offlineFlag }),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id.trim();
      if (id === '') throw badRequest(SEARCH_MESSAGES.emptyTrackId);
      return cached(reply, `track\n${id}`, async () => ({
        success: true as const,
        ...(await metadata(request, () => music.getTrack(id))),
        ...offline,
      }));
    },
  );

  /** Unknown ids are 404, a failing service 502; both with the spec's metadata text. */
  async function metadata<T>(request: FastifyRequest, fetchIt: () => Promise<T | null>): Promise<T> {
    let found: T | null;
    try {
      found = await fetchIt();
    } catch (error) {
      request.log.warn({ err: error }, 'Spotify metadata request failed');
      throw new AppError(502, SEARCH_MESSAGES.metadataError);
    }
    if (!found) throw new AppError(404, SEARCH_MESSAGES.metadataError);
    return found;
  }

  app.get(
    '/api/spotify/test',
    {
      schema: {
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), offline: offlineFlag }),
          502: z.object({ success: z.literal(false), message: z.string(), error: z.string() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return { success: true as const, message: await music.test(), ...offline };
      } catch (error) {
        request.log.warn({ err: error }, 'Spotify connection test failed');
        return reply.code(502).send({
          success: false,
          message: SEARCH_MESSAGES.connectionFailed,
          error: SEARCH_MESSAGES.connectionFailed,
        });
      }
    },
  );
};
