import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { makeWav, renamedTextFile } from '../test/media-fixtures';
import { multipartBody, tusMetadata } from '../test/multipart';
import { createTestContext, type TestContext } from '../test/test-context';
import { METRICS_TOKEN_REQUIRED } from './metrics';

const TOKEN = 'scrape-token-0123456789abcdef';

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sampleOf(body: string, series: string): number | undefined {
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('answers 404 like an unknown path, whatever the token', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/nothing-here.json' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.statusCode).toBe(unknown.statusCode);
    expect(response.json()).toEqual(unknown.json());
    expect(response.body).not.toContain('imprint_');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  let origin: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    origin = ctx.config.publicUrl;
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
      headers: { 'content-type': contentType, origin },
      payload: await bufferOf(body),
      remoteAddress: '198.51.100.7',
    });
  }

  it.each([
    ['no token', {}],
    ['an empty bearer token', { authorization: 'Bearer ' }],
    ['a wrong token of the same length', { authorization: `Bearer ${TOKEN.replace('0', '1')}` }],
    ['a token of another length', { authorization: 'Bearer short' }],
    ['the token with something after it', { authorization: `Bearer ${TOKEN}x` }],
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
      // The scheme's case does not matter; a session cookie without Origin is no concern here
      // (the API's session and Origin hook does not run outside /api/).
      headers: { authorization: `bearer ${TOKEN}`, cookie: 'imprint_session=whatever' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    // Every line is a comment (# HELP / # TYPE), a sample, or empty.
    const sample =
      /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/i;
    for (const line of body.split('\n')) {
      if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
      expect(line).toMatch(sample);
    }
    expect(body).toMatch(/^# TYPE process_cpu_user_seconds_total counter$/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(body).toMatch(/^# TYPE imprint_http_request_duration_seconds histogram$/m);
    expect(body).toMatch(/^# TYPE imprint_jobs gauge$/m);
    expect(body).toMatch(/^# TYPE imprint_mail_queue gauge$/m);
    expect(body).toMatch(/^# TYPE imprint_job_failures_total counter$/m);
    expect(body).toMatch(/^# TYPE imprint_uploads_total counter$/m);
    expect(body).toMatch(/^# TYPE imprint_upload_bytes_total counter$/m);
    expect(body).toMatch(/^imprint_metrics_collect_errors_total 0$/m);
  });

  it('times requests by route pattern and status, never by the path with its ids', async () => {
    const itemId = randomUUID();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/board/items/${itemId}` })).statusCode).toBe(401);
    await ctx.app.inject({ method: 'GET', url: '/api/invitation/validate/some-secret-token' });
    await ctx.app.inject({ method: 'GET', url: '/no/such/file.png' });
    const body = await scrape();
    expect(body).toContain(
      'imprint_http_request_duration_seconds_count{method="GET",route="/api/config",status_code="200"} 1',
    );
    expect(body).toContain(
      'imprint_http_request_duration_seconds_count{method="GET",route="/api/board/items/:itemId",status_code="401"} 1',
    );
    expect(body).toMatch(
      /^imprint_http_request_duration_seconds_bucket\{le="10",method="GET",route="\/api\/config",status_code="200"\} 1$/m,
    );
    expect(body).toMatch(/route="\/api\/invitation\/validate\/:token",status_code="404"/);
    expect(body).toContain(
      'imprint_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1',
    );
    expect(body).not.toContain(itemId);
    expect(body).not.toContain('some-secret-token');
    expect(body).not.toContain('file.png');
    // The scrapes themselves are not counted.
    expect(body).not.toContain('route="/metrics"');
  });

  it('reports the shared job queue by job and state, and the mail queue, at scrape time', async () => {
    await ctx.database.db.delete(jobs);
    await ctx.database.db.insert(jobs).values([
      { type: 'mail.send', payload: {} },
      { type: 'mail.send', payload: {} },
      { type: 'media.social-clips', payload: {}, status: 'failed' },
      { type: 'media.social-clips', payload: {}, status: 'done' },
    ]);
    const body = await scrape();
    expect(body).toContain('imprint_jobs{job="mail.send",status="pending"} 2');
    expect(body).toContain('imprint_jobs{job="media.social-clips",status="failed"} 1');
    expect(body).toContain('imprint_jobs{job="media.social-clips",status="pending"} 0');
    expect(body).not.toContain('status="done"');
    expect(body).toContain('imprint_mail_queue{status="pending"} 2');
    expect(body).toContain('imprint_mail_queue{status="running"} 0');
    expect(body).toContain('imprint_mail_queue{status="failed"} 0');

    // The queue drains: a job seen before reads 0 rather than vanishing.
    await ctx.database.db.delete(jobs);
    const drained = await scrape();
    expect(drained).toContain('imprint_jobs{job="mail.send",status="pending"} 0');
    expect(drained).toContain('imprint_mail_queue{status="pending"} 0');
  });

  it('counts job failures by job, and whether the job gave up', async () => {
    ctx.app.metrics.recordJobFailure('mail.send', false);
    ctx.app.metrics.recordJobFailure('mail.send', false);
    ctx.app.metrics.recordJobFailure('mail.send', true);
    const body = await scrape();
    expect(body).toContain('imprint_job_failures_total{job="mail.send",final="false"} 2');
    expect(body).toContain('imprint_job_failures_total{job="mail.send",final="true"} 1');
  });

  it('counts standard uploads stored with their bytes, and refused ones', async () => {
    const before = await scrape();
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
    const bytes = 'imprint_upload_bytes_total{file_type="track"}';
    expect((sampleOf(body, bytes) ?? 0) - (sampleOf(before, bytes) ?? 0)).toBe(wav.length);
  });

  it('counts the direct path where it ends: refused up front, or stored after the PUT', async () => {
    const wav = makeWav({ seconds: 2 });
    const generate = (fileName: string, contentType: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/storage/generate-upload-url',
        headers: { origin },
        remoteAddress: '198.51.100.8',
        payload: {
          fileName,
          fileSize: wav.length,
          contentType,
          artistName: 'Maya Rivers',
          fileType: 'track',
        },
      });
    const refused = await generate('notes.txt', 'text/plain');
    expect(refused.statusCode).toBe(400);

    const generated = await generate('Direct.wav', 'audio/wav');
    expect(generated.statusCode).toBe(200);
    const { uploadUrl, fileName, bucketName } = generated.json();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: uploadUrl.replace(ctx.config.publicUrl, ''),
      headers: { 'content-type': 'audio/wav', origin },
      payload: wav,
    });
    expect(put.statusCode).toBe(200);
    const processed = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/process-upload',
      headers: { origin },
      payload: { fileName, bucketName, artistName: 'Maya Rivers', fileType: 'track' },
    });
    expect(processed.statusCode).toBe(200);

    const body = await scrape();
    expect(body).toContain('imprint_uploads_total{path="direct",result="refused"} 1');
    expect(body).toContain('imprint_uploads_total{path="direct",result="stored"} 1');
  });

  it('counts a resumable upload whose creation tus refused', async () => {
    const metadata = {
      filename: 'notes.txt',
      filetype: 'text/plain',
      fileType: 'track',
      artistName: 'Maya Rivers',
    };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/resumable',
      headers: {
        origin,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': tusMetadata(metadata),
      },
      remoteAddress: '198.51.100.9',
    });
    expect(created.statusCode).toBe(400);
    const body = await scrape();
    expect(body).toContain('imprint_uploads_total{path="resumable",result="refused"} 1');
    expect(body).toContain(
      'imprint_http_request_duration_seconds_count{method="POST",route="/api/uploads/resumable",status_code="400"} 1',
    );
  });
});
