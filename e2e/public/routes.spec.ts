import { dismissBetaNotice, expect, expectNoProblems, routeTable, test, watchPage } from '../fixtures';
import { storageStatePath } from '../support/accounts';

test.describe('route table', () => {
  for (const route of routeTable) {
    test(`${route.path} loads its page${route.as ? ` for the ${route.as}` : ''}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({
        baseURL,
        ...(route.as ? { storageState: storageStatePath(route.as) } : {}),
      });
      const page = await context.newPage();
      const problems = watchPage(page);
      await page.goto(route.path, { waitUntil: 'networkidle' });
      if (route.path === '/submit') await dismissBetaNotice(page);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(route.heading);
      await expect(heading).toHaveCount(1);
      await expect(page).toHaveTitle(/\S/);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expectNoProblems(problems);
      await context.close();
    });
  }

  for (const route of routeTable.filter((r) => r.as)) {
    test(`${route.path} sends a visitor to /login with the way back`, async ({ page, problems }) => {
      await page.goto(route.path, { waitUntil: 'networkidle' });
      await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(route.path)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      expectNoProblems(problems);
    });
  }

  test('a page shows "Loading..." while its code loads', async ({ page, problems }) => {
    // From a page of the app: the public pages a visitor only reads come without it (static-page.ts).
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Hold the Learn More page's code back until the placeholder has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/learn-more-page-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });

    await page.getByRole('banner').getByRole('link', { name: 'Learn More' }).click();
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
    await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
    expectNoProblems(problems);
  });
});

test('a page whose code fails to load shows a friendly error with a reload button', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route(/\/assets\/faq-page-[^/]*\.js$/, (route) => route.abort());

  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await expect(page).toHaveTitle(/^Something went wrong/);

  await page.unroute(/\/assets\/faq-page-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
});
