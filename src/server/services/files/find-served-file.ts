import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema';
import { notFound } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import { storedImageVariants } from './image-mapping';

/** What GET /files/:fileId[/:variant] sends: where the bytes are, how many, and as what. */
export interface ServedFile {
  key: string;
  size: number;
  contentType: string;
  /** The name a download is saved under: the original's, or for a variant `<name>-<variant>.<ext>`. */
  name: string;
}

/**
 * The file a checked link names (the route checks the signature first): a ready upload, or one of
 * its image variants, still in storage. Anything else (unknown, not ready, deleted by an erasure, a
 * variant it does not have, bytes gone) is the same 404.
 */
export async function findServedFile(
  deps: { db: Executor; storage: StorageProvider },
  fileId: string,
  variant: string | undefined,
): Promise<ServedFile> {
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, fileId));
  if (row?.status !== 'ready' || row.deletedAt) throw notFound('File not found');
  const stored = variant
    ? new Map(storedImageVariants(row.variants)).get(variant)
    : { key: row.storageKey, format: undefined };
  if (!stored) throw notFound('File not found');
  const head = await deps.storage.head(stored.key);
  if (!head) throw notFound('File not found');
  if (!stored.format) {
    return {
      key: stored.key,
      size: head.size,
      contentType: row.contentType ?? 'application/octet-stream',
      name: row.originalName,
    };
  }
  const extension = stored.format === 'jpeg' ? 'jpg' : stored.format;
  return {
    key: stored.key,
    size: head.size,
    contentType: `image/${stored.format}`,
    name: `${row.originalName.replace(/\.[^.]+$/, '')}-${variant}.${extension}`,
  };
}
