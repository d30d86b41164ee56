import { z } from 'zod';
import { idSchema, shortTextSchema } from './common';
import { masterSplitSchema } from './track';

/** Label shown when a release's metadata could not be fetched (spec 001 §8). */
export const UNKNOWN_LABEL = 'Unknown Label';

export const albumTrackSchema = z.object({
  trackNumber: z.number().int().positive(),
  title: z.string(),
  duration: z.number().nonnegative().optional(),
  isrc: z.string().optional(),
});

export const albumDetailsSchema = z.object({
  label: z.string(),
  copyrights: z.array(z.string()).optional(),
  tracks: z.array(albumTrackSchema),
  totalTracks: z.number().int().nonnegative().optional(),
  upc: z.string().optional(),
  releaseDate: z.string().optional(),
});
export type AlbumDetails = z.infer<typeof albumDetailsSchema>;

export const trackDetailsSchema = z.object({
  isrc: z.string().optional(),
  label: z.string(),
  album: z.string().optional(),
  /** Milliseconds, as the streaming service reports it. */
  duration: z.number().nonnegative().optional(),
  upc: z.string().optional(),
  releaseDate: z.string().optional(),
});
export type TrackDetails = z.infer<typeof trackDetailsSchema>;

export const catalogueItemMetadataSchema = z.object({
  hasMasterSplit: z.boolean(),
  masterSplits: z.array(masterSplitSchema),
});

const catalogueItemBase = {
  id: idSchema,
  title: shortTextSchema,
  artist: shortTextSchema,
  image: z.string().optional(),
  spotifyUrl: z.string(),
  releaseDate: z.string().optional(),
  metadata: catalogueItemMetadataSchema.optional(),
};

/** A release to transfer: a track or an album, with the details fetched for it (spec 001 §3). */
export const catalogueItemSchema = z.discriminatedUnion('type', [
  z.object({ ...catalogueItemBase, type: z.literal('album'), details: albumDetailsSchema.optional() }),
  z.object({ ...catalogueItemBase, type: z.literal('track'), details: trackDetailsSchema.optional() }),
]);
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
export type CatalogueItemType = CatalogueItem['type'];

/** Details used when only the metadata fetch failed: the item is still added (spec 001 §8). */
export function createDefaultAlbumDetails(): AlbumDetails {
  return { label: UNKNOWN_LABEL, tracks: [] };
}

export function createDefaultTrackDetails(): TrackDetails {
  return { label: UNKNOWN_LABEL };
}
