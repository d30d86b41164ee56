import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { MailProvider } from './mail/mail';
import { OutboxMail } from './mail/outbox-mail';
import { SmtpMail } from './mail/smtp-mail';
import { LocalStorage } from './storage/local-storage';
import type { StorageProvider } from './storage/storage';

export interface Providers {
  storage: StorageProvider;
  mail: MailProvider;
}

/** The one place where configuration picks each provider's implementation. */
export function createProviders(config: AppConfig, db: Database, logger: FastifyBaseLogger): Providers {
  return {
    storage: new LocalStorage(config.storage.root),
    mail: config.mail.smtpUrl
      ? new SmtpMail(config.mail.smtpUrl, config.mail.from)
      : new OutboxMail({ db, dir: config.mail.outboxDir, from: config.mail.from, logger }),
  };
}
