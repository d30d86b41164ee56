import type { SubmissionMailPurpose } from '../../../domain';
import type { Executor } from '../../db/client';
import type { ComposedMail } from '../../providers/mail/mail';
import { queueMail } from '../mail/queue-mail';
import { recordSubmissionEvent } from './record-submission-event';

export interface SubmissionMailContext {
  submissionId: string;
  purpose: SubmissionMailPurpose;
  actorUserId?: string | null | undefined;
}

/**
 * A mail about a submission: queued in the transaction of the change it announces, with a
 * `mail_queued` event beside it (who it goes to, its subject, why). The mail job records
 * `mail_sent` once the mail server took it (jobs/send-mail.ts).
 */
export async function queueSubmissionMail(
  executor: Executor,
  message: ComposedMail,
  context: SubmissionMailContext,
): Promise<void> {
  await queueMail(executor, message, {
    audit: { submissionId: context.submissionId, purpose: context.purpose },
  });
  await recordSubmissionEvent(executor, {
    submissionId: context.submissionId,
    type: 'mail_queued',
    actorUserId: context.actorUserId,
    data: { to: message.to, subject: message.subject, purpose: context.purpose },
  });
}
