import { z } from 'zod';
import {
  spotifyAlbumMetadataSchema,
  spotifyArtistResultSchema,
  spotifyMusicItemSchema,
  spotifyTrackMetadataSchema,
  verifyArtistResponseSchema,
} from '../../domain';

/**
 * The answers of the music-service calls (api/spotify.ts), loaded with the first answer. Every
 * answer may carry `offline: true`: it came from the offline demo catalogue (no Spotify
 * credentials), and the form says so next to the results.
 */
const offline = z.boolean().optional();

export const artistSearchSchema = z.object({ artists: z.array(spotifyArtistResultSchema), offline });
export const musicSearchSchema = z.object({ items: z.array(spotifyMusicItemSchema), offline });
export const verifySchema = verifyArtistResponseSchema.extend({ offline });
export const albumSchema = spotifyAlbumMetadataSchema.extend({ offline });
export const trackSchema = spotifyTrackMetadataSchema.extend({ offline });
