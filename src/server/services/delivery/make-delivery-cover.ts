import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { COVER_SIZE, checkCoverArtwork } from '../../../domain';
import type { Database } from '../../db/client';
import { releaseDeliveries, submissions, uploads } from '../../db/schema';
import { maxInputPixels } from '../../jobs/make-image-variants';
import type { StorageProvider } from '../../providers/storage/storage';

export type CoverOutcome =
  | { kind: 'made'; data: Buffer; reused: boolean }
  | { kind: 'refused'; reason: string };

/**
 * The store cover from an artwork (domain/delivery/cover-rules.ts): a 3000 × 3000 baseline RGB
 * JPEG. An artwork that is one already is kept byte for byte (its hash stays the one on the release
 * schedule); any other is made from it with sharp: turned upright, to sRGB without alpha, and
 * scaled (a near-square one cropped by at most 2% at its longer side). One the rules refuse is
 * refused with their reason.
 */
export async function makeCoverImage(artwork: Buffer): Promise<CoverOutcome> {
  const meta = await sharp(artwork, { limitInputPixels: maxInputPixels }).metadata();
  const upright = (meta.orientation ?? 1) >= 5;
  const width = (upright ? meta.height : meta.width) ?? 0;
  const height = (upright ? meta.width : meta.height) ?? 0;
  const refusal = checkCoverArtwork(width, height);
  if (refusal) return { kind: 'refused', reason: refusal };
  if (
    meta.format === 'jpeg' &&
    width === COVER_SIZE &&
    height === COVER_SIZE &&
    meta.space === 'srgb' &&
    meta.channels === 3 &&
    !meta.isProgressive &&
    (meta.orientation ?? 1) === 1
  )
    return { kind: 'made', data: artwork, reused: true };
  const data = await sharp(artwork, { limitInputPixels: maxInputPixels })
    .rotate()
    .resize({ width: COVER_SIZE, height: COVER_SIZE, fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4', progressive: false })
    .toBuffer();
  return { kind: 'made', data, reused: false };
}

async function readAll(storage: StorageProvider, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Where a release's store cover is kept, by the artwork it was made from. */
export function coverStorageKey(submissionId: string, artworkUploadId: string): string {
  return `deliveries/${submissionId}/cover-${artworkUploadId}.jpg`;
}

/**
 * The `delivery.make-cover` job's work: the store cover of a submission's current artwork, stored
 * under its own key and recorded (key, SHA-256, size) on the release's delivery row, or the reason
 * it cannot be made. Nothing is done when the cover of that artwork exists already; a cover of an
 * earlier artwork is deleted once the new one is recorded.
 */
export async function prepareDeliveryCover(
  deps: { db: Database; storage: StorageProvider },
  submissionId: string,
  now: Date,
): Promise<'made' | 'refused' | 'unchanged' | 'no_artwork'> {
  const [row] = await deps.db
    .select({
      artworkUploadId: submissions.artworkUploadId,
      storageKey: uploads.storageKey,
      coverSourceUploadId: releaseDeliveries.coverSourceUploadId,
      coverKey: releaseDeliveries.coverKey,
      coverProblem: releaseDeliveries.coverProblem,
    })
    .from(submissions)
    .leftJoin(uploads, eq(uploads.id, submissions.artworkUploadId))
    .leftJoin(releaseDeliveries, eq(releaseDeliveries.submissionId, submissions.id))
    .where(eq(submissions.id, submissionId));
  if (!row?.artworkUploadId || !row.storageKey) return 'no_artwork';
  if (row.coverSourceUploadId === row.artworkUploadId && (row.coverKey || row.coverProblem))
    return 'unchanged';
  const outcome = await makeCoverImage(await readAll(deps.storage, row.storageKey));
  let cover: { key: string; sha256: string; bytes: number } | null = null;
  if (outcome.kind === 'made') {
    const key = coverStorageKey(submissionId, row.artworkUploadId);
    await deps.storage.put(key, outcome.data, { contentType: 'image/jpeg' });
    cover = {
      key,
      sha256: createHash('sha256').update(outcome.data).digest('hex'),
      bytes: outcome.data.length,
    };
  }
  const values = {
    coverSourceUploadId: row.artworkUploadId,
    coverKey: cover?.key ?? null,
    coverSha256: cover?.sha256 ?? null,
    coverBytes: cover?.bytes ?? null,
    coverProblem: outcome.kind === 'refused' ? outcome.reason : null,
    updatedAt: now,
  };
  await deps.db
    .insert(releaseDeliveries)
    .values({ submissionId, ...values })
    .onConflictDoUpdate({ target: releaseDeliveries.submissionId, set: values });
  if (row.coverKey && row.coverKey !== cover?.key) await deps.storage.delete(row.coverKey);
  return outcome.kind;
}
