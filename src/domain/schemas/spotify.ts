import { z } from 'zod';
import { SPOTIFY_ARTIST_URL_INVALID } from '../spotify/messages';

export const spotifyArtistResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string().optional(),
});
export type SpotifyArtistResult = z.infer<typeof spotifyArtistResultSchema>;

export const spotifyAlbumMetadataSchema = z.object({
  albumTitle: z.string(),
  artist: z.string(),
  label: z.string(),
  releaseDate: z.string().optional(),
  totalTracks: z.number().int().nonnegative(),
  tracks: z.array(
    z.object({
      trackNumber: z.number().int().positive(),
      title: z.string(),
      duration: z.number().nonnegative().optional(),
      isrc: z.string().optional(),
    }),
  ),
  spotifyUrl: z.string(),
  images: z.array(z.object({ url: z.string(), width: z.number().optional(), height: z.number().optional() })),
  copyrights: z.array(z.string()).optional(),
  upc: z.string().optional(),
});
export type SpotifyAlbumMetadata = z.infer<typeof spotifyAlbumMetadataSchema>;

export const spotifyTrackMetadataSchema = z.object({
  title: z.string(),
  artist: z.string(),
  album: z.string().optional(),
  label: z.string().optional(),
  releaseDate: z.string().optional(),
  /** Milliseconds. */
  duration: z.number().nonnegative().optional(),
  isrc: z.string().optional(),
  spotifyUrl: z.string(),
  albumArt: z.string().optional(),
  upc: z.string().optional(),
});
export type SpotifyTrackMetadata = z.infer<typeof spotifyTrackMetadataSchema>;

/** GET /api/spotify/search/music?q&type&limit: one item of the catalogue finder. */
const imageSchema = z.object({ url: z.string() });

/**
 * A catalogue-finder search item, in Spotify's own shape as the finder reads it (spec 001 §7):
 * `artists[].name`, and `album.images[].url` / `album.release_date` for tracks or `images` /
 * `release_date` for albums.
 */
export const spotifyMusicItemSchema = z.object({
  id: z.string(),
  type: z.enum(['track', 'album']),
  name: z.string(),
  artists: z.array(z.object({ name: z.string() })),
  spotifyUrl: z.string(),
  album: z
    .object({ name: z.string(), images: z.array(imageSchema), release_date: z.string().optional() })
    .optional(),
  images: z.array(imageSchema).optional(),
  release_date: z.string().optional(),
});
export type SpotifyMusicItem = z.infer<typeof spotifyMusicItemSchema>;

/**
 * POST /api/spotify/verify/artist. A body that is not an object names no URL, and is answered as
 * an empty one; the URL itself is checked by parseSpotifyArtistUrl, so an empty one
 * gets the spec's own words.
 */
export const verifyArtistPayloadSchema = z.preprocess(
  (body) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}),
  z.object({
    artistUrl: z.string({ error: SPOTIFY_ARTIST_URL_INVALID }).max(500, SPOTIFY_ARTIST_URL_INVALID).nullish(),
  }),
);
export const verifyArtistResponseSchema = z.object({
  valid: z.boolean(),
  artistName: z.string().optional(),
  artistImage: z.string().optional(),
  error: z.string().optional(),
});
export type VerifyArtistResponse = z.infer<typeof verifyArtistResponseSchema>;
