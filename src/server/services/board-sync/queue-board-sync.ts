import type { Executor } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';

export type BoardSyncEntity = 'submission' | 'invitation';

export const boardSyncJobTypes = {
  submission: 'board.sync-submission',
  invitation: 'board.sync-invitation',
} as const satisfies Record<BoardSyncEntity, string>;

/**
 * Mirrors an entity to the external board later, by a job: an outage of monday.com never blocks
 * the change itself. Pass the change's transaction. Call only when `config.monday` is set. The
 * unique key keeps one waiting job per entity; the job reads the entity when it runs, so several
 * changes before it runs are one call.
 */
export async function queueBoardSync(
  executor: Executor,
  entityType: BoardSyncEntity,
  entityId: string,
): Promise<void> {
  await enqueueJob(
    executor,
    boardSyncJobTypes[entityType],
    { entityId },
    { uniqueKey: `${boardSyncJobTypes[entityType]}:${entityId}`, maxAttempts: 8 },
  );
}
