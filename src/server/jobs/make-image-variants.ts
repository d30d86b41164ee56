import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import { uploads } from '../db/schema';
import type { StorageProvider } from '../providers/storage/storage';
import { variantKey } from '../services/uploads/upload-keys';
import { defineJob } from './define-job';

sharp.concurrency(2);

/** Spec 000 §7: variants by viewport (≤480, ≤768, ≤1200, larger); xlarge keeps the original width. */
export const imageVariantWidths = { thumbnail: 480, medium: 768, large: 1200, xlarge: undefined } as const;
/** Decoding is bounded: a decompression bomb fails instead of eating the memory. */
export const maxInputPixels = 100_000_000;

export interface ImageVariant {
  key: string;
  width: number;
  height: number;
  bytes: number;
}

async function readAll(storage: StorageProvider, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `uploads.image-variants`: makes the WebP variants of an uploaded image and records them on its row. */
export const makeImageVariantsJob = defineJob({
  name: 'uploads.image-variants',
  payload: z.object({ uploadId: z.uuid() }),
  async handle({ uploadId }, { db, providers: { storage } }) {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
    if (row?.status !== 'ready') return; // removed since: nothing to do
    const original = await readAll(storage, row.storageKey); // images are at most 20 MB
    const variants: Record<string, ImageVariant> = {};
    for (const [name, width] of Object.entries(imageVariantWidths)) {
      const { data, info } = await sharp(original, { limitInputPixels: maxInputPixels })
        .rotate() // honour EXIF orientation before resizing
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const key = variantKey(row.storageKey, name);
      await storage.put(key, data, { contentType: 'image/webp' });
      variants[name] = { key, width: info.width, height: info.height, bytes: info.size };
    }
    await db.update(uploads).set({ variants, updatedAt: new Date() }).where(eq(uploads.id, row.id));
  },
});
