import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads the dev outbox of the server under test (DATA_DIR/mail/*.eml, written by the real mail
 * job): the e2e tests follow sign-in links exactly as an artist would from their inbox.
 */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: the outbox is only readable when Playwright starts the server');
  return path.join(dataDir, 'mail');
}

/** Undoes quoted-printable soft line breaks and escapes in a text part. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The outbox's messages written at or after `since`, as text with their times. */
async function outboxSince(since: number): Promise<{ text: string; mtime: number }[]> {
  const files = await fs.readdir(outboxDir()).catch(() => [] as string[]);
  const found = [];
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    const full = path.join(outboxDir(), file);
    // Another spec's clean-up (an erased artist's mail) can remove a file between list and read.
    const stat = await fs.stat(full).catch(() => undefined);
    if (!stat || stat.mtimeMs < since) continue;
    const text = await fs.readFile(full, 'utf8').catch(() => undefined);
    if (text !== undefined) found.push({ text, mtime: stat.mtimeMs });
  }
  return found;
}

export interface SignInMail {
  link: string;
  code: string;
}

/** The newest sign-in e-mail to `email` sent after `since`, waiting up to 15 s for the mail job. */
export async function readSignInMail(email: string, since: number): Promise<SignInMail> {
  const deadline = Date.now() + 15_000;
  const address = email.toLowerCase();
  while (Date.now() < deadline) {
    const candidates = [];
    for (const { text, mtime } of await outboxSince(since)) {
      const raw = decodeQuotedPrintable(text);
      if (!new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
      const link = raw.match(/https?:\/\/\S+\/login\/verify#token=[A-Za-z0-9_-]+/)?.[0];
      const code = raw.match(/enter this code there: (\d{6})/)?.[1];
      // Other mail to the same person (a release schedule to sign, a reminder) may come after it.
      if (link && code) candidates.push({ mtime, link, code });
    }
    const newest = candidates.sort((a, b) => b.mtime - a.mtime)[0];
    if (newest) return { link: newest.link, code: newest.code };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No sign-in e-mail to ${email} arrived in the outbox`);
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
function decodeHeader(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    },
  );
}

export interface OutboxMail {
  subject: string;
  /** The whole message with quoted-printable undone: headers, the text part and the HTML part. */
  raw: string;
}

/**
 * The newest e-mail to `email` whose subject matches `subject`, written after `since`, waiting up
 * to 15 s for the mail job to send it.
 */
export async function readMail(email: string, subject: RegExp, since: number): Promise<OutboxMail> {
  const deadline = Date.now() + 15_000;
  const to = new RegExp(`^To: ${email.toLowerCase().replace(/[.+]/g, '\\$&')}$`, 'mi');
  while (Date.now() < deadline) {
    const candidates: (OutboxMail & { mtime: number })[] = [];
    for (const { text, mtime } of await outboxSince(since)) {
      const raw = decodeQuotedPrintable(text);
      if (!to.test(raw)) continue;
      // Long headers are folded onto indented continuation lines. The subject is read before the
      // quoted-printable decoding, whose soft line breaks would eat the '=' of an encoded word's
      // '?=' at the end of a folded line.
      const header = text.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
      const decoded = decodeHeader(header.replace(/\r?\n[ \t]/g, ' '));
      if (subject.test(decoded)) candidates.push({ subject: decoded, raw, mtime });
    }
    const newest = candidates.sort((a, b) => b.mtime - a.mtime)[0];
    if (newest) return { subject: newest.subject, raw: newest.raw };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${email} with a subject matching ${subject} arrived in the outbox`);
}
