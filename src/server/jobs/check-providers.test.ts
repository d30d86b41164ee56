import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports, jobs, providerStatus } from '../db/schema';
import { closedPort } from '../test/ports';
import { createTestContext, type TestContext } from '../test/test-context';
import { enqueueJob } from './queue';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  port = await closedPort();
  ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const statuses = () => db().select().from(providerStatus).orderBy(asc(providerStatus.provider));

describe('monitoring.check-providers', () => {
  it('stores every provider’s status, records the outage once, and keeps its start', async () => {
    const id = await enqueueJob(db(), 'monitoring.check-providers', {}, { uniqueKey: 'check-test' });
    expect(await ctx.app.jobs.runOnce()).toMatchObject({ job: { id }, result: 'rescheduled' });

    const first = await statuses();
    expect(first.map((row) => [row.provider, row.status])).toEqual([
      ['board', 'ok'],
      ['catalogue', 'ok'],
      ['database', 'ok'],
      ['mail', 'fail'],
      ['signing', 'ok'],
      ['storage', 'ok'],
    ]);
    const mail = first.find((row) => row.provider === 'mail');
    expect(mail?.implementation).toBe('SMTP');
    expect(mail?.message).toContain('ECONNREFUSED');
    expect(mail?.message).toContain(String(port));
    for (const row of first.filter((row) => row.provider !== 'mail')) expect(row.message).toBeNull();

    const events = await db().select().from(errorReports);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      source: 'provider',
      category: 'provider',
      severity: 'HIGH',
      stage: 'mail',
    });
    expect(events[0]?.message).toContain('SMTP (mail) is down');

    // It asked to run again in a minute; run it now.
    const [scheduled] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, id ?? 0));
    expect(scheduled?.status).toBe('pending');
    expect((scheduled?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(50_000);
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id ?? 0));
    expect(await ctx.app.jobs.runOnce()).toMatchObject({ job: { id }, result: 'rescheduled' });

    const second = await statuses();
    expect(second.map((row) => [row.provider, row.status])).toEqual(
      first.map((row) => [row.provider, row.status]),
    );
    const mailAgain = second.find((row) => row.provider === 'mail');
    expect(mailAgain?.since).toEqual(mail?.since);
    expect(mailAgain?.checkedAt.getTime()).toBeGreaterThan(mail?.checkedAt.getTime() ?? 0);
    expect(await db().select().from(errorReports)).toHaveLength(1);
  });
});
