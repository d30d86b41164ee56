import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../domain/api/system';
import { errorReports, jobs, signInTokens, users } from '../db/schema';
import { createSession } from '../services/auth/sessions';
import { MAIL_RETRY, queueMail, retrySpanMs } from '../services/mail/queue-mail';
import { addStaff } from '../services/staff/manage-staff';
import { closedPort } from '../test/ports';
import { createTestContext, type TestContext } from '../test/test-context';

const HOUR = 3600_000;

/** The job worker's clock, moved by hand: a day of retries without waiting a day. */
function manualClock(start: Date) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (to: Date) => {
      now = to.getTime();
    },
  };
}

/** The SMTP stand-in: messages it accepted, by recipient and subject. */
async function startSmtp(port: number, received: Array<{ to: string; raw: string }>): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) {
          received.push({ to: to.address, raw: Buffer.concat(chunks).toString('utf8') });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('mail through an SMTP outage', () => {
  let ctx: TestContext;
  let port: number;
  let smtp: SMTPServer | undefined;
  const received: Array<{ to: string; raw: string }> = [];
  const clock = manualClock(new Date());
  let staffCookie: string;

  beforeAll(async () => {
    port = await closedPort();
    ctx = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      jobWorker: { now: clock.now, random: () => 0 },
    });
    await addStaff(ctx.database.db, 'ops@label.example');
    const [staff] = await ctx.database.db.select().from(users).where(eq(users.email, 'ops@label.example'));
    const session = await createSession(ctx.database.db, { userId: staff?.id ?? '' });
    staffCookie = `imprint_session=${session.cookieToken}`;
  });
  beforeEach(() => {
    // A few seconds ahead of the database, so a job enqueued now is due on this clock.
    clock.set(new Date(Date.now() + 5_000));
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    smtp = undefined;
    await ctx.database.db.delete(jobs).where(eq(jobs.type, 'mail.send'));
  });
  afterAll(async () => ctx.close());

  const mailJob = async () => {
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
    if (!row) throw new Error('no mail job');
    return row;
  };
  const health = async (headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers });
    return healthResponseSchema.parse(response.json());
  };

  it('is retried with growing delays for more than 24 hours, then given up where staff see it', async () => {
    await queueMail(ctx.database.db, {
      kind: 'transactional',
      to: 'maya@example.com',
      subject: 'We got your release',
      text: 'Thanks!',
    });
    const firstAttemptAt = clock.now().getTime();
    const delays: number[] = [];
    let attemptAt = firstAttemptAt;
    for (;;) {
      const outcome = await ctx.app.jobs.runOnce();
      if (outcome?.result === 'failed') break;
      expect(outcome?.result).toBe('retry');
      // Still waiting, not lost, whatever the outage has cost so far.
      const row = await mailJob();
      expect(row.status).toBe('pending');
      expect(row.lastError).toContain('ECONNREFUSED');
      delays.push(row.runAt.getTime() - attemptAt);
      attemptAt = row.runAt.getTime();
      clock.set(row.runAt);

      if (delays.length === 3) {
        // While it waits: the health endpoint counts it; its error is for staff only.
        const visitor = await health();
        expect(visitor.mailQueue).toEqual({
          waiting: 1,
          oldestWaitingSeconds: expect.any(Number),
          givenUp: 0,
        });
        expect(JSON.stringify(visitor)).not.toContain('ECONNREFUSED');
        expect((await health({ cookie: staffCookie })).mailQueue).toMatchObject({
          waiting: 1,
          givenUp: 0,
          lastError: expect.stringContaining('ECONNREFUSED'),
        });
        // The oldest's age is the database's: a mail queued two hours ago has waited two hours.
        await ctx.database.db
          .update(jobs)
          .set({ createdAt: sql`now() - interval '2 hours'` })
          .where(eq(jobs.type, 'mail.send'));
        const aged = (await health()).mailQueue;
        expect(aged?.oldestWaitingSeconds).toBeGreaterThanOrEqual(7200);
        expect(aged?.oldestWaitingSeconds).toBeLessThan(7300);
      }
    }
    // The last attempt came more than a day after the first, after delays that never shrank.
    expect(attemptAt - firstAttemptAt).toBeGreaterThanOrEqual(24 * HOUR);
    expect(delays.length + 1).toBe(MAIL_RETRY.maxAttempts);
    expect(retrySpanMs(MAIL_RETRY)).toBe(attemptAt - firstAttemptAt);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    expect(delays[0]).toBeLessThan(delays.at(-1) ?? 0);

    // Given up: recorded as an error event, counted by the health endpoint, named on the staff dashboard.
    const row = await mailJob();
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts });
    const [event] = await ctx.database.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.stage, 'mail.send'));
    expect(event).toMatchObject({ source: 'job', severity: 'CRITICAL' });
    expect(event?.message).toContain(`failed after ${MAIL_RETRY.maxAttempts} attempts`);
    expect((await health()).mailQueue).toEqual({ waiting: 0, oldestWaitingSeconds: null, givenUp: 1 });
    expect((await health({ cookie: staffCookie })).mailQueue?.lastError).toContain('ECONNREFUSED');
    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/analytics/dashboard?hours=24',
      headers: { cookie: staffCookie },
    });
    expect(dashboard.statusCode).toBe(200);
    const issues: string[] = dashboard.json().systemHealth.issues;
    expect(issues).toContainEqual(
      expect.stringMatching(/^1 mail could not be sent in the last 24 hours .*ECONNREFUSED/),
    );
  });

  it('is delivered once the mail server is back', async () => {
    await queueMail(ctx.database.db, {
      kind: 'transactional',
      to: 'lee@example.com',
      subject: 'Status update',
      text: 'Approved.',
    });
    for (let i = 0; i < 3; i++) {
      expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'retry' });
      clock.set((await mailJob()).runAt);
    }
    const waiting = await health({ cookie: staffCookie });
    expect(waiting.mailQueue).toMatchObject({
      waiting: 1,
      lastError: expect.stringContaining('ECONNREFUSED'),
    });

    smtp = await startSmtp(port, received);
    expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'done' });
    expect(received.filter((mail) => mail.to === 'lee@example.com')).toHaveLength(1);
    expect((await health()).mailQueue).toMatchObject({ waiting: 0, oldestWaitingSeconds: null });
  });

  describe('a sign-in mail', () => {
    const requestSignIn = async (email: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin: ctx.config.publicUrl },
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
      const [token] = await ctx.database.db.select().from(signInTokens).where(eq(signInTokens.email, email));
      if (!token) throw new Error('no sign-in token');
      return token.expiresAt;
    };

    it('is still sent when the server is back before its code expires', async () => {
      const expiresAt = await requestSignIn('in-time@example.com');
      expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'retry' });
      smtp = await startSmtp(port, received);
      clock.set(new Date(expiresAt.getTime() - 60_000));
      expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'done' });
      expect(received.filter((mail) => mail.to === 'in-time@example.com')).toHaveLength(1);
    });

    it('is dropped, not sent, when the server is back only after its code expired', async () => {
      const expiresAt = await requestSignIn('too-late@example.com');
      expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'retry' });
      smtp = await startSmtp(port, received);
      clock.set(new Date(expiresAt.getTime() + 1_000));
      expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'done' });
      expect(received.filter((mail) => mail.to === 'too-late@example.com')).toEqual([]);
      // Done, not failed: nothing for staff to chase, nothing waiting.
      expect((await mailJob()).status).toBe('done');
      expect((await health()).mailQueue).toMatchObject({ waiting: 0 });
    });
  });
});
