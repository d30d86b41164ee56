import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/test-context';
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

describe('SmtpMail', () => {
  let server: SMTPServer;
  let port = 0;
  const received: Array<{ from: string; to: string[]; raw: string }> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers through a real SMTP conversation and passes its health check', async () => {
    const mail = new SmtpMail(`smtp://127.0.0.1:${port}`, 'Imprint <no-reply@imprint.test>');
    await mail.check();
    await mail.send({ to: 'artist@example.com', subject: 'Welcome', text: 'Hello from the label.' });
    mail.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@imprint.test', to: ['artist@example.com'] });
    expect(received[0]?.raw).toContain('Subject: Welcome');
    expect(received[0]?.raw).toContain('Hello from the label.');
  });

  it('fails its health check when the server is unreachable', async () => {
    const mail = new SmtpMail('smtp://127.0.0.1:1', 'Imprint <no-reply@imprint.test>');
    await expect(mail.check()).rejects.toThrow();
    mail.close();
  });
});
