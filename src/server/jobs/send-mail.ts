import { z } from 'zod';
import { MAIL_MAX_ATTEMPTS } from '../services/mail/queue-mail';
import { defineJob } from './define-job';

/** `mail.send`: one message through the configured mail provider (enqueued by `queueMail`). */
export const sendMailJob = defineJob({
  name: 'mail.send',
  payload: z.object({
    to: z.email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string().optional(),
    replyTo: z.email().optional(),
  }),
  maxAttempts: MAIL_MAX_ATTEMPTS,
  async handle(message, { providers }) {
    await providers.mail.send(message);
  },
});
