import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// Not the package's entry point: it loads the BIMI module, whose undici needs a newer Node.
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/test-context';
import { type DkimSigning, dkimDnsRecord, dkimNotices } from './dkim';
import { OutboxMail } from './outbox-mail';
import { SmtpMail } from './smtp-mail';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

describe('OutboxMail', () => {
  it('stores the message, writes a real .eml file and logs one line with subject and recipient', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-mail-'));
    const lines: Array<{ obj: unknown; msg: string }> = [];
    const logger = { info: (obj: unknown, msg: string) => lines.push({ obj, msg }) };
    const outbox = new OutboxMail({
      db: database.db,
      dir,
      from: 'Imprint <no-reply@imprint.test>',
      logger: logger as never,
    });
    const sent = await outbox.send({
      to: 'artist@example.com',
      subject: 'Your sign-in link — Imprint',
      text: 'Open this link to sign in.',
      html: '<p>Open this link to sign in.</p>',
    });

    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    const eml = await fs.readFile(path.join(dir, files[0] as string), 'utf8');
    expect(eml).toMatch(/^From: Imprint <no-reply@imprint\.test>$/m);
    expect(eml).toMatch(/^To: artist@example\.com$/m);
    expect(eml).toContain(`Message-ID: ${sent.messageId}`);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m); // the dash is encoded as RFC 2047 says
    expect(eml).toContain('Content-Type: multipart/alternative');
    expect(eml).not.toMatch(/^DKIM-Signature:/im);

    const [row] = await database.db.select().from(outboxMessages);
    expect(row).toMatchObject({
      to: 'artist@example.com',
      subject: 'Your sign-in link — Imprint',
      messageId: sent.messageId,
    });
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'mail to artist@example.com: Your sign-in link — Imprint' }),
    ]);
    await outbox.check();
    await fs.rm(dir, { recursive: true, force: true });
  });
});

/** A local SMTP server that keeps what it receives. */
function smtpSink() {
  let server: SMTPServer;
  const sink = { port: 0, received: [] as Array<{ from: string; to: string[]; raw: string }> };
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          sink.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    sink.port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return sink;
}

describe('SmtpMail', () => {
  const sink = smtpSink();
  const received = sink.received;

  it('delivers through a real SMTP conversation and passes its health check', async () => {
    const mail = new SmtpMail(`smtp://127.0.0.1:${sink.port}`, 'Imprint <no-reply@imprint.test>');
    await mail.check();
    await mail.send({ to: 'artist@example.com', subject: 'Welcome', text: 'Hello from the label.' });
    mail.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@imprint.test', to: ['artist@example.com'] });
    expect(received[0]?.raw).toContain('Subject: Welcome');
    expect(received[0]?.raw).toContain('Hello from the label.');
    expect(received[0]?.raw).not.toMatch(/^DKIM-Signature:/im);
  });

  it('fails its health check when the server is unreachable', async () => {
    const mail = new SmtpMail('smtp://127.0.0.1:1', 'Imprint <no-reply@imprint.test>');
    await expect(mail.check()).rejects.toThrow();
    mail.close();
  });
});

describe('DKIM signing', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dkim: DkimSigning = { domainName: 'label.example', keySelector: 'imprint', privateKey };
  const record = dkimDnsRecord(dkim);
  // The verifier's DNS: the record `npm run imprint -- dkim` prints, as published strings.
  const resolver = async (name: string, type: string) => {
    if (name === record.name && type === 'TXT') return [record.strings];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  // Strict: RFC 6376 to the letter, and a body that no longer matches is `fail`, not `neutral`.
  const verify = async (raw: string) => (await dkimVerify(raw, { resolver, strict: true })).results;
  const message = {
    to: 'artist@example.com',
    subject: 'Your release is approved — Imprint',
    text: 'Hello from the label.',
    html: '<p>Hello from the label.</p>',
  };
  const sink = smtpSink();

  it('signs what SmtpMail sends, verified by an independent verifier; an altered body fails', async () => {
    const mail = new SmtpMail(`smtp://127.0.0.1:${sink.port}`, 'Imprint <no-reply@label.example>', dkim);
    await mail.send(message);
    mail.close();
    const raw = sink.received[0]?.raw ?? '';
    expect(raw).toMatch(/^DKIM-Signature: /m);
    const [result] = await verify(raw);
    expect(result).toMatchObject({
      signingDomain: 'label.example',
      selector: 'imprint',
      algo: 'rsa-sha256',
      status: { result: 'pass' },
    });

    const altered = raw.replaceAll('Hello from the label.', 'Hello from someone else.');
    expect(altered).not.toBe(raw);
    expect((await verify(altered))[0]?.status.result).toBe('fail');
  });

  it('signs the outbox .eml, so the stored file is what SMTP would send', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-mail-'));
    const logger = { info: () => {} };
    const outbox = new OutboxMail({
      db: database.db,
      dir,
      from: 'Imprint <no-reply@label.example>',
      logger: logger as never,
      dkim,
    });
    await outbox.send(message);
    const [file] = await fs.readdir(dir);
    const eml = await fs.readFile(path.join(dir, file as string), 'utf8');
    const [result] = await verify(eml);
    expect(result).toMatchObject({ signingDomain: 'label.example', status: { result: 'pass' } });
    expect((await verify(eml.replace('Hello from the label.', 'Hello!')))[0]?.status.result).toBe('fail');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('signs the one-click unsubscribe headers of a reminder or notice (RFC 8058 §4)', async () => {
    const mail = new SmtpMail(`smtp://127.0.0.1:${sink.port}`, 'Imprint <no-reply@label.example>', dkim);
    const url = 'https://imprint.label.example/unsubscribe/u1.abc.def';
    await mail.send({ ...message, to: 'reminded@example.com', unsubscribeUrl: url });
    mail.close();
    const raw = sink.received.find((received) => received.to.includes('reminded@example.com'))?.raw ?? '';
    const headers = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <${url.replaceAll('.', '\\.')}>$`, 'm'));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const signed = headers
      .match(/^DKIM-Signature: .*?\bh=([^;]+);/m)?.[1]
      ?.replace(/\s+/g, '')
      .toLowerCase();
    expect(signed?.split(':')).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
    expect((await verify(raw))[0]?.status.result).toBe('pass');
    // Covered, not merely present: a receiver that sees either changed refuses the signature.
    const otherPost = raw.replace(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      'List-Unsubscribe-Post: x=y',
    );
    expect(otherPost).not.toBe(raw);
    expect((await verify(otherPost))[0]?.status.result).toBe('fail');
    const otherLink = raw.replace('/unsubscribe/u1.abc.def', '/unsubscribe/u1.abc.xyz');
    expect(otherLink).not.toBe(raw);
    expect((await verify(otherLink))[0]?.status.result).toBe('fail');
  });

  it('advises staff when mail is unsigned or the From domain does not align with the signing domain', () => {
    expect(dkimNotices({ from: 'Imprint <a@label.example>', dkim: undefined })).toEqual([
      'DKIM: not configured — mail may land in spam for domains with DMARC',
    ]);
    expect(dkimNotices({ from: 'a@label.example', dkim })).toEqual([]);
    expect(dkimNotices({ from: 'Imprint <a@News.Label.example>', dkim })).toEqual([]);
    // Relaxed alignment: a signing subdomain of the From domain is the same organization.
    expect(
      dkimNotices({ from: 'a@label.example', dkim: { ...dkim, domainName: 'mail.label.example' } }),
    ).toEqual([]);
    expect(dkimNotices({ from: 'Imprint <a@notlabel.example>', dkim })).toEqual([
      expect.stringContaining(
        "MAIL_FROM's domain (notlabel.example) does not align with DKIM_DOMAIN (label.example)",
      ),
    ]);
  });
});
