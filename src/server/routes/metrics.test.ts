import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { METRICS_TOKEN_REQUIRED } from '../metrics/metrics-plugin';
import { makeWav, renamedTextFile } from '../test/media-fixtures';
import { multipartBody } from '../test/multipart';
import { createTestContext, type TestContext } from '../test/test-context';

const TOKEN = 'scrape-token-0123456789abcdef';

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('imprint_');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => ctx.close());

  const scrape = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  async function upload(parts: Parameters<typeof multipartBody>[0]) {
    const { contentType, body } = multipartBody(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/upload/storage',
      headers: { 'content-type': contentType, origin: ctx.config.publicUrl },
      payload: await bufferOf(body),
      remoteAddress: '198.51.100.7',
    });
  }

  it.each([
    ['no token', {}],
    ['a wrong token of the same length', { authorization: `Bearer ${TOKEN.replace('0', '1')}` }],
    ['a token of another length', { authorization: 'Bearer short' }],
    ['another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('refuses %s with 401', async (_what, headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual({ success: false, error: METRICS_TOKEN_REQUIRED });
  });

  it('answers the Prometheus text format with process and event-loop metrics', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^# HELP process_cpu_user_seconds_total/m);
    expect(response.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(response.body).toMatch(/^# TYPE imprint_http_request_duration_seconds histogram$/m);
  });

  it('times requests by route pattern and status, never by the path with its ids', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/config' });
    await ctx.app.inject({ method: 'GET', url: '/api/invitation/validate/some-secret-token' });
    const body = await scrape();
    expect(body).toContain(
      'imprint_http_request_duration_seconds_count{method="GET",route="/api/config",status_code="200"} 1',
    );
    expect(body).toMatch(/route="\/api\/invitation\/validate\/:token",status_code="404"/);
    expect(body).not.toContain('some-secret-token');
    // The scrape itself is not counted.
    expect(body).not.toContain('route="/metrics"');
  });

  it('reports the shared job queue by job and state, and the mail queue', async () => {
    await ctx.database.db.delete(jobs);
    await ctx.database.db.insert(jobs).values([
      { type: 'mail.send', payload: {} },
      { type: 'mail.send', payload: {} },
      { type: 'media.social-clips', payload: {}, status: 'failed' },
    ]);
    const body = await scrape();
    expect(body).toContain('imprint_jobs{job="mail.send",status="pending"} 2');
    expect(body).toContain('imprint_jobs{job="media.social-clips",status="failed"} 1');
    expect(body).toContain('imprint_mail_queue{status="pending"} 2');
    expect(body).toContain('imprint_mail_queue{status="failed"} 0');
  });

  it('counts job attempts that failed, and whether the job gave up', async () => {
    await ctx.database.db.delete(jobs);
    // A payload that does not parse fails for good at once.
    await ctx.database.db.insert(jobs).values({ type: 'mail.send', payload: { to: 'not an address' } });
    await ctx.app.jobs.runOnce();
    expect(await scrape()).toContain('imprint_job_failures_total{job="mail.send",final="true"} 1');
  });

  it('counts uploads stored with their bytes, and refused ones', async () => {
    const wav = makeWav({ seconds: 1 });
    const stored = await upload([
      { field: 'artistName', value: 'Maya Rivers' },
      { field: 'fileType', value: 'track' },
      { name: 'tide.wav', type: 'audio/wav', body: wav },
    ]);
    expect(stored.statusCode).toBe(200);
    const refused = await upload([
      { field: 'artistName', value: 'Maya Rivers' },
      { field: 'fileType', value: 'track' },
      { name: 'notes.wav', type: 'audio/wav', body: renamedTextFile() },
    ]);
    expect(refused.statusCode).toBe(400);
    const body = await scrape();
    expect(body).toContain('imprint_uploads_total{path="standard",result="stored"} 1');
    expect(body).toContain('imprint_uploads_total{path="standard",result="refused"} 1');
    expect(body).toContain(`imprint_upload_bytes_total{file_type="track"} ${wav.length}`);
  });
});
