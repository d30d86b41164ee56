import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../../domain/api/system';
import { LocalStorage } from '../../providers/storage/local-storage';
import { setSetting } from '../../services/settings/app-settings';
import { createTestContext, type TestContext } from '../../test/test-context';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('answers 200 with the version, uptime and a passing check for database, storage and mail', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      checks: { database: { status: 'ok' }, storage: { status: 'ok' }, mail: { status: 'ok' } },
    });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the failed check, without leaking the error', async () => {
    // A storage root below a regular file: every write fails with ENOTDIR, as on a broken disk.
    const blocker = path.join(ctx.dataDir, 'not-a-directory');
    await fs.writeFile(blocker, '');
    const broken = new LocalStorage(path.join(blocker, 'files'));
    const failing = await createTestContext({ database: ctx.database, providers: { storage: broken } });
    try {
      const response = await failing.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'fail',
        checks: {
          database: { status: 'ok' },
          storage: { status: 'fail', message: 'storage unavailable' },
          mail: { status: 'ok' },
        },
      });
      expect(response.body).not.toContain(blocker);
    } finally {
      await failing.close();
    }
  });
});

describe('GET /api/config', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('says submissions are enabled by default', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ submissionsEnabled: true });
  });

  it('reads the value stored in the database', async () => {
    await setSetting(ctx.database.db, 'submissionsEnabled', false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
      submissionsEnabled: false,
    });
    await setSetting(ctx.database.db, 'submissionsEnabled', true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
      submissionsEnabled: true,
    });
  });
});

describe('unknown API paths', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('answer 404 as JSON, never the web app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Not found' });
  });
});
