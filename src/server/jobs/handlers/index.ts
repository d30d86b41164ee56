import type { Providers } from '../../providers';
import { sendMailJobType } from '../../services/mail/queue-mail';
import type { JobHandler } from '../queue';
import { createSendMailHandler } from './send-mail';

/** Every job type the worker knows, and its handler. */
export function createJobHandlers(providers: Providers): Record<string, JobHandler> {
  return {
    [sendMailJobType]: createSendMailHandler(providers.mail),
  };
}
