import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFileUrl } from './services/files/signed-urls';
import { makeBmp, makeWav } from './test/media-fixtures';
import { type SignedIn, signInStaff } from './test/sign-in';
import { uploadTestFile } from './test/submission-fixtures';
import { createTestContext, type TestContext } from './test/test-context';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

/** The body as the client reads it, after undoing the Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

function varyOf(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());
}

let ctx: TestContext;
let webRoot: string;
// A script that compresses well, and what the build would write beside it.
const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, label: 'row ${i}' }`).join(', ')}];\n`;
const serviceWorker = `self.addEventListener('fetch', () => {}); // ${'sw '.repeat(500)}\n`;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-web-compression-'));
  await fs.mkdir(path.join(webRoot, 'assets'));
  // A page over 1 KB, like the built one.
  await fs.writeFile(
    path.join(webRoot, 'index.html'),
    `<!doctype html><html><head><!--imprint-head--><script type="module" src="/assets/index-abc123.js"></script><style>${'.x{color:red}'.repeat(200)}</style></head><body><div id="root"></div></body></html>`,
  );
  for (const [name, content] of [
    ['assets/index-abc123.js', script],
    ['sw.js', serviceWorker],
  ] as const) {
    await fs.writeFile(path.join(webRoot, name), content);
    await fs.writeFile(path.join(webRoot, `${name}.br`), brotliCompressSync(content));
    await fs.writeFile(path.join(webRoot, `${name}.gz`), gzipSync(content));
  }
  ctx = await createTestContext({ webRoot, env: { METRICS_TOKEN } });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

describe('JSON answers', () => {
  // The agreement's versions (staff): the demo agreement alone is well over 1 KB of JSON.
  const templates = '/api/agreement-templates';
  let staff: SignedIn;
  beforeAll(async () => {
    staff = await signInStaff(ctx.app, ctx.database.db, 'curator@label.example');
  });

  it('come with brotli above 1 KB when the client takes it, gzip when it takes only gzip', async () => {
    const get = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: templates, headers: { cookie: staff.cookie, ...headers } });
    const plain = await get({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOf(br)).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decoded(br))).toEqual(plain.json());

    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varyOf(gzip)).toContain('accept-encoding');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());

    const identity = await get({ 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('stay as they are under 1 KB', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ submissionsEnabled: true });
  });
});

describe('the web app', () => {
  it('sends the precompressed asset the client takes, with its cache headers', async () => {
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyOf(response)).toContain('accept-encoding');
      // The very file the build wrote, not a compression of the moment.
      const written = await fs.readFile(path.join(webRoot, `assets/index-abc123.js${suffix}`));
      expect(response.rawPayload.equals(written)).toBe(true);
      expect(decoded(response)).toBe(script);
    }
  });

  it('sends the file itself to a client that takes no encoding, still varying on it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.body).toBe(script);
  });

  it('keeps the service worker uncached when it is sent precompressed', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(serviceWorker);
  });

  it('never serves a .br or .gz file by its own name', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/sw.js.br']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(404);
    }
  });

  it('compresses the page, rendered per request, on the fly', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/submit',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(varyOf(response)).toContain('accept-encoding');
    const html = decoded(response);
    expect(html).toContain('<script id="imprint-config" type="application/json">');
    const nonce = html.match(/<meta name="csp-nonce" content="([a-f0-9]+)">/)?.[1];
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  });

  it('still answers a missing file and an unknown API path with a 404', async () => {
    for (const [method, url] of [
      ['GET', '/assets/index-old999.js'],
      ['GET', '/api/no-such-thing'],
      ['POST', '/no/such/page'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Not found' });
    }
  });
});

describe('uploaded files', () => {
  const accept = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const pathOf = (url: string) => {
    const parsed = new URL(url, ctx.config.publicUrl);
    return `${parsed.pathname}${parsed.search}`;
  };

  it('answers a Range of a WAV with 206 and exactly those bytes, never compressed', async () => {
    const wav = makeWav({ seconds: 1 });
    const file = await uploadTestFile(ctx.app, {
      sessionId: 'session-compression-0001',
      fileType: 'track',
      name: 'master.wav',
      type: 'audio/wav',
      body: wav,
    });

    const ranged = await ctx.app.inject({
      method: 'GET',
      url: pathOf(file.url),
      headers: { ...accept, range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${wav.length}`);
    expect(ranged.headers['content-length']).toBe('100');
    expect(ranged.rawPayload.equals(wav.subarray(0, 100))).toBe(true);

    const whole = await ctx.app.inject({ method: 'GET', url: pathOf(file.url), headers: accept });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(wav.length));
    expect(whole.rawPayload.equals(wav)).toBe(true);
  });

  it('never compresses an image: JPEG, its WebP variant, or a BMP mime-db calls compressible', async () => {
    // Noise, so that the JPEG and its WebP variant are well over 1 KB, as photos are.
    const jpeg = await sharp({
      create: {
        width: 640,
        height: 640,
        channels: 3,
        background: '#c83c1e',
        noise: { type: 'gaussian', sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const bmp = makeBmp({ width: 64, height: 64 });
    const jpegFile = await uploadTestFile(ctx.app, {
      sessionId: 'session-compression-0002',
      fileType: 'artwork',
      name: 'cover.jpg',
      type: 'image/jpeg',
      body: jpeg,
    });
    const bmpFile = await uploadTestFile(ctx.app, {
      sessionId: 'session-compression-0002',
      fileType: 'artwork',
      name: 'cover.bmp',
      type: 'image/bmp',
      body: bmp,
    });
    // The JPEG's variants.
    for (let outcome = await ctx.app.jobs.runOnce(); outcome; outcome = await ctx.app.jobs.runOnce()) {
      expect(outcome.result).toBe('done');
    }
    const signer = {
      key: ctx.app.signingKey,
      publicUrl: ctx.config.publicUrl,
      fileLinks: 'relative',
    } as const;
    const variantUrl = signFileUrl(signer, {
      fileId: jpegFile.fileId,
      variant: 'webp-480',
      disposition: 'inline',
      expires: Math.floor(Date.now() / 1000) + 600,
    });

    for (const [url, type, bytes] of [
      [jpegFile.url, 'image/jpeg', jpeg],
      [bmpFile.url, 'image/bmp', bmp],
      [variantUrl, 'image/webp', undefined],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: pathOf(url), headers: accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.length).toBeGreaterThan(1024);
      expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
      if (bytes) expect(response.rawPayload.equals(bytes)).toBe(true);
    }
  });
});

describe('GET /metrics', () => {
  it('still reads as Prometheus text, compressed for a scraper that takes gzip', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toMatch(/^# TYPE imprint_http_request_duration_seconds histogram$/m);
  });
});
