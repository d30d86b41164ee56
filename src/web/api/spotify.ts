import type { z } from 'zod';
import { apiGet, apiRequest, DeferredSchema } from './client';
import type * as Schemas from './spotify-schemas';

/**
 * The music-service calls of the submission form (spec 001 §7). Their answers are parsed with
 * schemas loaded with the first answer (DeferredSchema): the artist step is the first thing
 * /submit shows, and building them with the page held up a phone's first tap.
 */
const schemas = () => import('./spotify-schemas');
const artistSearchSchema = new DeferredSchema(() => schemas().then((s) => s.artistSearchSchema));
const musicSearchSchema = new DeferredSchema(() => schemas().then((s) => s.musicSearchSchema));
const verifySchema = new DeferredSchema(() => schemas().then((s) => s.verifySchema));
const albumSchema = new DeferredSchema(() => schemas().then((s) => s.albumSchema));
const trackSchema = new DeferredSchema(() => schemas().then((s) => s.trackSchema));

export type ArtistSearch = z.infer<typeof Schemas.artistSearchSchema>;
export type MusicSearch = z.infer<typeof Schemas.musicSearchSchema>;
export type ArtistVerification = z.infer<typeof Schemas.verifySchema>;

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
    const schema = await verifySchema.resolve().catch(() => undefined);
    const parsed = schema?.safeParse(body);
    if (parsed?.success) return parsed.data;
    throw error;
  }
}

export function getAlbumMetadata(id: string, signal?: AbortSignal) {
  return apiGet(`/api/spotify/albums/${encodeURIComponent(id)}/metadata`, albumSchema, signal);
}

export function getTrackMetadata(id: string, signal?: AbortSignal) {
  return apiGet(`/api/spotify/tracks/${encodeURIComponent(id)}/metadata`, trackSchema, signal);
}
