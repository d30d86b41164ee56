import { MAIL_PREFERENCE_MESSAGES, type UnsubscribeLinkResponse } from '../../../domain';
import type { Executor } from '../../db/client';
import { badRequest } from '../../errors';
import { isMailTurnedOff, setMailPreference } from './mail-preferences';
import { readUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token';

function subjectOf(key: Buffer, token: string): UnsubscribeSubject {
  const subject = readUnsubscribeToken(key, token);
  if (!subject) throw badRequest(MAIL_PREFERENCE_MESSAGES.invalidLink);
  return subject;
}

/** What a mail's unsubscribe link stands for, and whether that mail is still on: changes nothing. */
export async function readUnsubscribeLink(
  deps: { db: Executor; key: Buffer },
  token: string,
): Promise<UnsubscribeLinkResponse> {
  const subject = subjectOf(deps.key, token);
  const off = await isMailTurnedOff(deps.db, subject.email, subject.kind);
  return { success: true, ...subject, enabled: !off };
}

/**
 * The one-click unsubscribe (RFC 8058): the link's kind of mail off for its address. Nothing but
 * the signed token is asked for, since mail receivers POST it without cookies; doing it twice is
 * the same as once.
 */
export async function unsubscribeByLink(
  deps: { db: Executor; key: Buffer },
  token: string,
): Promise<UnsubscribeLinkResponse> {
  const subject = subjectOf(deps.key, token);
  await setMailPreference(deps.db, { ...subject, enabled: false, via: 'one_click' });
  return { success: true, ...subject, enabled: false };
}
