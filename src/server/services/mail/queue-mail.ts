import type { Executor } from '../../db/client';
import type { JobName } from '../../jobs';
import { enqueueJob } from '../../jobs/queue';
import type { MailMessage } from '../../providers/mail/mail';

export const sendMailJobType = 'mail.send' satisfies JobName;
/** A mail server can be down for hours: mail is retried longer than other jobs (`jobs/send-mail.ts`). */
export const MAIL_MAX_ATTEMPTS = 8;

/**
 * Mail goes out through the job queue: enqueued in the transaction of the change it announces,
 * sent (and retried) by the worker, so a slow or failing mail server never fails the request.
 */
export async function queueMail(executor: Executor, message: MailMessage): Promise<void> {
  await enqueueJob(executor, sendMailJobType, { ...message }, { maxAttempts: MAIL_MAX_ATTEMPTS });
}
