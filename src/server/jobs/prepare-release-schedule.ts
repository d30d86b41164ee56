import { prepareReleaseSchedule } from '../services/release-schedules/prepare-release-schedule';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

/**
 * `contracts.prepare-schedule`: the schedule to the artist agreement of an approved
 * release, with its files' SHA-256 (services/release-schedules/prepare-release-schedule.ts). A
 * storage outage retries with the queue's backoff; a submission no longer approved gets none.
 */
export const prepareReleaseScheduleJob = defineJob({
  name: 'contracts.prepare-schedule',
  payload: jobPayloads['contracts.prepare-schedule'],
  async handle({ submissionId }, { db, providers, config, now }) {
    await prepareReleaseSchedule({ db, storage: providers.storage, config }, submissionId, now);
  },
});
