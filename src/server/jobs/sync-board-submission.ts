import { BOARD_SYNC_MAX_ATTEMPTS } from '../services/board-sync/queue-board-sync';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';
import { syncExternalBoard } from './sync-external-board';

/** `board.sync-submission`: mirrors one submission to monday.com (enqueued by `queueBoardSync`). */
export const syncBoardSubmissionJob = defineJob({
  name: 'board.sync-submission',
  payload: jobPayloads['board.sync-submission'],
  maxAttempts: BOARD_SYNC_MAX_ATTEMPTS,
  handle: (payload, context) => syncExternalBoard('submission', payload, context),
});
