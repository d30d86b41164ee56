import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { boardSyncItems } from '../db/schema';
import { ExternalBoardError } from '../providers/board/monday-board';
import { readBoardItemFields, toColumnValues } from '../services/board-sync/board-item-fields';
import type { BoardSyncEntity } from '../services/board-sync/queue-board-sync';
import type { JobContext, JobResult } from './define-job';
import type { boardSyncPayload } from './job-names';
import { PermanentJobError } from './queue';

async function record(
  db: Database,
  entityType: BoardSyncEntity,
  entityId: string,
  values: { externalItemId?: string; syncedAt?: Date; lastError: string | null },
): Promise<void> {
  await db
    .insert(boardSyncItems)
    .values({ entityType, entityId, ...values })
    .onConflictDoUpdate({
      target: [boardSyncItems.entityType, boardSyncItems.entityId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/**
 * Mirrors one submission or invitation to the external board (the job of both
 * `sync-board-submission.ts` and `sync-board-invitation.ts`): creates its item the first time,
 * then updates it (name and columns). The outcome is kept in board_sync_items. Rate and
 * complexity limits wait as long as monday.com asks; other passing failures retry with the queue's
 * backoff; a refused token, an unknown board or a refused value stop the job with its reason.
 */
export async function syncExternalBoard(
  entityType: BoardSyncEntity,
  { entityId }: z.output<typeof boardSyncPayload>,
  { db, signal, providers }: JobContext,
): Promise<JobResult> {
  const board = providers.externalBoard;
  if (!board) throw new PermanentJobError('monday.com sync is not configured');
  const before = await readBoardItemFields(db, entityType, entityId, new Date());
  // Deleted since the job was queued: there is nothing left to mirror.
  if (!before) return;
  const [existing] = await db
    .select({ externalItemId: boardSyncItems.externalItemId })
    .from(boardSyncItems)
    .where(and(eq(boardSyncItems.entityType, entityType), eq(boardSyncItems.entityId, entityId)));

  try {
    // Read once per run: staff may rename or add columns between runs.
    const columns = await board.listColumns(signal);
    const item = { itemName: before.itemName, columnValues: toColumnValues(columns, before.fields) };
    let externalItemId = existing?.externalItemId ?? undefined;
    if (externalItemId) {
      try {
        await board.updateItem(externalItemId, item, signal);
      } catch (error) {
        // Someone deleted the item on monday.com: the mirror makes it again.
        if (!(error instanceof ExternalBoardError && error.options.code === 'InvalidItemIdException'))
          throw error;
        externalItemId = undefined;
      }
    }
    if (!externalItemId) externalItemId = (await board.createItem(item, signal)).itemId;
    await record(db, entityType, entityId, { externalItemId, syncedAt: new Date(), lastError: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await record(db, entityType, entityId, { lastError: message.slice(0, 2000) });
    if (!(error instanceof ExternalBoardError)) throw error;
    if (error.transient && error.options.retryAfterMs !== undefined) {
      // A limit is not a failure of this item: wait exactly as long as monday.com asks.
      return { rescheduleAfterMs: error.options.retryAfterMs };
    }
    if (error.transient) throw error;
    throw new PermanentJobError(message);
  }

  // A change committed while this job ran found the job running and queued nothing: catch it up.
  const after = await readBoardItemFields(db, entityType, entityId, new Date());
  if (after && JSON.stringify(after) !== JSON.stringify(before)) return { rescheduleAfterMs: 0 };
}
