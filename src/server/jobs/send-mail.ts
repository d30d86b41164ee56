import { isUnsubscribableMailKind } from '../../domain';
import { recordSubmissionEvent } from '../services/audit/record-submission-event';
import { isMailTurnedOff } from '../services/mail/mail-preferences';
import { MAIL_RETRY } from '../services/mail/queue-mail';
import { withUnsubscribeLink } from '../services/mail/unsubscribe-link';
import { issueUnsubscribeToken, unsubscribeKey, unsubscribeUrl } from '../services/mail/unsubscribe-token';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

/**
 * `mail.send`: one message through the configured mail provider (enqueued by `queueMail`), retried
 * for a day (MAIL_RETRY). A message with `notAfter` (a sign-in mail: its link and code expire) that
 * can only be sent after that time is dropped: the job ends without sending, since the artist
 * could not use it and has likely asked for another. A reminder or notice (its `kind`) is not sent
 * to an address that turned that kind off, and otherwise goes with its unsubscribe link (RFC 8058),
 * signed when it is sent, so it always names this installation's PUBLIC_URL. A mail about a
 * submission (`audit`) is recorded on its audit trail as sent; a failure to record it
 * is logged, never a reason to send the mail again.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  payload: jobPayloads['mail.send'],
  maxAttempts: MAIL_RETRY.maxAttempts,
  backoff: MAIL_RETRY.backoff,
  async handle({ notAfter, audit, kind, ...message }, { providers, db, config, now, job, log }) {
    if (notAfter && now.getTime() >= Date.parse(notAfter)) {
      log.warn(
        { attempts: job.attempts, lastError: job.lastError },
        'mail dropped: it expired before the mail server took it',
      );
      return;
    }
    let outgoing = message;
    if (isUnsubscribableMailKind(kind)) {
      if (await isMailTurnedOff(db, message.to, kind)) {
        log.info(
          { to: message.to, kind, purpose: audit?.purpose },
          'mail not sent: its recipient turned this kind off',
        );
        return;
      }
      const token = issueUnsubscribeToken(await unsubscribeKey(db), { email: message.to, kind });
      outgoing = withUnsubscribeLink(message, unsubscribeUrl(config.publicUrl, token));
    }
    const sent = await providers.mail.send(outgoing);
    if (!audit) return;
    await recordSubmissionEvent(db, {
      submissionId: audit.submissionId,
      type: 'mail_sent',
      data: { to: message.to, subject: message.subject, purpose: audit.purpose, messageId: sent.messageId },
    }).catch((error: unknown) => log.warn({ err: error }, 'mail sent, but its audit event was not recorded'));
  },
});
