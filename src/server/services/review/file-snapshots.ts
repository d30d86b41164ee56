import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { eq, inArray } from 'drizzle-orm';
import type { FileSnapshot } from '../../../domain';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/storage';

export type UploadRow = typeof uploads.$inferSelect;

/** SHA-256 of a stored object, streamed: a 200 MB WAV is never held in memory. */
export async function hashStoredFile(storage: StorageProvider, key: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(await storage.get(key), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  });
  return hash.digest('hex');
}

/**
 * The files as a round records them: id, name, size and SHA-256. The hash is read
 * once from storage and kept on the upload (`uploads.sha256`; a file never changes under its id),
 * so a file that appears in several rounds is read once.
 */
export async function snapshotFiles(
  deps: { db: Executor; storage: StorageProvider },
  fileIds: readonly string[],
): Promise<Map<string, FileSnapshot>> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return new Map();
  const rows = await deps.db.select().from(uploads).where(inArray(uploads.id, ids));
  const snapshots = new Map<string, FileSnapshot>();
  for (const row of rows) {
    let sha256 = row.sha256;
    if (!sha256) {
      sha256 = await hashStoredFile(deps.storage, row.storageKey);
      await deps.db.update(uploads).set({ sha256 }).where(eq(uploads.id, row.id));
    }
    snapshots.set(row.id, { fileId: row.id, fileName: row.originalName, size: row.originalSize, sha256 });
  }
  return snapshots;
}
