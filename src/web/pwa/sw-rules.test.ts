import { describe, expect, it } from 'vitest';
import { isNeverHandledPath, isPrecacheable, type RequestLike, shouldHandle, strategyFor } from './sw-rules';

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
  ])('refuses %s', (url) => expect(isPrecacheable(url, origin)).toBe(false));
  it('reads a relative precache-list entry against the origin', () => {
    expect(isPrecacheable('assets/index-abc123.js', origin)).toBe(true);
    expect(isPrecacheable('index.html', origin)).toBe(false);
  });
});
