import type { Request } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { signedOut, storageStatePath } from '../support/accounts';

test.use({ storageState: storageStatePath('staff') });
test.describe.configure({ timeout: 60_000 });

test('an error a visitor page reported a moment ago is in the recent errors table, with the page loads measured', async ({
  page,
  problems,
  browser,
  baseURL,
}) => {
  const message = `E2E uncaught error ${Date.now()}`;

  // A visitor's page runs a script of the site's own origin that throws later, uncaught: a real
  // error with a file name, as a bug in the app's own code would be.
  const visitor = await browser.newContext({ storageState: signedOut });
  const visitorPage = await visitor.newPage();
  await visitorPage.route('**/e2e-broken-script.js', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `setTimeout(() => { throw new Error(${JSON.stringify(message)}); }, 0);`,
    }),
  );
  await visitorPage.goto('/faq');
  await expect(visitorPage.getByRole('heading', { level: 1 })).toBeVisible();
  const reported = visitorPage.waitForResponse(
    (response) => response.url().endsWith('/api/monitoring/report-error') && response.status() === 200,
  );
  await visitorPage.addScriptTag({ url: '/e2e-broken-script.js' });
  await reported;
  // The visitor switches to another tab: the page is hidden, and it sends its web vitals. They are
  // measured by a library fetched once the page is idle (after-first-paint.ts); a prerendered page
  // shows its heading long before that, so the page is hidden again until the beacon goes out.
  const beacons: Request[] = [];
  visitorPage.on('request', (request) => {
    if (request.url().endsWith('/api/monitoring/web-vitals')) beacons.push(request);
  });
  // Each hidden event sends what was measured so far; FCP may come in a later beacon than TTFB
  // (its observer reports asynchronously), so the page is hidden until both have gone out.
  const sentNames = () =>
    beacons.flatMap((beacon) =>
      (beacon.postDataJSON() as { metrics: { name: string }[] }).metrics.map((metric) => metric.name),
    );
  await expect
    .poll(
      async () => {
        await visitorPage.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
          Object.defineProperty(document, 'hidden', { value: true, configurable: true });
          document.dispatchEvent(new Event('visibilitychange'));
          // Visible again at once: were the measuring library to start while the page reads as
          // hidden, it would take the page as hidden before its first paint and never report FCP.
          Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
          Object.defineProperty(document, 'hidden', { value: false, configurable: true });
        });
        return sentNames();
      },
      { timeout: 20_000 },
    )
    .toEqual(expect.arrayContaining(['TTFB', 'FCP']));
  for (const beacon of beacons) {
    expect((beacon.postDataJSON() as { route: string }).route).toBe('/faq');
  }
  await expect.poll(async () => (await visitorPage.request.get('/api/health')).status()).toBe(200);
  await visitor.close();

  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await page.getByRole('button', { name: 'Last Hour' }).click();
  await expect(page).toHaveURL(/\?hours=1$/);
  const recent = page.getByRole('region', { name: 'Recent errors' });
  await expect(recent.getByRole('row').filter({ hasText: message })).toBeVisible();
  const row = recent.getByRole('row').filter({ hasText: message });
  await expect(row).toContainText('MEDIUM');
  await expect(row).toContainText('Script error');
  await expect(row).toContainText(`${baseURL}/faq`);
  await expect(page.getByRole('region', { name: 'System status' })).toContainText(
    /Healthy|Degraded|Unhealthy/,
  );
  await expect(page.getByRole('region', { name: 'Performance score' })).toContainText(
    /From [1-9]\d* page loads?/,
  );
  expect(
    await page
      .getByRole('list', { name: 'Core web vitals' })
      .getByRole('listitem')
      .filter({ hasText: 'TTFB' })
      .textContent(),
  ).not.toContain('N/A');
  expectNoProblems(problems);
});

test('the window selector asks for the chosen window, and Refresh asks again', async ({ page, problems }) => {
  await page.goto('/analytics?hours=24');
  await expect(page.getByRole('region', { name: 'System status' })).toBeVisible();
  const week = page.waitForRequest((request) => request.url().includes('/api/analytics/dashboard?hours=168'));
  await page.getByRole('button', { name: 'Last Week' }).click();
  await week;
  await expect(page.getByRole('button', { name: 'Last Week' })).toHaveAttribute('aria-pressed', 'true');
  const again = page.waitForRequest((request) =>
    request.url().includes('/api/analytics/dashboard?hours=168'),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await again;
  await expect(page.getByText(/Last updated:/)).toBeVisible();
  expectNoProblems(problems);
});
