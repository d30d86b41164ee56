import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outboxMessages } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/test-context';
import { queueMail } from './queue-mail';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('queueMail', () => {
  it('sends through the job queue into the dev outbox', async () => {
    await ctx.database.db.transaction((tx) =>
      queueMail(tx, {
        kind: 'transactional',
        to: 'artist@example.com',
        subject: 'Welcome to Imprint',
        text: 'Hello',
      }),
    );
    expect(await ctx.database.db.select().from(outboxMessages)).toHaveLength(0); // not yet: it is queued

    expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'done' });
    const [message] = await ctx.database.db.select().from(outboxMessages);
    expect(message).toMatchObject({ to: 'artist@example.com', subject: 'Welcome to Imprint' });
    expect(await fs.readdir(ctx.config.mail.outboxDir)).toHaveLength(1);
  });

  it('refuses a malformed message for good instead of retrying it', async () => {
    await queueMail(ctx.database.db, {
      kind: 'transactional',
      to: 'not an address',
      subject: 'x',
      text: 'y',
    });
    expect(await ctx.app.jobs.runOnce()).toMatchObject({ result: 'failed' });
    const failed = (await ctx.database.db.select().from(jobs)).find((job) => job.status === 'failed');
    expect(failed?.lastError).toContain('Invalid mail payload');
  });
});
