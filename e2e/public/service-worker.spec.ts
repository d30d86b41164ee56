import { expect, type Page, test } from '@playwright/test';

// A service worker for the app shell. The rest of the suite blocks workers
// (playwright.config.ts); these tests allow them.
test.use({ serviceWorkers: 'allow' });
// A worker's install precaches some 180 files one at a time (Workbox), on this shared machine
// beside another spec's page: more than the suite's 30 s per test at times.
test.describe.configure({ timeout: 90_000 });

/** Waits until the app's worker controls the page (it registers once the page is up, then claims it). */
async function controlledByWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

test('/sw.js is served uncached, registers, and takes the page', async ({ page, request }) => {
  const script = await request.get('/sw.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toContain('javascript');
  expect(script.headers()['cache-control']).toContain('no-cache');

  await page.goto('/');
  await controlledByWorker(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope);
  expect(scope).toMatch(/\/$/);
});

test('the worker never answers the API, and answers the app’s own files from its cache', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledByWorker(page);

  const seen: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (response) =>
    seen.push({ path: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() }),
  );
  // What the worker itself fetches: a worker answering the API would fetch it from there.
  const fetchedByWorker: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker()) fetchedByWorker.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    await fetch('/api/health');
    await fetch('/api/config');
  });

  const api = seen.filter((entry) => entry.path.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((entry) => entry.fromWorker)).toEqual([]);
  expect(fetchedByWorker.filter((path) => path.toLowerCase().startsWith('/api'))).toEqual([]);
  const assets = seen.filter((entry) => entry.path.startsWith('/assets/') && entry.path.endsWith('.js'));
  expect(assets.length).toBeGreaterThan(0);
  expect(assets.every((entry) => entry.fromWorker)).toBe(true);
  // Pages are always the server's (network only): a fresh CSP nonce each time, never a cached copy.
  const nonce = () => page.locator('meta[name="csp-nonce"]').getAttribute('content');
  const before = await nonce();
  await page.reload();
  expect(await nonce()).not.toBe(before);
});

test('offline, a page that cannot load shows the offline page, and Retry brings the app back', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledByWorker(page);
  await context.setOffline(true);
  await page.goto('/faq').catch(() => {});
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('You are offline');
  await expect(page).toHaveURL(/\/faq$/);
});

test('when a new version waits, the page offers Reload, which brings it in', async ({ page, context }) => {
  // A page of the app: a page a visitor only reads has no app to update (static-page.ts), and
  // following any link from it loads the new version.
  await page.goto('/login');
  await controlledByWorker(page);

  // The next deploy's worker: the same script with another precache list (one entry file renamed),
  // as a build with changed code would have. Registered under another URL of the same scope, which
  // makes the browser install it beside the active one; it then waits, as a deployed update does.
  // (The browser's update check of /sw.js itself never reaches Playwright: neither context.route
  // nor page.route sees it, nor does a 'request' event, so it cannot be given another script.)
  const original = await (await page.request.get('/sw.js')).text();
  const entry = original.match(/assets\/index-[\w-]+\.js/)?.[0];
  expect(entry).toBeTruthy();
  const next = original.split(entry as string).join('assets/index-nextbuild.js');
  let nextServed = false;
  await context.route('**/sw.js?next-build', (route) => {
    nextServed = true;
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      headers: { 'cache-control': 'no-cache' },
      body: next,
    });
  });
  await context.route('**/assets/index-nextbuild.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '// the next build' }),
  );

  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?next-build', { scope: '/' });
  });
  const notice = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  expect(nextServed).toBe(true);

  const reloaded = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page came back under the new worker.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js\?next-build$/,
  );
  await expect(page.getByText('A new version is available')).toHaveCount(0);
});
