import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '../../domain/public-config-schema';
import { HELLOSIGN_EMBEDDED_STYLE_HASH } from '../app';
import { createTestContext, type TestContext } from '../test/test-context';

let ctx: TestContext;
let webRoot: string;

beforeAll(async () => {
  // A stand-in for dist/web with the shape Vite builds.
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-web-'));
  await fs.mkdir(path.join(webRoot, 'assets'));
  await fs.writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><!--imprint-head--><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
  await fs.writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({
    webRoot,
    env: {
      LABEL_NAME: 'Northern </script> Lights',
      REVIEW_PROMISE: '3-4 days',
      SOCIAL_VIDEO_URL: 'https://video.example/nl',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

function embeddedConfig(html: string) {
  const match = html.match(/<script id="imprint-config" type="application\/json">(.*?)<\/script>/s);
  if (!match?.[1]) throw new Error('no embedded config');
  return publicConfigSchema.parse(JSON.parse(match[1]));
}

describe('the web app', () => {
  it.each(['/', '/submit', '/dashboard?tab=1', '/i/some-token', '/no/such/page'])(
    'serves index.html for the client route %s, with the public config and a CSP nonce',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      const config = embeddedConfig(response.body);
      expect(config).toMatchObject({
        labelName: 'Northern </script> Lights',
        reviewPromise: '3-4 days',
        devMode: false,
        social: { video: 'https://video.example/nl' },
      });
      // The label name cannot close the script tag it is embedded in.
      expect(response.body.match(/<\/script>/g)).toHaveLength(2);
      const nonce = response.body.match(/<meta name="csp-nonce" content="([a-f0-9]+)">/)?.[1];
      expect(nonce).toBeTruthy();
      expect(response.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
    },
  );

  it('gives every page its own nonce', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/' });
    const second = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(first.headers['content-security-policy']).not.toEqual(second.headers['content-security-policy']);
  });

  it('caches hashed assets for a year and other public files for an hour', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a missing file instead of the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/', '/api/health', '/assets/index-abc123.js']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      // HSTS only where the public URL is https.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('over https', () => {
  it('adds HSTS', async () => {
    const secure = await createTestContext({ webRoot, env: { PUBLIC_URL: 'https://portal.label.example' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('with Cloudflare Turnstile', () => {
  const cloudflare = 'https://challenges.cloudflare.com';
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));

  it('admits its script and challenge frame only when it is configured', async () => {
    const plain = String(
      (await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(plain).not.toContain(cloudflare);
    expect(directive(plain, 'frame-src')).toBe("frame-src 'self'");

    const withTurnstile = await createTestContext({
      webRoot,
      env: { TURNSTILE_SITE_KEY: '0x4AAAAAAAsite', TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret' },
    });
    try {
      const response = await withTurnstile.app.inject({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      // Admitted by its origin: the widget's script tag needs no nonce of its own.
      expect(directive(csp, 'script-src')).toMatch(
        new RegExp(`^script-src 'self' ${cloudflare.replaceAll('.', '\\.')} 'nonce-[a-f0-9]+'$`),
      );
      expect(directive(csp, 'frame-src')).toBe(`frame-src 'self' ${cloudflare}`);
      expect(directive(csp, 'style-src')).not.toContain(cloudflare);
      expect(embeddedConfig(response.body).turnstileSiteKey).toBe('0x4AAAAAAAsite');
    } finally {
      await withTurnstile.close();
    }
  });
});

describe('without a web build', () => {
  it('explains how to build it instead of failing silently', async () => {
    const bare = await createTestContext({ database: ctx.database });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('with Dropbox Sign', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));

  /** The stylesheet hellosign-embedded injects, as its bundle carries it (one css-loader module). */
  async function embeddedStylesheet(): Promise<string> {
    const bundle = await fs.readFile(
      path.join(process.cwd(), 'node_modules/hellosign-embedded/umd/embedded.development.js'),
      'utf8',
    );
    const pushes = [...bundle.matchAll(/exports\.push\(\[module\.i, ("(?:[^"\\]|\\.)*"), ""\]\);/g)];
    expect(pushes).toHaveLength(1);
    return JSON.parse(pushes[0]?.[1] ?? '""') as string;
  }

  it("admits the embedded client's frames and its stylesheet only when it is configured", async () => {
    const plain = String(
      (await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(plain).not.toContain('hellosign.com');
    expect(plain).not.toContain(HELLOSIGN_EMBEDDED_STYLE_HASH);

    const withDropboxSign = await createTestContext({
      webRoot,
      env: {
        DROPBOX_SIGN_API_KEY: 'test-api-key',
        DROPBOX_SIGN_CLIENT_ID: 'test-client-id',
        DROPBOX_SIGN_TEMPLATE_ID: 'test-template-id',
      },
    });
    try {
      const response = await withDropboxSign.app.inject({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      expect(directive(csp, 'frame-src')).toBe(
        "frame-src 'self' https://app.hellosign.com https://embedded.hellosign.com",
      );
      expect(directive(csp, 'style-src')).toMatch(
        new RegExp(
          `^style-src 'self' ${HELLOSIGN_EMBEDDED_STYLE_HASH.replaceAll('+', '\\+')} 'nonce-[a-f0-9]+'$`,
        ),
      );
      // The client is bundled: no script of theirs is loaded.
      expect(directive(csp, 'script-src')).toMatch(/^script-src 'self' 'nonce-[a-f0-9]+'$/);
      expect(directive(csp, 'connect-src')).not.toContain('hellosign');
    } finally {
      await withDropboxSign.close();
    }
  });

  it('admits exactly the stylesheet of the installed hellosign-embedded', async () => {
    const css = await embeddedStylesheet();
    expect(css).toContain('.x-hellosign-embedded');
    const hash = createHash('sha256').update(css, 'utf8').digest('base64');
    expect(HELLOSIGN_EMBEDDED_STYLE_HASH).toBe(`'sha256-${hash}'`);
  });
});
