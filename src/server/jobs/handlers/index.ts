import type { Database } from '../../db/client';
import type { Providers } from '../../providers';
import { sendMailJobType } from '../../services/mail/queue-mail';
import { enqueueJob, type JobHandler } from '../queue';
import { cleanUp, cleanUpJobType } from './clean-up';
import { createSendMailHandler } from './send-mail';

/** Every job type the worker knows, and its handler. */
export function createJobHandlers(providers: Providers): Record<string, JobHandler> {
  return {
    [sendMailJobType]: createSendMailHandler(providers.mail),
    [cleanUpJobType]: cleanUp,
  };
}

/** Recurring jobs exist once (unique key); each run schedules the next. Called at start. */
export async function scheduleRecurringJobs(db: Database): Promise<void> {
  await enqueueJob(db, cleanUpJobType, {}, { uniqueKey: cleanUpJobType });
}
