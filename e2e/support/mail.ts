import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads the dev outbox of the server under test (DATA_DIR/mail/*.eml, written by the real mail
 * job): the e2e tests follow sign-in links exactly as an artist would from their inbox.
 */
function outboxDir(): string {
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

export interface SignInMail {
  link: string;
  code: string;
}

/** The newest sign-in e-mail to `email` sent after `since`, waiting up to 15 s for the mail job. */
export async function readSignInMail(email: string, since: number): Promise<SignInMail> {
  const deadline = Date.now() + 15_000;
  const address = email.toLowerCase();
  while (Date.now() < deadline) {
    const files = await fs.readdir(outboxDir()).catch(() => [] as string[]);
    const candidates = [];
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const full = path.join(outboxDir(), file);
      const stat = await fs.stat(full);
      if (stat.mtimeMs < since) continue;
      const raw = decodeQuotedPrintable(await fs.readFile(full, 'utf8'));
      if (!new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
      candidates.push({ mtime: stat.mtimeMs, raw });
    }
    const newest = candidates.sort((a, b) => b.mtime - a.mtime)[0];
    const link = newest?.raw.match(/https?:\/\/\S+\/login\/verify#token=[A-Za-z0-9_-]+/)?.[0];
    const code = newest?.raw.match(/enter this code there: (\d{6})/)?.[1];
    if (link && code) return { link, code };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No sign-in e-mail to ${email} arrived in the outbox`);
}
