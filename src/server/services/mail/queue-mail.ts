import type { Executor } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';
import type { MailMessage } from '../../providers/mail/mail';

export const sendMailJobType = 'mail.send';

/**
 * Mail goes out through the job queue: enqueued in the transaction of the change it announces,
 * sent (and retried) by the worker, so a slow or failing mail server never fails the request.
 */
export async function queueMail(executor: Executor, message: MailMessage): Promise<void> {
  await enqueueJob(executor, sendMailJobType, { ...message }, { maxAttempts: 8 });
}
