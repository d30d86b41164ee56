import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  IMAGE_VARIANT_FORMATS,
  type ImageMapping,
  type ImageVariantFormat,
  type ImageVariantLink,
  type SessionUser,
} from '../../../domain';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { uploadsVisibleTo } from '../../policies/uploads';
import { type LinkSigner, signFileUrl } from './signed-urls';

export type { ImageMapping };

/** A variant as `uploads.variants` records it (jobs/make-image-variants.ts), by its name. */
export interface StoredImageVariant {
  key: string;
  format: ImageVariantFormat;
  width: number;
  height: number;
  bytes: number;
}

const formats: readonly string[] = IMAGE_VARIANT_FORMATS;

/**
 * The variants of a row's `variants` column, narrowest first (AVIF, WebP, JPEG at each width). Entries of an older variant set
 * (WebP by viewport: thumbnail, medium, …) carry no format and are left out: such an image is
 * shown at its original until its variants are made again.
 */
export function storedImageVariants(column: unknown): [name: string, variant: StoredImageVariant][] {
  if (!column || typeof column !== 'object') return [];
  return Object.entries(column as Record<string, Partial<StoredImageVariant> | null>)
    .filter(
      (entry): entry is [string, StoredImageVariant] =>
        typeof entry[1]?.key === 'string' &&
        formats.includes(entry[1].format ?? '') &&
        Number.isInteger(entry[1].width) &&
        Number.isInteger(entry[1].height),
    )
    .sort(([, a], [, b]) => a.width - b.width || formats.indexOf(a.format) - formats.indexOf(b.format));
}

/**
 * The image mapping (spec 000 §7, `domain/files/image-variants.ts`), for the images the requester
 * may see: per file id, a signed link to the original, its pixel size, and a signed link to each
 * variant made so far. The links are the signer's kind: relative for the app's own pages.
 */
export async function getImageMapping(
  deps: { db: Database; signer: LinkSigner },
  user: SessionUser | undefined,
  fileIds: string[],
  lifetimeSeconds: number,
): Promise<ImageMapping> {
  if (fileIds.length === 0) return {};
  const rows = await deps.db
    .select({ id: uploads.id, variants: uploads.variants, media: uploads.media })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, fileIds),
        eq(uploads.status, 'ready'),
        sql`${uploads.media}->>'kind' = 'image'`,
        uploadsVisibleTo(user),
      ),
    );
  const now = Date.now();
  const expires = Math.floor(now / 1000) + lifetimeSeconds;
  const link = (fileId: string, variant?: string) =>
    signFileUrl(deps.signer, { fileId, variant, disposition: 'inline', expires }, now);
  const mapping: ImageMapping = {};
  for (const row of rows) {
    const media = (row.media ?? {}) as { width?: unknown; height?: unknown };
    const variants: ImageVariantLink[] = storedImageVariants(row.variants).map(([name, variant]) => ({
      format: variant.format,
      width: variant.width,
      height: variant.height,
      url: link(row.id, name),
    }));
    mapping[row.id] = {
      original: link(row.id),
      ...(typeof media.width === 'number' && typeof media.height === 'number'
        ? { width: media.width, height: media.height }
        : {}),
      variants,
    };
  }
  return mapping;
}
