export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
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
  };
}
