import { expect, expectNoProblems, test } from '../fixtures';

test('an unknown path shows the 404 page with the path and a way home', async ({ page, problems }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('main')).toContainText('/no/such/page');
  await expect(page).toHaveTitle(/^Page not found/);

  await page.getByRole('main').getByRole('link', { name: 'Go to home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  expectNoProblems(problems);
});

test('a client-side navigation to an unknown path shows the 404 page too', async ({ page }) => {
  // A page of the app (the public pages a visitor only reads come without it: static-page.ts).
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/missing-page');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});
