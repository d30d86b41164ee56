/**
 * Uploaded images are served as variants; no zod here, so the page's first paint can
 * take these names without it. The image mapping's schema is in `schemas/image-mapping.ts`.
 *
 * The formats every uploaded image is served in, in the order a `<picture>` offers them: a browser
 * takes the first it can show (spec 001 §7: a fallback with optional AVIF or WebP sources). JPEG is
 * the fallback every browser shows.
 */
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/** A variant's name: its format and width, as in `/files/{fileId}/avif-320`. */
export function imageVariantName(format: ImageVariantFormat, width: number): string {
  return `${format}-${width}`;
}

export const imageVariantNamePattern = /^(avif|webp|jpeg)-[1-9][0-9]{0,4}$/;
