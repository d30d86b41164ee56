import { useQuery } from '@tanstack/react-query';
// No runtime import of zod or the domain's index: the top bar's avatar shows an uploaded picture,
// and this module is part of every page's first paint. The schema loads on first use.
import { fileIdOfLink } from '../../domain/files/file-link';
import { IMAGE_VARIANT_FORMATS, type ImageVariantFormat } from '../../domain/files/image-variants';
import type { ImageMapping, ImageMappingEntry } from '../../domain/schemas/image-mapping';
import { apiGet, DeferredSchema } from './client';
import { queryKeys } from './query-keys';

export type { ImageMappingEntry };
export { fileIdOfLink };

const mappingSchema = new DeferredSchema(() =>
  import('../../domain/schemas/image-mapping').then((schemas) => schemas.imageMappingSchema),
);

/** The endpoint takes up to 100 ids a request. */
const MAX_IDS = 100;
let batch: { ids: Set<string>; mapping: Promise<ImageMapping> } | undefined;

/**
 * The mapping of every image asked for in the same turn of the event loop, in one request: a page
 * that renders ten covers asks once. A mapping that cannot be loaded is empty (spec 000 §7: the
 * pages then show the original images).
 */
function loadEntry(fileId: string): Promise<ImageMappingEntry | null> {
  if (!batch || batch.ids.size >= MAX_IDS) {
    const ids = new Set<string>();
    const mapping = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      if (batch?.ids === ids) batch = undefined;
      return apiGet(
        `/files/optimized/image-mapping.json?ids=${[...ids].sort().join(',')}`,
        mappingSchema,
      ).catch((): ImageMapping => ({}));
    });
    batch = { ids, mapping };
  }
  batch.ids.add(fileId);
  return batch.mapping.then((mapping) => mapping[fileId] ?? null);
}

export type ImageEntryState =
  /** Not an uploaded file's link: shown as it is. */
  | { kind: 'plain' }
  | { kind: 'loading' }
  /** The mapping's entry, or null when the image is not in it (the original is shown). */
  | { kind: 'ready'; entry: ImageMappingEntry | null };

/** The image mapping's entry for the file a signed link names. */
export function useImageEntry(link: string | null | undefined): ImageEntryState {
  const fileId = fileIdOfLink(link);
  const query = useQuery({
    queryKey: queryKeys.imageMapping(fileId ? [fileId] : []),
    enabled: fileId !== undefined,
    staleTime: 5 * 60_000,
    queryFn: () => loadEntry(fileId as string),
  });
  if (fileId === undefined) return { kind: 'plain' };
  if (query.data === undefined) return { kind: 'loading' };
  return { kind: 'ready', entry: query.data };
}

export interface PictureSources {
  /** `<source>`s, best format first: AVIF, then WebP. */
  sources: { type: string; srcSet: string }[];
  /** The `<img>`: the JPEG variants (or the original, when no variant is made yet). */
  img: { src: string; srcSet?: string };
}

/**
 * What a `<picture>` offers for an image: each format's variants as a `srcset` by width, so the
 * browser takes the smallest that fills the size shown at its pixel density; the original when
 * no variant is made yet.
 */
export function pictureSources(entry: ImageMappingEntry | null, originalLink: string): PictureSources {
  const byFormat = (format: ImageVariantFormat) =>
    (entry?.variants ?? []).filter((variant) => variant.format === format).sort((a, b) => a.width - b.width);
  const srcSet = (format: ImageVariantFormat) =>
    byFormat(format)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(', ');
  const sources = IMAGE_VARIANT_FORMATS.filter(
    (format) => format !== 'jpeg' && byFormat(format).length > 0,
  ).map((format) => ({ type: `image/${format}`, srcSet: srcSet(format) }));
  const jpeg = byFormat('jpeg');
  const widest = jpeg[jpeg.length - 1];
  return {
    sources,
    img: widest ? { src: widest.url, srcSet: srcSet('jpeg') } : { src: entry?.original ?? originalLink },
  };
}
