import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { MailMessage, MailProvider, SentMail } from './mail';

/**
 * The development outbox: nothing leaves the machine. Each message is stored in the database (the
 * staff console lists them), written as a real RFC 5322 `.eml` file under DATA_DIR/mail that any
 * mail client opens, and announced in one log line.
 */
export class OutboxMail implements MailProvider {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly options: { db: Database; dir: string; from: string; logger: FastifyBaseLogger },
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    const id = randomUUID();
    const messageId = `<${id}@imprint.outbox>`;
    const raw = await new MailComposer({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      messageId,
      date: new Date(),
    })
      .compile()
      .build();
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
