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
