import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('GET /api/form-session', () => {
  it('issues a fresh token that is not cached', async () => {
    const a = await ctx.app.inject({ method: 'GET', url: '/api/form-session' });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/form-session' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.json().formToken).toMatch(/^v1\.\d+\./);
    expect(a.json().formToken).not.toBe(b.json().formToken);
  });
});
