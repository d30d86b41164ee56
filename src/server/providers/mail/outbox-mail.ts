import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type StreamSentMessageInfo, type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { type DkimSigning, nodemailerDkim } from './dkim';
import { type MailMessage, type MailProvider, nodemailerMessage, type SentMail } from './mail';

/**
 * The development outbox: nothing leaves the machine. Each message is stored in the database (the
 * staff console lists them), written as a real RFC 5322 `.eml` file under DATA_DIR/mail that any
 * mail client opens, and announced in one log line. The file is built by nodemailer's own sending
 * path (a stream transport in place of SMTP), DKIM signature included when a key is configured, so
 * it holds exactly the bytes SMTP would have sent and a verifier can check it.
 */
export class OutboxMail implements MailProvider {
  readonly kind = 'outbox' as const;
  private readonly transporter: Transporter<StreamSentMessageInfo>;

  constructor(
    private readonly options: {
      db: Database;
      dir: string;
      from: string;
      logger: FastifyBaseLogger;
      dkim?: DkimSigning | undefined;
    },
  ) {
    this.transporter = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      ...(options.dkim ? { dkim: nodemailerDkim(options.dkim) } : {}),
    });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const id = randomUUID();
    const messageId = `<${id}@imprint.outbox>`;
    // With `buffer: true` the stream transport answers the whole message as one Buffer.
    const { message: raw } = await this.transporter.sendMail({
      ...nodemailerMessage(this.options.from, message),
      messageId,
      date: new Date(),
    });
    await fs.mkdir(this.options.dir, { recursive: true });
    const file = path.join(this.options.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
    await fs.writeFile(file, raw);
    await this.options.db.insert(outboxMessages).values({
      messageId,
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      emlPath: file,
    });
    this.options.logger.info(
      { to: message.to, subject: message.subject, file },
      `mail to ${message.to}: ${message.subject}`,
    );
    return { messageId };
  }

  async check(): Promise<void> {
    await fs.mkdir(this.options.dir, { recursive: true });
    await fs.access(this.options.dir, fs.constants.W_OK);
  }
}
