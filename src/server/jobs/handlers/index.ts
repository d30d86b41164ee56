import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Providers } from '../../providers';
import { boardSyncJobTypes } from '../../services/board-sync/queue-board-sync';
import { sealAgreementJobType } from '../../services/contracts/queue-seal-agreement';
import { sendMailJobType } from '../../services/mail/queue-mail';
import { socialClipsJobType } from '../../services/submissions/queue-social-clips';
import { imageVariantsJobType } from '../../services/uploads/store-upload';
import { enqueueJob, type JobHandler } from '../queue';
import { cleanUp, cleanUpJobType } from './clean-up';
import { createCutSocialClipsHandler } from './cut-social-clips';
import { createImageVariantsHandler } from './make-image-variants';
import {
  createRemoveAbandonedUploadsHandler,
  removeAbandonedUploadsJobType,
} from './remove-abandoned-uploads';
import { createSealAgreementHandler } from './seal-agreement';
import { createSendMailHandler } from './send-mail';
import { createSyncExternalBoardHandler } from './sync-external-board';

/** Every job type the worker knows, and its handler. */
export function createJobHandlers(providers: Providers, config: AppConfig): Record<string, JobHandler> {
  return {
    [sendMailJobType]: createSendMailHandler(providers.mail),
    [cleanUpJobType]: cleanUp,
    [imageVariantsJobType]: createImageVariantsHandler(providers.storage),
    [removeAbandonedUploadsJobType]: createRemoveAbandonedUploadsHandler(
      providers.storage,
      providers.resumable,
    ),
    [socialClipsJobType]: createCutSocialClipsHandler(providers.storage),
    [boardSyncJobTypes.submission]: createSyncExternalBoardHandler(providers.externalBoard, 'submission'),
    [boardSyncJobTypes.invitation]: createSyncExternalBoardHandler(providers.externalBoard, 'invitation'),
    [sealAgreementJobType]: createSealAgreementHandler(providers, config),
  };
}

/** Recurring jobs exist once (unique key); each run schedules the next. Called at start. */
export async function scheduleRecurringJobs(db: Database): Promise<void> {
  for (const type of [cleanUpJobType, removeAbandonedUploadsJobType]) {
    await enqueueJob(db, type, {}, { uniqueKey: type });
  }
}
