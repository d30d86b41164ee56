import { BOARD_SYNC_MAX_ATTEMPTS } from '../services/board-sync/queue-board-sync';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';
import { syncExternalBoard } from './sync-external-board';

/** `board.sync-invitation`: mirrors one invitation to monday.com (enqueued by `queueBoardSync`). */
export const syncBoardInvitationJob = defineJob({
  name: 'board.sync-invitation',
  payload: jobPayloads['board.sync-invitation'],
  maxAttempts: BOARD_SYNC_MAX_ATTEMPTS,
  handle: (payload, context) => syncExternalBoard('invitation', payload, context),
});
