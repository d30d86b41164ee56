import { z } from 'zod';
import { MAIL_RETRY } from '../services/mail/queue-mail';
import { defineJob } from './define-job';

/**
 * `mail.send`: one message through the configured mail provider (enqueued by `queueMail`), retried
 * for a day (MAIL_RETRY). A message with `notAfter` (a sign-in mail: its link and code expire) that
 * can only be sent after that time is dropped: the job ends without sending, since the artist
 * could not use it and has likely asked for another.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  payload: z.object({
    to: z.email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string().optional(),
    replyTo: z.email().optional(),
    notAfter: z.iso.datetime().optional(),
  }),
  maxAttempts: MAIL_RETRY.maxAttempts,
  backoff: MAIL_RETRY.backoff,
  async handle({ notAfter, ...message }, { providers, now, job, log }) {
    if (notAfter && now.getTime() >= Date.parse(notAfter)) {
      log.warn(
        { attempts: job.attempts, lastError: job.lastError },
        'mail dropped: it expired before the mail server took it',
      );
      return;
    }
    await providers.mail.send(message);
  },
});
