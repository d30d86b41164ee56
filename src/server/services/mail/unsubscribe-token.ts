import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isUnsubscribableMailKind,
  isValidEmail,
  normaliseEmail,
  type UnsubscribableMailKind,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { getOrCreateSigningKey } from '../settings/app-settings';

/**
 * The token of a mail's unsubscribe link: which address and which kind of mail, under an HMAC with
 * the installation's signing key (the one of file links and list cursors, kept in the database, so
 * every instance issues and reads the same tokens and they survive restarts). No expiry: RFC 8058
 * links are used whenever the reader gets to them, months later too. `u1.<payload>.<mac>`, the
 * payload base64url JSON `[kind, address]`; a later format gets a new version and this one is
 * still read.
 */
const VERSION = 'u1';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An address of 320 characters, base64url'd with its kind, and the MAC: well under this. */
const MAX_TOKEN_LENGTH = 1_000;

export interface UnsubscribeSubject {
  email: string;
  kind: UnsubscribableMailKind;
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(`unsubscribe\n${VERSION}\n${payload}`).digest('base64url');
}

export function issueUnsubscribeToken(key: Buffer, subject: UnsubscribeSubject): string {
  const payload = Buffer.from(JSON.stringify([subject.kind, normaliseEmail(subject.email)])).toString(
    'base64url',
  );
  return `${VERSION}.${payload}.${mac(key, payload)}`;
}

/** The address and kind a token names, or null when it is not one this installation issued. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeSubject | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [version, payload, given, ...rest] = token.split('.');
  if (version !== VERSION || !payload || !given || rest.length > 0) return null;
  if (!BASE64URL.test(payload) || !BASE64URL.test(given)) return null;
  const expected = Buffer.from(mac(key, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 2) return null;
  const [kind, email] = fields as unknown[];
  if (typeof kind !== 'string' || !isUnsubscribableMailKind(kind)) return null;
  if (typeof email !== 'string' || !isValidEmail(email)) return null;
  return { kind, email: normaliseEmail(email) };
}

/** The link itself: under PUBLIC_URL, where a person opens it and a mail receiver POSTs to it. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe/${token}`;
}

/**
 * The signing key for the mail job, which has the database and not the app: read once per
 * database (it never changes once made).
 */
const keys = new WeakMap<object, Promise<Buffer>>();
export function unsubscribeKey(executor: Executor): Promise<Buffer> {
  let key = keys.get(executor);
  if (!key) {
    key = getOrCreateSigningKey(executor);
    key.catch(() => keys.delete(executor));
    keys.set(executor, key);
  }
  return key;
}
