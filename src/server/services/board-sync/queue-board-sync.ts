import type { Executor } from '../../db/client';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';

export type BoardSyncEntity = 'submission' | 'invitation';

const boardSyncJobNames = {
  submission: 'board.sync-submission',
  invitation: 'board.sync-invitation',
} as const satisfies Record<BoardSyncEntity, JobName>;
/** monday.com can be down or rate-limited for a while (`jobs/sync-board-*.ts`). */
export const BOARD_SYNC_MAX_ATTEMPTS = 8;

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
  const name = boardSyncJobNames[entityType];
  await enqueueJob(
    executor,
    name,
    { entityId },
    { uniqueKey: `${name}:${entityId}`, maxAttempts: BOARD_SYNC_MAX_ATTEMPTS },
  );
}
