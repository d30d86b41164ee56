import { type MailKind, ONE_CLICK_FIELD, ONE_CLICK_VALUE } from '../../../domain';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * The recipient's link to turn this kind of mail off: sent as `List-Unsubscribe` (RFC 2369) with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). The mail job sets it on
   * reminders and notices (services/mail/unsubscribe-link.ts).
   */
  unsubscribeUrl?: string;
}

/**
 * A mail as a compose function makes it: the message and its kind (domain/mail/mail-kinds.ts),
 * which decides whether its recipient may turn it off. Queued mail must be one of these.
 */
export interface ComposedMail extends MailMessage {
  kind: MailKind;
}

export interface SentMail {
  messageId: string;
}

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<SentMail>;
  /** Health check: the outbox directory is writable, or the SMTP server answers. */
  check(): Promise<void>;
  close?(): void;
}

/**
 * The message as nodemailer is given it, the same for both providers, so the dev outbox's .eml is
 * what SMTP would have sent.
 */
export function nodemailerMessage(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.unsubscribeUrl
      ? {
          // nodemailer writes `List-Unsubscribe: <url>`; RFC 8058 §3.1 asks for exactly one HTTPS URI
          // beside the POST header.
          list: { unsubscribe: message.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}` },
        }
      : {}),
  };
}
