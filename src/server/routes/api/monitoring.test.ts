import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

function report(payload: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/monitoring/report-error',
    headers: { origin: ctx.config.publicUrl, ...headers },
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
  });
}

const errorData = {
  message: 'Failed to upload Tide: Network error',
  stack: 'Error: Failed to upload Tide\n    at submit (submit.ts:10:5)',
  stage: 'submission',
  timestamp: '2026-03-01T12:34:56.789Z',
  url: 'https://portal.example/submit',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  metadata: {
    viewport: { width: 1280, height: 800 },
    connection: { effectiveType: '4g', downlink: 10, rtt: 50 },
    trackCount: 2,
  },
};

async function rowsFor(submissionId: string) {
  return ctx.database.db.select().from(errorReports).where(eq(errorReports.submissionId, submissionId));
}

describe('POST /api/monitoring/report-error', () => {
  it('stores a failed submission as CRITICAL, with everything the client sent', async () => {
    const ip = freshIp();
    const response = await report({ submissionId: 'sub-critical', errorData }, ip);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const rows = await rowsFor('sub-critical');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      message: errorData.message,
      stack: errorData.stack,
      stage: 'submission',
      severity: 'CRITICAL',
      category: 'submission',
      url: errorData.url,
      userAgent: errorData.userAgent,
      metadata: errorData.metadata,
      ip,
    });
    expect(rows[0]?.occurredAt?.toISOString()).toBe(errorData.timestamp);
  });

  it.each([
    ['trackUpload', 'upload', 'HIGH'],
    ['network', 'network', 'HIGH'],
    ['validation', 'validation', 'MEDIUM'],
    ['playback', 'playback', 'LOW'],
    ['render', 'other', 'LOW'],
  ])('classifies stage %s as %s, %s', async (stage, category, severity) => {
    const submissionId = `sub-${stage}`;
    expect((await report({ submissionId, errorData: { ...errorData, stage } })).statusCode).toBe(200);
    expect(await rowsFor(submissionId)).toMatchObject([{ stage, category, severity }]);
  });

  it('takes a minimal report: no stage, the browser from the request, an unreadable time left empty', async () => {
    const response = await report(
      { submissionId: 'sub-minimal', errorData: { message: 'Oops', timestamp: 'not a time' } },
      freshIp(),
      { 'user-agent': 'TestAgent/1.0' },
    );
    expect(response.statusCode).toBe(200);
    expect(await rowsFor('sub-minimal')).toMatchObject([
      {
        message: 'Oops',
        stack: null,
        stage: null,
        category: 'other',
        severity: 'LOW',
        userAgent: 'TestAgent/1.0',
        metadata: null,
        occurredAt: null,
      },
    ]);
  });

  it('refuses a report that is not one, and stores nothing', async () => {
    const noMessage = await report({
      submissionId: 'sub-bad',
      errorData: { timestamp: errorData.timestamp },
    });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json().success).toBe(false);
    const noSubmission = await report({ errorData });
    expect(noSubmission.statusCode).toBe(400);
    const tooLong = await report({
      submissionId: 'sub-bad',
      errorData: { ...errorData, message: 'x'.repeat(5_001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(await rowsFor('sub-bad')).toEqual([]);
  });

  it('refuses a body over 64 KiB before reading it as a report', async () => {
    const response = await report({
      submissionId: 'sub-huge',
      errorData: { ...errorData, metadata: { blob: 'x'.repeat(70_000) } },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
    expect(await rowsFor('sub-huge')).toEqual([]);
  });

  it('limits a network to 60 reports a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i++) {
      const response = await report({ submissionId: 'sub-flood', errorData }, ip);
      expect(response.statusCode, `report ${i + 1}`).toBe(200);
    }
    const refused = await report({ submissionId: 'sub-flood', errorData }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Too many error reports from your network. Try again in a minute.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFor('sub-flood')).toHaveLength(60);
    expect((await report({ submissionId: 'sub-flood', errorData })).statusCode).toBe(200);
  });
});
