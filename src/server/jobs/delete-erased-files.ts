import { deleteErasedFiles } from '../services/data-requests/delete-erased-files';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

/**
 * `privacy.delete-erased-files`: deletes the files of an artist's erasure that the pass right after
 * it could not (storage down, a timeout). Queued in the erasure's transaction; a failure retries
 * with the backoff below, and one that fails for good becomes an error event, which staff see.
 */
export const deleteErasedFilesJob = defineJob({
  name: 'privacy.delete-erased-files',
  payload: jobPayloads['privacy.delete-erased-files'],
  backoff: { baseMs: 60_000, factor: 2, maxMs: 3_600_000 },
  async handle({ dataRequestId }, { db, providers: { storage } }) {
    const { failed } = await deleteErasedFiles({ db, storage }, dataRequestId);
    if (failed.length > 0)
      throw new Error(
        `${failed.length} file(s) of erasure ${dataRequestId} could not be deleted from storage yet`,
      );
  },
});
