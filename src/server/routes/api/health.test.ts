import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthResponseSchema } from '../../../domain/api/system';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db/database-errors';
import { errorReports, providerStatus, users } from '../../db/schema';
import { LocalStorage } from '../../providers/storage/local-storage';
import { createSession } from '../../services/auth/sessions';
import { addStaff } from '../../services/staff/manage-staff';
import { closedPort } from '../../test/ports';
import { TcpProxy } from '../../test/tcp-proxy';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../../test/test-context';

const health = (ctx: TestContext) => ctx.app.inject({ method: 'GET', url: '/api/health' });

async function startSmtp(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'] });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('answers 200 ok with the version, uptime and each provider checked by name', async () => {
    const response = await health(ctx);
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      checks: {
        database: {
          status: 'ok',
          provider: inject('testDatabase').kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
        },
        storage: { status: 'ok', provider: 'local disk' },
        mail: { status: 'ok', provider: 'dev outbox' },
        board: { status: 'ok', provider: 'built-in board' },
        signing: { status: 'ok', provider: 'built-in signing' },
        catalogue: { status: 'ok', provider: 'offline catalogue' },
      },
      issues: [],
    });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('says whether mail is DKIM-signed, advising staff only, and never degrades for it', async () => {
    await addStaff(ctx.database.db, 'ops@label.example');
    const [staff] = await ctx.database.db.select().from(users).where(eq(users.email, 'ops@label.example'));
    const session = await createSession(ctx.database.db, { userId: staff?.id ?? '' });
    const asStaff = (app: TestContext) =>
      app.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { cookie: `imprint_session=${session.cookieToken}` },
      });

    const visitor = healthResponseSchema.parse((await health(ctx)).json());
    expect(visitor).toMatchObject({ status: 'ok', dkim: { configured: false }, issues: [] });
    expect(visitor.notices).toBeUndefined();
    expect((await asStaff(ctx)).json()).toMatchObject({
      status: 'ok',
      dkim: { configured: false },
      issues: [],
      notices: ['DKIM: not configured — mail may land in spam for domains with DMARC'],
    });

    const keyFile = path.join(ctx.dataDir, 'dkim.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    await fs.writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const signed = await createTestContext({
      database: ctx.database,
      env: {
        DKIM_DOMAIN: 'label.example',
        DKIM_SELECTOR: 'imprint',
        DKIM_PRIVATE_KEY_FILE: keyFile,
        MAIL_FROM: 'Imprint <no-reply@label.example>',
      },
    });
    try {
      expect((await health(signed)).json()).toMatchObject({ status: 'ok', dkim: { configured: true } });
      expect((await asStaff(signed)).json()).toMatchObject({ dkim: { configured: true }, notices: [] });
    } finally {
      await signed.close();
    }
  });

  it('answers 503 naming storage when it cannot serve, without leaking the error', async () => {
    // A storage root below a regular file: every write fails with ENOTDIR, as on a broken disk.
    const blocker = path.join(ctx.dataDir, 'not-a-directory');
    await fs.writeFile(blocker, '');
    const broken = new LocalStorage(path.join(blocker, 'files'));
    const failing = await createTestContext({ database: ctx.database, providers: { storage: broken } });
    try {
      const response = await health(failing);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'fail',
        checks: {
          database: { status: 'ok' },
          storage: { status: 'fail', message: 'storage unavailable' },
          mail: { status: 'ok' },
        },
        issues: ['File storage is down'],
      });
      expect(response.body).not.toContain(blocker);
    } finally {
      await failing.close();
    }
  });
});

describe('GET /api/health with the mail server down', () => {
  let ctx: TestContext;
  let port: number;
  let smtp: SMTPServer | undefined;
  beforeAll(async () => {
    port = await closedPort();
    ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await ctx.close();
    smtp?.close();
  });

  const outageEvents = () =>
    ctx.database.db.select().from(errorReports).where(eq(errorReports.source, 'provider'));

  it('answers 200 degraded (a load balancer keeps the instance) and names mail, keeping the SMTP words for staff', async () => {
    const response = await health(ctx);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      checks: {
        database: { status: 'ok' },
        storage: { status: 'ok' },
        mail: { status: 'fail', provider: 'SMTP', message: 'mail unavailable' },
      },
      issues: ['Mail is down'],
    });
    expect(response.body).not.toContain(String(port));

    const [stored] = await ctx.database.db
      .select()
      .from(providerStatus)
      .where(eq(providerStatus.provider, 'mail'));
    expect(stored).toMatchObject({ status: 'fail', implementation: 'SMTP' });
    expect(stored?.message).toContain('ECONNREFUSED');
    const events = await outageEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ category: 'provider', severity: 'HIGH', stage: 'mail' });
    expect(events[0]?.message).toContain('SMTP (mail) is down');
  });

  it('records the outage once however often it is polled, and its end when mail is back', async () => {
    await health(ctx);
    await ctx.app.providerMonitor.check({ fresh: true });
    expect(await outageEvents()).toHaveLength(1);

    smtp = await startSmtp(port);
    const results = await ctx.app.providerMonitor.check({ fresh: true });
    expect(results.mail.status).toBe('ok');
    const [stored] = await ctx.database.db
      .select()
      .from(providerStatus)
      .where(eq(providerStatus.provider, 'mail'));
    expect(stored).toMatchObject({ status: 'ok', message: null });
    expect(await outageEvents()).toHaveLength(1);
    expect((await health(ctx)).json()).toMatchObject({ status: 'ok', issues: [] });
  });
});

describe('with the database down', () => {
  it('answers 503 with a clear JSON error on every API route, and /api/health fails (embedded database closed)', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.database.close();
      for (const url of [
        '/api/config',
        '/api/invitation/validate/abc',
        '/api/returning-artist/validate/abc',
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE });
        expect(response.headers['retry-after']).toBe('5');
      }
      const response = await health(ctx);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'fail', checks: { database: { status: 'fail' } } });
    } finally {
      await ctx.app.close();
      await fs.rm(ctx.dataDir, { recursive: true, force: true });
    }
  });

  describe.runIf(inject('testDatabase').kind === 'postgres')('on a PostgreSQL server', () => {
    let proxy: TcpProxy;
    let database: TestDatabase;
    let ctx: TestContext;

    beforeAll(async () => {
      const info = inject('testDatabase');
      if (info.kind !== 'postgres') return;
      const server = new URL(info.serverUrl);
      proxy = new TcpProxy(server.hostname, Number(server.port || 5432));
      await proxy.start();
      database = await createTestDatabase({
        rewriteUrl: (databaseUrl) => {
          const viaProxy = new URL(databaseUrl);
          viaProxy.port = String(proxy.port);
          return viaProxy.toString();
        },
      });
      ctx = await createTestContext({ database });
    });
    afterAll(async () => {
      await ctx?.close();
      await proxy?.stop();
      await database?.destroy();
    });

    it('answers 503 while the server is unreachable and serves again by itself once it is back', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);

      await proxy.stop();
      // Not /api/config: it answered a moment ago, and settings are read at most every 5 s
      // (db/read-cache.ts), so it still answers from memory.
      for (const url of ['/api/returning-artist/validate/abc', '/api/invitation/validate/abc']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE });
      }
      const down = await health(ctx);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'fail', checks: { database: { status: 'fail' } } });

      await proxy.start();
      const back = await ctx.app.inject({ method: 'GET', url: '/api/config' });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ submissionsEnabled: true });
      expect((await health(ctx)).statusCode).toBe(200);
    });
  });
});
