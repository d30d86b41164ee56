import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import { type DkimSigning, nodemailerDkim } from './dkim';
import { type MailMessage, type MailProvider, nodemailerMessage, type SentMail } from './mail';

/**
 * Real delivery through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com),
 * DKIM-signed by nodemailer itself when a key is configured.
 */
export class SmtpMail implements MailProvider {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    dkim?: DkimSigning,
  ) {
    this.transporter = nodemailer.createTransport({
      ...parseConnectionUrl(smtpUrl),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...(dkim ? { dkim: nodemailerDkim(dkim) } : {}),
    });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transporter.sendMail(nodemailerMessage(this.from, message));
    return { messageId: info.messageId };
  }

  async check(): Promise<void> {
    await this.transporter.verify();
  }

  close(): void {
    this.transporter.close();
  }
}
