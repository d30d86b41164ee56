import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dataRequests } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/storage';
import { erasureFilesOf } from './read-artist-erasure';

/** The job's pass comes this long after the erasure, behind the one made right after the commit. */
export const ERASED_FILES_JOB_DELAY_MS = 5 * 60_000;
/** Tries per file within one pass, a short wait apart: a storage hiccup should not need the job. */
const TRIES_PER_PASS = 3;
const RETRY_WAIT_MS = 200;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function deleteOne(storage: StorageProvider, key: string): Promise<boolean> {
  for (let attempt = 1; attempt <= TRIES_PER_PASS; attempt++) {
    try {
      await storage.delete(key);
      // Gone is what counts: a delete that answered but left the object is a failure too.
      if ((await storage.head(key)) === undefined) return true;
    } catch {
      // Tried again below; what still fails is reported and left for the next pass.
    }
    if (attempt < TRIES_PER_PASS) await wait(RETRY_WAIT_MS * 2 ** (attempt - 1));
  }
  return false;
}

/**
 * Deletes the files an erasure still lists as pending (`data_requests.detail.files.pending`) and
 * takes each one deleted off the list, in one statement that keeps any other pass's progress.
 * Called right after the erasure commits and by the `privacy.delete-erased-files` job; deleting a
 * file twice is harmless.
 */
export async function deleteErasedFiles(
  deps: { db: Executor; storage: StorageProvider },
  dataRequestId: string,
): Promise<{ deleted: string[]; failed: string[] }> {
  const [row] = await deps.db
    .select({ detail: dataRequests.detail })
    .from(dataRequests)
    .where(eq(dataRequests.id, dataRequestId));
  if (!row) return { deleted: [], failed: [] };
  const deleted: string[] = [];
  const failed: string[] = [];
  for (const key of erasureFilesOf(row.detail).pending) {
    if (await deleteOne(deps.storage, key)) deleted.push(key);
    else failed.push(key);
  }
  if (deleted.length > 0) {
    await deps.db
      .update(dataRequests)
      .set({
        detail: sql`jsonb_set(${dataRequests.detail}, '{files,pending}', (
          select coalesce(jsonb_agg(pending.key), '[]'::jsonb)
            from jsonb_array_elements_text(${dataRequests.detail} -> 'files' -> 'pending') as pending(key)
            where not jsonb_exists(${JSON.stringify(deleted)}::jsonb, pending.key)))`,
      })
      .where(eq(dataRequests.id, dataRequestId));
  }
  return { deleted, failed };
}
