import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isNeverHandledPath,
  isPrecacheable,
  NOT_PRECACHED_CHUNKS,
  notPrecachedChunkOf,
  type RequestLike,
  shouldHandle,
  strategyFor,
} from './sw-rules';

const origin = 'https://label.example';
const precached = new Set([`${origin}/assets/index-abc123.js`, `${origin}/offline.html`]);
const scope = { origin, isPrecached: (url: string) => precached.has(url) };

function request(url: string, extra: Partial<RequestLike> & { range?: boolean } = {}): RequestLike {
  const { range, ...rest } = extra;
  return {
    url,
    method: 'GET',
    mode: 'cors',
    headers: { has: (name: string) => Boolean(range) && name.toLowerCase() === 'range' },
    ...rest,
  };
}

describe('what the service worker answers', () => {
  it.each([
    ['a page load', request(`${origin}/submit`, { mode: 'navigate' }), 'navigation'],
    ['a page load with a query', request(`${origin}/dashboard?tab=1`, { mode: 'navigate' }), 'navigation'],
    ['a precached entry script', request(`${origin}/assets/index-abc123.js`), 'precache'],
    ['the precached offline page', request(`${origin}/offline.html`), 'precache'],
    [
      'a hashed asset not precached (a staff page)',
      request(`${origin}/assets/analytics-page-x1.js`),
      'asset',
    ],
    ['a font', request(`${origin}/assets/roboto-greek-400-normal-a1.woff2`), 'asset'],
  ] as const)('%s: %s', (_name, req, strategy) => {
    expect(strategyFor(req, scope)).toBe(strategy);
    expect(shouldHandle(req, scope)).toBe(true);
  });

  it.each([
    ['the API', request(`${origin}/api/me`)],
    ['the API, spelled in capitals', request(`${origin}/API/me`)],
    ['the API root', request(`${origin}/api`)],
    ['a tus upload chunk', request(`${origin}/api/storage/tus/abc`, { method: 'PATCH' })],
    [
      'an API page load (a signed download opened in a tab)',
      request(`${origin}/api/files/x`, { mode: 'navigate' }),
    ],
    [
      'an uploaded file',
      request(`${origin}/files/0f8fad5b-d9cb-469f-a165-70867728950e?expires=1&signature=x`),
    ],
    ['an uploaded file opened as a page', request(`${origin}/files/abc/webp-640`, { mode: 'navigate' })],
    ['the metrics', request(`${origin}/metrics`)],
    ['the worker itself', request(`${origin}/sw.js`)],
    ['a POST', request(`${origin}/submit`, { method: 'POST' })],
    ['a PUT to an asset path', request(`${origin}/assets/index-abc123.js`, { method: 'PUT' })],
    ['a HEAD', request(`${origin}/assets/index-abc123.js`, { method: 'HEAD' })],
    ['a range of a precached file', request(`${origin}/assets/index-abc123.js`, { range: true })],
    ['a range of audio', request(`${origin}/files/abc?signature=x`, { range: true })],
    ['another origin', request('https://cdn.example/assets/index-abc123.js')],
    ['another origin page', request('https://label.example.evil.test/', { mode: 'navigate' })],
    ['a public file that is not hashed', request(`${origin}/favicon.png`)],
    ['a URL that does not parse', request('http://[bad')],
  ])('leaves %s to the network', (_name, req) => {
    expect(strategyFor(req, scope)).toBe('network');
    expect(shouldHandle(req, scope)).toBe(false);
  });

  // HEAD is left to the network like every method but GET: the precache and the asset cache hold
  // GET answers, and the server answers a HEAD with the headers it would send now.
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])(
    'leaves a %s to the network, even of a precached file or as a page load',
    (method) => {
      for (const req of [
        request(`${origin}/assets/index-abc123.js`, { method }),
        request(`${origin}/assets/analytics-page-x1.js`, { method }),
        request(`${origin}/offline.html`, { method }),
        request(`${origin}/submit`, { method, mode: 'navigate' }),
      ]) {
        expect(strategyFor(req, scope)).toBe('network');
      }
    },
  );

  it('reads the method whatever its case', () => {
    expect(strategyFor(request(`${origin}/assets/index-abc123.js`, { method: 'get' }), scope)).toBe(
      'precache',
    );
    expect(strategyFor(request(`${origin}/assets/index-abc123.js`, { method: 'head' }), scope)).toBe(
      'network',
    );
  });

  const neverHandled = [
    '/api/me',
    '/API/Me',
    '/api',
    '/api/',
    '/api/storage/tus/abc',
    '/files/abc',
    '/files/abc/webp-640?signature=x',
    '/metrics',
    '/sw.js',
  ];
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
  const modes = ['navigate', 'cors', 'no-cors', 'same-origin', undefined];
  it.each(neverHandled)('leaves %s to the network for any method and mode', (pathname) => {
    for (const method of methods) {
      for (const mode of modes) {
        const req = request(`${origin}${pathname}`, { method, mode });
        expect(strategyFor(req, scope), `${method} ${mode}`).toBe('network');
        expect(shouldHandle(req, scope)).toBe(false);
      }
    }
  });

  it('judges a relative URL against its own origin', () => {
    expect(strategyFor(request('/api/health'), scope)).toBe('network');
    expect(strategyFor(request('/assets/index-abc123.js'), scope)).toBe('precache');
  });
});

describe('paths the worker never answers', () => {
  it.each(['/api', '/api/', '/api/me', '/Api/Me', '/files', '/files/x', '/metrics', '/metrics/', '/sw.js'])(
    '%s',
    (path) => expect(isNeverHandledPath(path)).toBe(true),
  );
  it.each(['/', '/apis', '/filesystem', '/submit', '/assets/index-abc.js'])('not %s', (path) =>
    expect(isNeverHandledPath(path)).toBe(false),
  );
});

describe('what may be precached', () => {
  it.each([
    `${origin}/assets/index-abc123.js`,
    `${origin}/assets/index-efrEQMGq.css`,
    `${origin}/offline.html`,
    `${origin}/offline.css`,
    `${origin}/offline.js`,
    `${origin}/favicon.svg`,
  ])('takes %s', (url) => expect(isPrecacheable(url, origin)).toBe(true));
  it.each([
    `${origin}/index.html`,
    `${origin}/`,
    `${origin}/assets/index-abc123.js?v=2`,
    'https://cdn.example/assets/index-abc123.js',
    `${origin}/api/config`,
    `${origin}/files/abc`,
    `${origin}/sw.js`,
    `${origin}/favicon.png`,
    `${origin}/offline.html?x=1`,
    `${origin}/assets/analytics-page-DpV0mss8.js`,
    `${origin}/assets/board-page-GUwhLVG2.js`,
    `${origin}/assets/hellosign-embedded-DPtzt9_g.js`,
  ])('refuses %s', (url) => expect(isPrecacheable(url, origin)).toBe(false));
  it('reads a relative precache-list entry against the origin', () => {
    expect(isPrecacheable('assets/index-abc123.js', origin)).toBe(true);
    expect(isPrecacheable('index.html', origin)).toBe(false);
  });
});

describe('chunks left out of the precache', () => {
  it.each([
    ['/assets/analytics-page-DpV0mss8.js', 'analytics-page'],
    ['/assets/artist-page-OSRAlDU6.js', 'artist-page'],
    ['/assets/admin-invite-page-CF0Q00L4.js', 'admin-invite-page'],
    ['/assets/invitations-page-DL6-tUD4.js', 'invitations-page'],
    ['/assets/hellosign-embedded-DPtzt9_g.js', 'hellosign-embedded'],
  ])('%s is %s', (pathname, chunk) => expect(notPrecachedChunkOf(pathname)).toBe(chunk));

  it.each([
    // Artist pages, one of them ending like a staff page (dashboard-page, board-page).
    '/assets/dashboard-page-Bg5gJ3oR.js',
    '/assets/submission-page-Ab12Cd34.js',
    '/assets/signing-page-C0onzqq2.js',
    // Shared chunks, another module named like a staff page, other files.
    '/assets/board-COSJTV_2.js',
    '/assets/artist-page-header-Ab12Cd34.js',
    '/assets/analytics-page-DpV0mss8.css',
    '/assets/analytics-page-DpV0mss8.js.map',
    '/analytics-page-DpV0mss8.js',
  ])('%s is not', (pathname) => {
    expect(notPrecachedChunkOf(pathname)).toBeUndefined();
    expect(isPrecacheable(pathname, origin)).toBe(pathname.startsWith('/assets/'));
  });

  it('are still cached on first use', () => {
    expect(strategyFor(request(`${origin}/assets/analytics-page-DpV0mss8.js`), scope)).toBe('asset');
  });

  const web = path.resolve(import.meta.dirname, '..');
  const staffPages = [
    ...readFileSync(path.join(web, 'routes.tsx'), 'utf8').matchAll(
      /lazyPage\(\s*'pages\/staff\/(?:[\w-]+\/)*([\w-]+)\.tsx'/g,
    ),
  ].map((match) => match[1]);

  // What staff pages load on first use (the board's dialogs): `import('./<name>')` in any
  // source under pages/staff/.
  const staffDir = path.join(web, 'pages', 'staff');
  const staffLazyParts = readdirSync(staffDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) => [
      ...readFileSync(path.join(staffDir, file), 'utf8').matchAll(/import\('\.\/(?:[\w-]+\/)*([\w-]+)'\)/g),
    ])
    .map((match) => match[1]);

  it('name every lazy staff page of the routes and part of a staff page, and nothing else but the signing embed', () => {
    expect(staffPages.length).toBeGreaterThan(5);
    expect(staffLazyParts).toContain('bulk-decision-dialog');
    expect([...NOT_PRECACHED_CHUNKS].sort()).toEqual(
      [...new Set([...staffPages, ...staffLazyParts]), 'hellosign-embedded'].sort(),
    );
  });

  it('name the signing embed as the sign page imports it, lazily', () => {
    const signDir = path.join(web, 'pages', 'sign');
    const sources = readdirSync(signDir)
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(path.join(signDir, file), 'utf8'));
    expect(sources.some((source) => /import\(\s*['"]hellosign-embedded['"]\s*\)/.test(source))).toBe(true);
  });
});
