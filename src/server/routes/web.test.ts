import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_SUBMIT_SCRIPT } from '../../domain/display/early-submit-script';
import { publicConfigSchema } from '../../domain/public-config-schema';
import { EARLY_SUBMIT_SCRIPT_HASH, HELLOSIGN_EMBEDDED_STYLE_HASH } from '../policies/security-headers';
import { setSetting } from '../services/settings/app-settings';
import { type SignedIn, signIn, signInStaff } from '../test/sign-in';
import { unsignedLinks } from '../test/signed-links';
import { postSubmission, prepareTestSubmission } from '../test/submission-fixtures';
import { createTestContext, type TestContext } from '../test/test-context';

let ctx: TestContext;
let buildRoot: string;
let webRoot: string;

/**
 * A stand-in for the prerender's server entry (src/web/entry-server.tsx, built into
 * dist/web-server): its pages name the path and the mode they were rendered in, with a style tag
 * of each kind, a style attribute, and a log of its renders. '/broken' fails to render, and so does
 * any path asking for '?render=fail'. A signed-in page also shows its reader's address and the
 * titles of the submissions it was rendered with.
 */
const standInEntry = `
export const NONCE_PLACEHOLDER = 'stand-in-nonce';
export function prerenderedPaths() {
  return ['/', '/submit', '/broken', '/faq'];
}
export function staticPagePaths() {
  return ['/faq'];
}
export function pageModulesAt(config, pathname) {
  return pathname.startsWith('/submission/') ? ['pages/artist/submission-page.tsx'] : [];
}
export async function renderPage(path, config, pageData) {
  if (path === '/broken' || path.includes('render=fail')) throw new Error('stand-in render failure');
  const mode = pageData.siteConfig.submissionsEnabled ? 'Submit your music' : 'Join the waiting list';
  const reader = pageData.signedIn;
  if (!reader) (globalThis.standInRenders ??= []).push(path + ' ' + mode);
  const titles = reader
    ? [
        ...(reader.artistSubmissions?.submissions ?? []).map((item) => item.releaseTitle),
        ...(reader.board?.firstPage.items ?? []).map((item) => item.releaseTitle),
      ]
    : [];
  const readerMarkup = reader
    ? '<p class="reader">' + reader.user.email + '</p>' + titles.map((title) => '<p class="title">' + title + '</p>').join('')
    : '';
  return {
    html: '<main><h1 class="css-h1">Page ' + path + '</h1><p>' + mode + '</p>' + readerMarkup + '<div style="--Paper-shadow:none"></div></main>',
    styles: '<style data-emotion="css-global g1" nonce="stand-in-nonce">body{margin:0}</style>' +
      '<style data-emotion="css h1" nonce="stand-in-nonce">.css-h1{color:red}</style>',
    pageData,
    title: 'Page ' + path + ' & <more>',
  };
}
`;

/** What the stand-in entry has rendered so far: "path mode" per render. */
const renders = () => (globalThis as { standInRenders?: string[] }).standInRenders ?? [];

beforeAll(async () => {
  // A stand-in for dist/web and dist/web-server with the shape Vite builds.
  buildRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-web-'));
  webRoot = path.join(buildRoot, 'web');
  await fs.mkdir(path.join(webRoot, 'assets'), { recursive: true });
  await fs.mkdir(path.join(buildRoot, 'web-server'));
  await fs.writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Imprint</title><!--imprint-head--><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/chunk-def456.js"><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
  await fs.writeFile(path.join(webRoot, 'assets', 'chunk-def456.js'), 'export {}');
  await fs.writeFile(path.join(webRoot, 'assets', 'static-page-xyz789.js'), 'export {}');
  await fs.mkdir(path.join(webRoot, '.vite'));
  await fs.writeFile(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true },
      'static-page.ts': { file: 'assets/static-page-xyz789.js', isEntry: true },
      // A page whose chunks import each other in a circle, and one the template preloads already.
      'pages/artist/submission-page.tsx': {
        file: 'assets/submission-page-aaa111.js',
        isDynamicEntry: true,
        imports: ['_shared-bbb222.js', 'index.html'],
      },
      '_shared-bbb222.js': {
        file: 'assets/shared-bbb222.js',
        imports: ['_chunk-def456.js', '_deep-ccc333.js'],
      },
      '_deep-ccc333.js': { file: 'assets/deep-ccc333.js', imports: ['_shared-bbb222.js'] },
      '_chunk-def456.js': { file: 'assets/chunk-def456.js' },
    }),
  );
  await fs.writeFile(
    path.join(webRoot, 'assets', 'index-abc123.css'),
    '@font-face{font-family:Roboto;src:url(/assets/roboto.woff2)}',
  );
  await fs.writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(buildRoot, 'web-server', 'entry-server.js'), standInEntry);
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
  await fs.rm(buildRoot, { recursive: true, force: true });
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
      expect(response.body.match(/<\/script>/g)?.length).toBe(response.body.match(/<script[\s>]/g)?.length);
      const nonce = response.body.match(/<meta name="csp-nonce" content="([a-f0-9]+)">/)?.[1];
      expect(nonce).toBeTruthy();
      expect(response.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
    },
  );

  it("preloads a page's code, every chunk it imports once, with a page the browser renders", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/submission/0a9f1c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    });
    expect(response.statusCode).toBe(200);
    const preloaded = [
      ...response.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    ].map((match) => match[1]);
    expect(preloaded).toEqual([
      // The template's own, for the app's entry.
      '/assets/chunk-def456.js',
      '/assets/submission-page-aaa111.js',
      '/assets/shared-bbb222.js',
      '/assets/deep-ccc333.js',
    ]);
    expect(response.body.indexOf('submission-page-aaa111')).toBeLessThan(response.body.indexOf('</head>'));
    // A page with no chunks of its own gets the template's preloads alone.
    const other = await ctx.app.inject({ method: 'GET', url: '/i/some-token' });
    expect(other.body.match(/rel="modulepreload"/g)).toHaveLength(1);
    // A path that does not decode is refused before any page is looked for.
    expect((await ctx.app.inject({ method: 'GET', url: '/submission/%E0%A4%A' })).statusCode).toBe(400);
  });

  it("asks every page's browser for the window's width", async () => {
    for (const url of ['/', '/submit', '/no/such/page']) {
      expect((await ctx.app.inject({ method: 'GET', url })).headers['accept-ch']).toBe(
        'Sec-CH-Viewport-Width',
      );
    }
  });

  it('gives every page its own nonce', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/' });
    const second = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(first.headers['content-security-policy']).not.toEqual(second.headers['content-security-policy']);
  });

  it('makes no nonce for an API answer, which keeps the same policy and headers', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('nonce-');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it("gives a page the API's headers, its policy with the two nonces of its markup added", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(refused.statusCode).toBe(404);
    const helmetNames = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const name of helmetNames) {
      expect(answer.headers[name], name).toBeTruthy();
      expect(refused.headers[name], name).toEqual(answer.headers[name]);
      if (name !== 'content-security-policy') expect(page.headers[name], name).toEqual(answer.headers[name]);
    }
    const styleNonce = page.body.match(/<meta name="csp-nonce" content="([a-f0-9]{32})">/)?.[1];
    const pagePolicy = String(page.headers['content-security-policy']);
    const scriptNonce = pagePolicy.match(/script-src 'self' [^;]*'nonce-([a-f0-9]{32})'/)?.[1];
    expect(scriptNonce).toBeTruthy();
    expect(scriptNonce).not.toEqual(styleNonce);
    // The prerendered markup's own style attributes, by their hashes, are the page's alone.
    expect(
      pagePolicy
        .replace(` 'nonce-${scriptNonce}'`, '')
        .replace(` 'nonce-${styleNonce}'`, '')
        .replace(/;style-src-attr [^;]*$/, ''),
    ).toEqual(answer.headers['content-security-policy']);
  });

  it('inlines one script, the early-submit holder, admitted by its hash alone', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/submit' });
    const inline = [...page.body.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toEqual([EARLY_SUBMIT_SCRIPT]);
    const hash = `'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT).digest('base64')}'`;
    expect(EARLY_SUBMIT_SCRIPT_HASH).toBe(hash);
    expect(String(page.headers['content-security-policy'])).toContain(`script-src 'self' ${hash}`);
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

describe('prerendered pages', () => {
  const nonceOf = (html: string) => html.match(/<meta name="csp-nonce" content="([a-f0-9]+)">/)?.[1];
  const rootOf = (html: string) => html.match(/<div id="root">(.*?)<\/div><\/body>/s)?.[1];
  const pageDataOf = (html: string) =>
    JSON.parse(
      html.match(/<script id="imprint-page-data" type="application\/json">(.*?)<\/script>/s)?.[1] ?? 'null',
    );
  const sessionCookie = { imprint_session: 'any-session-token' };

  it("gives a visitor the page's markup, its styles with this response's nonce, and the mode it shows", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toContain('Cookie');
    expect(rootOf(response.body)).toBe(
      '<main><h1 class="css-h1">Page /</h1><p>Submit your music</p><div style="--Paper-shadow:none"></div></main>',
    );
    expect(pageDataOf(response.body)).toEqual({
      siteConfig: { submissionsEnabled: true, reopensOn: null, responsePromise: { days: 10, record: null } },
    });

    const nonce = nonceOf(response.body);
    const styleTags = response.body.match(/<style[^>]*>/g) ?? [];
    // The app's stylesheet, inlined, and the page's two.
    expect(styleTags).toHaveLength(3);
    for (const tag of styleTags) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.body).not.toContain('stand-in-nonce');
    expect(response.body).toContain(`<style nonce="${nonce}">@font-face{font-family:Roboto;`);
    expect(response.body).not.toContain('rel="stylesheet"');
    // The script waits its turn: low priority, its modules not preloaded.
    expect(response.body).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc123.js">',
    );
    expect(response.body).not.toContain('modulepreload');

    // The style attribute is admitted by its hash, and nothing else is.
    const hash = createHash('sha256').update('--Paper-shadow:none').digest('base64');
    expect(response.headers['content-security-policy']).toContain(
      `;style-src-attr 'unsafe-hashes' 'sha256-${hash}'`,
    );
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it("puts the page's own title in the head, escaped", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain('<title>Page / &#38; &#60;more&#62;</title>');
    expect(response.body).not.toContain('<title>Imprint</title>');
  });

  it('sends a page a visitor only reads with the static page script instead of the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/faq' });
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toContain('Page /faq');
    expect(response.body).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/static-page-xyz789.js"></script>',
    );
    expect(response.body).not.toContain('index-abc123.js');
    // Its styles and page data are a prerendered page's, as any other's.
    expect(pageDataOf(response.body)).toMatchObject({ siteConfig: { submissionsEnabled: true } });
    // /submit, which needs the app, still has it.
    const submit = await ctx.app.inject({ method: 'GET', url: '/submit' });
    expect(submit.body).toContain('src="/assets/index-abc123.js"');
    expect(submit.body).not.toContain('static-page-xyz789.js');
  });

  it("puts each response's own nonce into the styles of the same prerendered page", async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/submit' });
    const second = await ctx.app.inject({ method: 'GET', url: '/submit' });
    const nonces = [nonceOf(first.body), nonceOf(second.body)];
    expect(nonces[0]).not.toEqual(nonces[1]);
    expect(first.body.match(/<style[^>]*>/g)?.every((tag) => tag.includes(`nonce="${nonces[0]}"`))).toBe(
      true,
    );
    expect(second.body.match(/<style[^>]*>/g)?.every((tag) => tag.includes(`nonce="${nonces[1]}"`))).toBe(
      true,
    );
  });

  it('gives a request with a session cookie the plain index.html', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', cookies: sessionCookie });
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('');
    expect(response.body).not.toContain('imprint-page-data');
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">');
    expect(response.body).toContain('<link rel="modulepreload"');
    expect(response.headers['content-security-policy']).not.toContain('style-src-attr');
  });

  it('prerenders only the pages the entry names, and serves a page whose render failed plain', async () => {
    for (const url of ['/dashboard', '/no/such/page', '/broken']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(rootOf(response.body)).toBe('');
      expect(response.body).not.toContain('imprint-page-data');
    }
  });

  it('shows /submit in the mode staff set, read per request, and renders each page once per mode', async () => {
    const before = renders().length;
    try {
      await setSetting(ctx.app.db, 'submissionsEnabled', false);
      const waitingList = await ctx.app.inject({ method: 'GET', url: '/submit' });
      expect(rootOf(waitingList.body)).toContain('<p>Join the waiting list</p>');
      expect(pageDataOf(waitingList.body)).toMatchObject({ siteConfig: { submissionsEnabled: false } });
      await ctx.app.inject({ method: 'GET', url: '/submit' });
    } finally {
      await setSetting(ctx.app.db, 'submissionsEnabled', true);
    }
    const full = await ctx.app.inject({ method: 'GET', url: '/submit' });
    expect(rootOf(full.body)).toContain('<p>Submit your music</p>');
    expect(pageDataOf(full.body)).toMatchObject({ siteConfig: { submissionsEnabled: true } });

    // Kept: every page and mode was rendered once, whichever request came first (the server
    // renders them all in the background once it is up).
    expect(renders().length - before).toBeLessThanOrEqual(1);
    expect([...new Set(renders())].sort()).toEqual(renders().slice().sort());
  });
});

describe('signed-in pages, rendered per request for their reader', () => {
  const rootOf = (html: string) => html.match(/<div id="root">(.*?)<\/div><\/body>/s)?.[1] ?? '';
  const pageDataOf = (html: string) =>
    JSON.parse(
      html.match(/<script id="imprint-page-data" type="application\/json">(.*?)<\/script>/s)?.[1] ?? 'null',
    );
  /** A signed link with its signature and expiry left out, for comparing two answers made apart. */
  const unsigned = (value: unknown) =>
    JSON.parse(JSON.stringify(value), (_key, item) =>
      typeof item === 'string' && item.startsWith('/files/') ? item.split('?')[0] : item,
    );

  const staffEmail = 'board.reader@imprint-staff.example';
  let alice: SignedIn;
  let bob: SignedIn;
  let staff: SignedIn;

  /** A submission made by `as`, with its own title. */
  async function submitAs(as: SignedIn, releaseTitle: string) {
    const prepared = await prepareTestSubmission(ctx.app);
    const payload = prepared.payload as { formData: { releaseTitle: string }; itemName: string };
    payload.formData.releaseTitle = releaseTitle;
    payload.itemName = `Maya Rivers - ${releaseTitle}`;
    const response = await postSubmission(ctx.app, payload, { cookie: as.cookie });
    expect(response.statusCode, response.body).toBe(200);
  }

  const page = (url: string, as?: SignedIn, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...headers, ...(as ? { cookie: as.cookie } : {}) } });

  beforeAll(async () => {
    alice = await signIn(ctx.app, ctx.database.db, 'alice.reader@example.com');
    bob = await signIn(ctx.app, ctx.database.db, 'bob.reader@example.com');
    staff = await signInStaff(ctx.app, ctx.database.db, staffEmail, 'Sam Staff');
    await submitAs(alice, 'Alice Alpha');
    await submitAs(alice, 'Alice Beta');
    await submitAs(bob, 'Bob Gamma');
  });

  it("renders an artist's dashboard with their data, as the API answers it, private to them", async () => {
    const response = await page('/dashboard', alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers.vary)).toContain('Cookie');
    expect(response.headers['server-timing']).toMatch(
      /^data;dur=[\d.]+;desc="Session and data", render;dur=[\d.]+;desc="Render"$/,
    );
    const root = rootOf(response.body);
    expect(root).toContain('<p class="reader">alice.reader@example.com</p>');
    expect(root).toContain('<p class="title">Alice Alpha</p>');
    expect(root).toContain('<p class="title">Alice Beta</p>');
    expect(root).not.toContain('Bob Gamma');

    // Each part is what the API route answers this reader: the same page size, order and fields,
    // links bound to this session.
    const data = pageDataOf(response.body);
    const api = async (url: string) => (await page(url, alice)).json();
    expect(data.siteConfig).toMatchObject({ submissionsEnabled: true });
    expect(data.signedIn.user).toEqual((await api('/api/me')).user);
    expect(unsigned(data.signedIn.artistProfile)).toEqual(
      unsigned((await api('/api/artist/profile')).profile),
    );
    expect(unsigned(data.signedIn.artistSubmissions)).toEqual(
      unsigned(await api('/api/profile/submissions?limit=20')),
    );
    const artworkUrl: string = data.signedIn.artistSubmissions.submissions[0].artworkUrl;
    expect(artworkUrl).toMatch(/^\/files\/[0-9a-f-]{36}\?.*&bound=1&/);
    const fileId = artworkUrl.split('/')[2]?.split('?')[0] ?? '';
    expect(unsigned(data.signedIn.imageMappings[fileId])).toEqual(
      unsigned((await api(`/files/optimized/image-mapping.json?ids=${fileId}`))[fileId]),
    );
    expect(data.signedIn.wideScreen).toBe(true);
  });

  it("never gives one reader's page to another, even when they ask at the same moment", async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_unused, i) =>
        i % 2 === 0 ? page('/dashboard', alice) : page('/dashboard', bob),
      ),
    );
    responses.forEach((response, i) => {
      const root = rootOf(response.body);
      const data = pageDataOf(response.body);
      if (i % 2 === 0) {
        expect(root).toContain('alice.reader@example.com');
        expect(root).not.toContain('bob.reader@example.com');
        expect(root).not.toContain('Bob Gamma');
        expect(data.signedIn.user.email).toBe('alice.reader@example.com');
      } else {
        expect(root).toContain('bob.reader@example.com');
        expect(root).toContain('<p class="title">Bob Gamma</p>');
        expect(root).not.toContain('Alice');
        expect(JSON.stringify(data)).not.toContain('alice');
      }
    });
  });

  it("renders the board for staff, in the page's filter, and guesses a phone's screen", async () => {
    const all = await page('/admin/board', staff);
    expect(all.headers['cache-control']).toBe('private, no-store');
    expect(rootOf(all.body)).toContain('<p class="title">Bob Gamma</p>');
    const data = pageDataOf(all.body);
    expect(data.signedIn.user.role).toBe('staff');
    expect(data.signedIn.board.filter).toBe('all');
    expect(unsignedLinks(data.signedIn.board.firstPage)).toEqual(
      unsignedLinks((await page('/api/board/items?limit=25', staff)).json()),
    );
    // Each row's next deadline, as the rows would ask for it, so none grows a line after paint.
    const ids = data.signedIn.board.firstPage.items.map((item: { itemId: string }) => item.itemId);
    expect(ids.length).toBeGreaterThan(0);
    const deadlines = (await page(`/api/board/next-deadlines?ids=${ids.join(',')}`, staff)).json().deadlines;
    expect(Object.keys(deadlines).length).toBeGreaterThan(0);
    expect(data.signedIn.board.nextDeadlines).toEqual(deadlines);
    // The day its "in N days" were written for, which the browser hydrates them with.
    expect(data.signedIn.today).toBe(new Date().toISOString().slice(0, 10));

    const pending = await page('/admin/board?status=pending', staff, {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
    });
    const pendingData = pageDataOf(pending.body);
    // The list's cache key: the view's canonical query (domain/board/board-view.ts).
    expect(pendingData.signedIn.board.filter).toBe('status=pending');
    expect(unsignedLinks(pendingData.signedIn.board.firstPage)).toEqual(
      unsignedLinks((await page('/api/board/items?status=pending&limit=25', staff)).json()),
    );
    expect(pendingData.signedIn.wideScreen).toBe(false);
    // Every page asks for the window's width; a desktop browser that sends it is laid out by it,
    // a narrow window as a phone.
    expect(all.headers['accept-ch']).toBe('Sec-CH-Viewport-Width');
    const desktop = { 'sec-ch-ua-mobile': '?0' };
    for (const [width, wide] of [
      ['700', false],
      ['1280', true],
      ['not a width', true],
    ] as const) {
      const board = await page('/admin/board', staff, { ...desktop, 'sec-ch-viewport-width': width });
      expect(pageDataOf(board.body).signedIn.wideScreen).toBe(wide);
    }
    // An unknown filter is the whole board, as the page reads it.
    expect(pageDataOf((await page('/admin/board?status=archived', staff)).body).signedIn.board.filter).toBe(
      'all',
    );
  });

  it('gives visitors, readers of the wrong role and ended sessions the plain shell, as before', async () => {
    const cases: [string, SignedIn | undefined, Record<string, string>?][] = [
      ['/dashboard', undefined],
      ['/admin/board', undefined],
      ['/dashboard', staff],
      ['/admin/board', alice],
      ['/dashboard', undefined, { cookie: 'imprint_session=not-a-session' }],
      ['/edit-profile', alice],
    ];
    for (const [url, as, headers] of cases) {
      const response = await page(url, as, headers);
      expect(response.statusCode, url).toBe(200);
      expect(rootOf(response.body), url).toBe('');
      expect(response.body).not.toContain('imprint-page-data');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['server-timing']).toBeUndefined();
    }
  });

  it('serves the shell when the render fails, and renders nothing for HEAD', async () => {
    const failed = await page('/dashboard?render=fail', alice);
    expect(failed.statusCode).toBe(200);
    expect(rootOf(failed.body)).toBe('');
    expect(failed.headers['cache-control']).toBe('no-cache');
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/dashboard',
      headers: { cookie: alice.cookie },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['server-timing']).toBeUndefined();
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
        new RegExp(`^script-src 'self' '[^']+' ${cloudflare.replaceAll('.', '\\.')} 'nonce-[a-f0-9]+'$`),
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
      expect(directive(csp, 'script-src')).toMatch(/^script-src 'self' '[^']+' 'nonce-[a-f0-9]+'$/);
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
