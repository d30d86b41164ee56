import { eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_VARIANT_FORMATS, type ImageVariantFormat, imageVariantName } from '../../domain';
import { uploads } from '../db/schema';
import type { StorageProvider } from '../providers/storage/storage';
import type { StoredImageVariant } from '../services/files/image-mapping';
import { variantKey } from '../services/uploads/upload-keys';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

sharp.concurrency(2);

/**
 * The widths variants are made at, from the sizes the pages show uploaded images at (CSS px):
 * avatars 32–40 (header, drawer), 72–80 (dashboard cards on a phone, profile card), 112 (dashboard
 * cards, edit profile), 160–200 (submission page, release details), 280–320 (release details on a
 * phone, submitted summary, staff details). Each width serves some of them at 1× and 2× (and 3×):
 * 80 the avatars at 2× and 72–80 at 1×; 160 72–80 at 2×, 112–160 at 1×; 320 112–160 at 2×,
 * 200–320 at 1×; 480 200 at 2×, 160 at 3×; 640 280–320 at 2×, the widest any page needs.
 */
export const imageVariantWidths = [80, 160, 320, 480, 640] as const;

/** Decoding is bounded: a decompression bomb fails instead of eating the memory. */
export const maxInputPixels = 100_000_000;

/**
 * Encoder settings. AVIF at effort 3 (of 0–9) encodes a 640 px image in ~0.15 s on one core, where
 * the default 4 takes ~0.5 s for files no smaller; 4:2:0 chroma like the JPEG and WebP beside it.
 * The JPEG, the fallback every browser shows, has no alpha: transparency becomes white.
 */
const encoders: Record<ImageVariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3, chromaSubsampling: '4:2:0' }),
  webp: (image) => image.webp({ quality: 75 }),
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true }),
};

const extensions: Record<ImageVariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/**
 * The widths of an image `width` px wide (upright): those of the set it is wider than, and its own
 * width when it is narrower than the widest, so the largest shown size gets every pixel there is.
 * Never enlarged.
 */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = imageVariantWidths.filter((candidate) => candidate <= width);
  const widest = imageVariantWidths[imageVariantWidths.length - 1] ?? width;
  if (width < widest && !widths.includes(width)) widths.push(width);
  return widths;
}

export interface EncodedVariant {
  name: string;
  format: ImageVariantFormat;
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Every variant of an image: decoded once — shrunk on load (a JPEG decodes at 1/2, 1/4 or 1/8 of
 * its size straight from its DCT blocks, so a 3000 px JPEG is never decoded whole), turned upright
 * and to sRGB, resized to the widest variant — then each width resized from that one small bitmap
 * and encoded in each format, in parallel. The full-size image is never re-encoded.
 */
export async function encodeImageVariants(original: Buffer): Promise<EncodedVariant[]> {
  const widest = imageVariantWidths[imageVariantWidths.length - 1];
  const { data, info } = await sharp(original, { limitInputPixels: maxInputPixels })
    .rotate() // honour EXIF orientation before resizing
    .resize({ width: widest, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const jobs = variantWidthsFor(info.width).flatMap((width) => {
    const resized = width === info.width ? decoded.clone() : decoded.clone().resize({ width });
    return IMAGE_VARIANT_FORMATS.map(async (format): Promise<EncodedVariant> => {
      const { data: bytes, info: out } = await encoders[format](resized.clone()).toBuffer({
        resolveWithObject: true,
      });
      return {
        name: imageVariantName(format, width),
        format,
        width: out.width,
        height: out.height,
        data: bytes,
      };
    });
  });
  return Promise.all(jobs);
}

async function readAll(storage: StorageProvider, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `uploads.image-variants`: makes an uploaded image's variants (AVIF, WebP and JPEG at the widths
 * above), stores them beside it and records them on its row; variants of an earlier set that are
 * not made again are deleted.
 */
export const makeImageVariantsJob = defineJob({
  name: 'uploads.image-variants',
  payload: jobPayloads['uploads.image-variants'],
  async handle({ uploadId }, { db, providers: { storage } }) {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
    if (row?.status !== 'ready') return; // removed since: nothing to do
    const original = await readAll(storage, row.storageKey); // images are at most 20 MB
    const encoded = await encodeImageVariants(original);
    const variants: Record<string, StoredImageVariant> = {};
    await Promise.all(
      encoded.map(async (variant) => {
        const key = variantKey(row.storageKey, variant.name, extensions[variant.format]);
        await storage.put(key, variant.data, { contentType: `image/${variant.format}` });
        variants[variant.name] = {
          key,
          format: variant.format,
          width: variant.width,
          height: variant.height,
          bytes: variant.data.length,
        };
      }),
    );
    await db.update(uploads).set({ variants, updatedAt: new Date() }).where(eq(uploads.id, row.id));
    // Files of an earlier set (a width or format no longer made, the WebP-by-viewport set).
    const kept = new Set(Object.values(variants).map((variant) => variant.key));
    const previous = Object.values((row.variants ?? {}) as Record<string, { key?: unknown }>)
      .map((variant) => variant?.key)
      .filter((key): key is string => typeof key === 'string' && !kept.has(key));
    await Promise.all(previous.map((key) => storage.delete(key)));
  },
});
