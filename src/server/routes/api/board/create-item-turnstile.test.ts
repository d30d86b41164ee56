import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_CHECK_FAILED, type CreateBoardItemPayload } from '../../../../domain';
import { submissions } from '../../../db/schema';
import { TURNSTILE_UNAVAILABLE } from '../../../providers/bot/turnstile';
import { publicConfigOf } from '../../../public-config';
import { startTurnstileStandIn, type TurnstileStandIn } from '../../../stand-ins/turnstile';
import { prepareTestSubmission } from '../../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../../test/test-context';

let standIn: TurnstileStandIn;
let ctx: TestContext;
beforeAll(async () => {
  standIn = await startTurnstileStandIn();
  ctx = await createTestContext({
    env: {
      TURNSTILE_SITE_KEY: standIn.siteKey,
      TURNSTILE_SECRET_KEY: standIn.secretKey,
      TURNSTILE_VERIFY_URL: standIn.verifyUrl,
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const artistIp = '198.51.100.23';

function submit(payload: CreateBoardItemPayload, turnstileToken?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/board/create-item',
    headers: { origin: ctx.config.publicUrl },
    remoteAddress: artistIp,
    payload: {
      ...payload,
      verification: { ...payload.verification, ...(turnstileToken !== undefined ? { turnstileToken } : {}) },
    },
  });
}

async function storedFor(sessionId: string) {
  return ctx.database.db.select().from(submissions).where(eq(submissions.uploadSessionId, sessionId));
}

describe('POST /api/board/create-item with Cloudflare Turnstile configured', () => {
  it('gives the browser the site key', () => {
    expect(publicConfigOf(ctx.config).turnstileSiteKey).toBe(standIn.siteKey);
  });

  it('refuses a submission without a token, or with one Cloudflare did not issue, storing nothing', async () => {
    const { payload, sessionId } = await prepareTestSubmission(ctx.app);
    for (const token of [undefined, '', '0.forged']) {
      const response = await submit(payload, token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: 'Submission validation failed. Please try again or contact support if this persists.',
      });
      expect(response.json().error).toBe(BOT_CHECK_FAILED);
    }
    expect(await storedFor(sessionId)).toHaveLength(0);
  });

  it("accepts a good token, checked with the artist's IP address, once", async () => {
    const { payload, sessionId } = await prepareTestSubmission(ctx.app);
    const token = standIn.issueToken();
    standIn.requests.length = 0;
    const response = await submit(payload, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { itemId: expect.any(String) } });
    expect(standIn.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        secret: standIn.secretKey,
        response: token,
        remoteip: artistIp,
      }),
    ]);
    expect(await storedFor(sessionId)).toHaveLength(1);

    // The same token on another submission is spent.
    const second = await prepareTestSubmission(ctx.app);
    const reused = await submit(second.payload, token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(BOT_CHECK_FAILED);
  });

  it('answers 503 and stores nothing while siteverify is down', async () => {
    const { payload, sessionId } = await prepareTestSubmission(ctx.app);
    standIn.failAll(true);
    try {
      const response = await submit(payload, standIn.issueToken());
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, error: TURNSTILE_UNAVAILABLE });
    } finally {
      standIn.failAll(false);
    }
    expect(await storedFor(sessionId)).toHaveLength(0);
  });
});
