import { and, eq, inArray, sql } from 'drizzle-orm';
import { IMAGE_VARIANTS, type ImageVariant, type SessionUser } from '../../../domain';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { uploadsVisibleTo } from '../../policies/uploads';
import { signFileUrl } from './signed-urls';

export type ImageMapping = Record<string, { original: string } & Partial<Record<ImageVariant, string>>>;

/**
 * Spec 000 §7's image mapping, for the images the requester may see: per file id, a signed link to
 * the original and to each variant made so far (the web app picks one by viewport and pixel
 * ratio, and falls back to the original).
 */
export async function getImageMapping(
  deps: { db: Database; key: Buffer; publicUrl: string },
  user: SessionUser | undefined,
  fileIds: string[],
  lifetimeSeconds: number,
): Promise<ImageMapping> {
  if (fileIds.length === 0) return {};
  const rows = await deps.db
    .select({ id: uploads.id, variants: uploads.variants })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, fileIds),
        eq(uploads.status, 'ready'),
        sql`${uploads.media}->>'kind' = 'image'`,
        uploadsVisibleTo(user),
      ),
    );
  const expires = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  const link = (fileId: string, variant?: string) =>
    signFileUrl(deps.key, deps.publicUrl, { fileId, variant, disposition: 'inline', expires });
  const mapping: ImageMapping = {};
  for (const row of rows) {
    const made = (row.variants ?? {}) as Record<string, unknown>;
    mapping[row.id] = { original: link(row.id) };
    for (const name of IMAGE_VARIANTS) {
      if (made[name]) (mapping[row.id] as Record<string, string>)[name] = link(row.id, name);
    }
  }
  return mapping;
}
