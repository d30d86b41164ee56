import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '../../services/settings/app-settings';
import { createTestContext, type TestContext } from '../../test/test-context';

describe('GET /api/config', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('says submissions are enabled by default', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      submissionsEnabled: true,
      reopensOn: null,
      responsePromise: { days: 10, record: null },
    });
  });

  it('reads the value stored in the database', async () => {
    await setSetting(ctx.database.db, 'submissionsEnabled', false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      submissionsEnabled: false,
    });
    await setSetting(ctx.database.db, 'submissionsEnabled', true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
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
