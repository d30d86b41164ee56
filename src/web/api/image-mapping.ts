import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { IMAGE_VARIANTS, type ImageVariant, selectImageVariant } from '../../domain';
import { apiGet } from './client';
import { queryKeys } from './query-keys';

const entrySchema = z
  .object({ original: z.string() })
  .extend(
    Object.fromEntries(IMAGE_VARIANTS.map((name) => [name, z.string().optional()])) as Record<
      ImageVariant,
      z.ZodOptional<z.ZodString>
    >,
  );
export const imageMappingSchema = z.record(z.string(), entrySchema);
export type ImageMappingEntry = z.infer<typeof entrySchema>;
export type ImageMapping = z.infer<typeof imageMappingSchema>;

/**
 * Spec 000 §7's image mapping for the given image files. It is an optimisation: when it cannot
 * be loaded the pages show the original images, so a failure answers an empty mapping.
 */
export function useImageMapping(fileIds: string[]) {
  const ids = [...new Set(fileIds)].sort();
  return useQuery({
    queryKey: queryKeys.imageMapping(ids),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      apiGet(`/files/optimized/image-mapping.json?ids=${ids.join(',')}`, imageMappingSchema, signal).catch(
        (): ImageMapping => ({}),
      ),
  });
}

/** The variant for this screen (domain rule), else the original, else the link the page already had. */
export function pickImageUrl(
  entry: ImageMappingEntry | undefined,
  fallbackUrl: string | undefined,
  viewportWidth: number,
  devicePixelRatio: number,
): string | undefined {
  const variant = selectImageVariant(viewportWidth, devicePixelRatio);
  return entry?.[variant] ?? entry?.original ?? fallbackUrl;
}
