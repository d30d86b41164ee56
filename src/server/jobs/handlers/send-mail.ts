import { z } from 'zod';
import type { MailProvider } from '../../providers/mail/mail';
import { type JobHandler, PermanentJobError } from '../queue';

const payloadSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.email().optional(),
});

export function createSendMailHandler(mail: MailProvider): JobHandler {
  return async (payload) => {
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError(`Invalid mail payload: ${parsed.error.message}`);
    await mail.send(parsed.data);
  };
}
