import { z } from 'zod';
import { IMAGE_VARIANT_FORMATS } from '../files/image-variants';

export const imageVariantLinkSchema = z.object({
  format: z.enum(IMAGE_VARIANT_FORMATS),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  url: z.string(),
});

/**
 * One image of the image mapping (`GET /files/optimized/image-mapping.json`, spec 000 §7): the
 * signed link to the file as uploaded, its pixel size, and a signed link per variant made so far,
 * narrowest first. Imprint differs from spec 000 §7 here on purpose: variants are named
 * by format and width and the page picks one by the size it shows the image at (`srcset`/`sizes`),
 * not one of four by the viewport's width.
 */
export const imageMappingEntrySchema = z.object({
  original: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  variants: z.array(imageVariantLinkSchema),
});
export const imageMappingSchema = z.record(z.string(), imageMappingEntrySchema);

export type ImageVariantLink = z.infer<typeof imageVariantLinkSchema>;
export type ImageMappingEntry = z.infer<typeof imageMappingEntrySchema>;
export type ImageMapping = z.infer<typeof imageMappingSchema>;
