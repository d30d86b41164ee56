import { z } from 'zod';
import {
  spotifyAlbumMetadataSchema,
  spotifyArtistResultSchema,
  spotifyMusicItemSchema,
  spotifyTrackMetadataSchema,
  verifyArtistResponseSchema,
} from '../../domain';
import { apiGet, apiRequest } from './client';

/**
 * The music-service calls of the submission form (spec 001 §7). Every answer may carry
 * `offline: true`: it came from the offline demo catalogue (no Spotify credentials), and the form
 * says so next to the results.
 */
const offline = z.boolean().optional();

const artistSearchSchema = z.object({ artists: z.array(spotifyArtistResultSchema), offline });
export type ArtistSearch = z.infer<typeof artistSearchSchema>;

const musicSearchSchema = z.object({ items: z.array(spotifyMusicItemSchema), offline });
export type MusicSearch = z.infer<typeof musicSearchSchema>;

const verifySchema = verifyArtistResponseSchema.extend({ offline });
export type ArtistVerification = z.infer<typeof verifySchema>;

const albumSchema = spotifyAlbumMetadataSchema.extend({ offline });
const trackSchema = spotifyTrackMetadataSchema.extend({ offline });

function query(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

export function searchArtists(q: string, limit: number, signal?: AbortSignal): Promise<ArtistSearch> {
  return apiGet(`/api/spotify/search/artists?${query({ q, limit })}`, artistSearchSchema, signal);
}

export function searchMusic(
  q: string,
  type: 'track' | 'album',
  limit: number,
  signal?: AbortSignal,
): Promise<MusicSearch> {
  return apiGet(`/api/spotify/search/music?${query({ q, type, limit })}`, musicSearchSchema, signal);
}

/**
 * Resolves with the verification whatever it says: a refused URL (400) or an unknown artist
 * comes back as `{ valid: false, error }`, so the form can show the server's words. Only a
 * failure to reach the server rejects.
 */
export async function verifyArtist(artistUrl: string, signal?: AbortSignal): Promise<ArtistVerification> {
  const init: Parameters<typeof apiRequest>[2] = { method: 'POST', body: { artistUrl } };
  if (signal) init.signal = signal;
  try {
    return await apiRequest('/api/spotify/verify/artist', verifySchema, init);
  } catch (error) {
    const body = (error as { body?: unknown }).body;
    const parsed = verifySchema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw error;
  }
}

export function getAlbumMetadata(id: string, signal?: AbortSignal) {
  return apiGet(`/api/spotify/albums/${encodeURIComponent(id)}/metadata`, albumSchema, signal);
}

export function getTrackMetadata(id: string, signal?: AbortSignal) {
  return apiGet(`/api/spotify/tracks/${encodeURIComponent(id)}/metadata`, trackSchema, signal);
}
