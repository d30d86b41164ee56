import type { Database } from '../db/client';
import { checkProvidersJob } from './check-providers';
import { cleanUpJob } from './clean-up';
import { computeAudioPeaksJob } from './compute-audio-peaks';
import { computeResponseRecordJob } from './compute-response-record';
import { cutSocialClipsJob } from './cut-social-clips';
import { declineOverdueSubmissionsJob } from './decline-overdue-submissions';
import { deleteErasedFilesJob } from './delete-erased-files';
import { deleteOldAnalyticsJob } from './delete-old-analytics';
import { makeDeliveryCoverJob } from './make-delivery-cover';
import { makeImageVariantsJob } from './make-image-variants';
import { measureLoudnessJob } from './measure-loudness';
import { prepareReleaseScheduleJob } from './prepare-release-schedule';
import { enqueueUncheckedJob } from './queue';
import { readDeliveryAcknowledgementJob } from './read-delivery-acknowledgement';
import { remindDeadlinesJob } from './remind-deadlines';
import { removeAbandonedUploadsJob } from './remove-abandoned-uploads';
import { sealAgreementJob } from './seal-agreement';
import { sendDeliveryJob } from './send-delivery';
import { sendMailJob } from './send-mail';
import { syncBoardInvitationJob } from './sync-board-invitation';
import { syncBoardSubmissionJob } from './sync-board-submission';
import { takeBackupJob } from './take-backup';
import { vacuumEmbeddedDatabaseJob } from './vacuum-embedded-database';

/** Every background job (one for each name in job-names.ts): the worker runs these. */
export const allJobs = [
  sendMailJob,
  makeImageVariantsJob,
  cutSocialClipsJob,
  computeAudioPeaksJob,
  measureLoudnessJob,
  syncBoardSubmissionJob,
  syncBoardInvitationJob,
  sealAgreementJob,
  prepareReleaseScheduleJob,
  makeDeliveryCoverJob,
  sendDeliveryJob,
  readDeliveryAcknowledgementJob,
  deleteErasedFilesJob,
  cleanUpJob,
  removeAbandonedUploadsJob,
  deleteOldAnalyticsJob,
  checkProvidersJob,
  remindDeadlinesJob,
  declineOverdueSubmissionsJob,
  computeResponseRecordJob,
  vacuumEmbeddedDatabaseJob,
  takeBackupJob,
] as const;

/**
 * Recurring jobs exist once (unique key: the job's name); each run schedules the next. Called at
 * start by every instance: the unique key makes the second call add nothing.
 */
export async function scheduleRecurringJobs(db: Database): Promise<void> {
  for (const job of allJobs) {
    if (!job.recurring) continue;
    await enqueueUncheckedJob(db, job.name, job.payload.parse({}), {
      uniqueKey: job.name,
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    });
  }
}
