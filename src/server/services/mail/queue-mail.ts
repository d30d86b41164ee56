import { isErasedAddress } from '../../../domain';
import type { Executor } from '../../db/client';
import type { Backoff } from '../../jobs/define-job';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';
import type { ComposedMail } from '../../providers/mail/mail';

export const sendMailJobType = 'mail.send' satisfies JobName;

/**
 * A mail server can be down for hours, and sign-in codes, confirmations and status mails must
 * survive it: mail is retried after 30 s, then twice as long each time up to every 2 hours, 20
 * attempts in all, the last one a little over 24 hours after the first (`retrySpanMs`). Then the
 * job fails for good: an error event, and the health endpoint and staff dashboard count it.
 */
export const MAIL_RETRY = {
  maxAttempts: 20,
  backoff: { baseMs: 30_000, factor: 2, maxMs: 2 * 3600_000 },
} as const satisfies { maxAttempts: number; backoff: Backoff };
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY.maxAttempts;

/** From the first attempt to the last, without jitter (which only adds): the least time a mail is tried for. */
export function retrySpanMs(retry: { maxAttempts: number; backoff: Backoff }): number {
  const { baseMs, factor, maxMs } = retry.backoff;
  let total = 0;
  for (let failed = 1; failed < retry.maxAttempts; failed++) {
    total += Math.min(baseMs * factor ** (failed - 1), maxMs);
  }
  return total;
}

export interface QueueMailOptions {
  /**
   * Not worth sending after this: a sign-in mail whose link and code have expired. The job then
   * ends without sending (`jobs/send-mail.ts`).
   */
  notAfter?: Date;
  /** A mail about a submission: the job records `mail_sent` on it once sent. */
  audit?: MailAudit;
}

export interface MailAudit {
  submissionId: string;
  purpose: string;
}

/**
 * Mail goes out through the job queue: enqueued in the transaction of the change it announces,
 * sent (and retried) by the worker, so a slow or failing mail server never fails the request. Its
 * kind goes with it: the job skips a reminder or notice its recipient turned off, and gives the
 * others of those kinds their unsubscribe link (jobs/send-mail.ts).
 */
export async function queueMail(
  executor: Executor,
  message: ComposedMail,
  options: QueueMailOptions = {},
): Promise<void> {
  // An erased artist's rows carry an address under .invalid, which no server can deliver to:
  // mail to it (a later status change, a reminder) is dropped rather than retried for a day.
  if (isErasedAddress(message.to)) return;
  await enqueueJob(
    executor,
    sendMailJobType,
    {
      ...message,
      ...(options.notAfter ? { notAfter: options.notAfter.toISOString() } : {}),
      ...(options.audit ? { audit: options.audit } : {}),
    },
    { maxAttempts: MAIL_MAX_ATTEMPTS },
  );
}
