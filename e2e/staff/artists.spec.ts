import type { Page } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { demoArtist, storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';

test.use({ storageState: storageStatePath('staff') });
test.describe.configure({ timeout: 90_000 });

/** Opens the artists list from the account menu, as staff reach it. */
async function openFromMenu(page: Page) {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Artists' }).click();
  await expect(page).toHaveURL('/admin/artists');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artists');
}

test('staff find the demo artist by name and e-mail, and open their page', async ({ page, problems }) => {
  await openFromMenu(page);
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ artists?$/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const search = page.getByRole('searchbox', { name: 'Search artists' });
  await search.fill('maya riv');
  await expect(page).toHaveURL('/admin/artists?q=maya+riv');
  await expect(page.getByRole('heading', { level: 2, name: /^1 artist matches “maya riv”$/ })).toBeVisible();
  const row = page
    .getByRole('list', { name: 'Artists' })
    .getByRole('listitem')
    .filter({ hasText: demoArtist });
  await expect(row).toHaveCount(1);
  // The demo artist has five submissions (seed-demo-data.ts).
  await expect(row).toContainText('5 submissions');
  await expect(row).toContainText('latest');

  // By e-mail, in another case, sorted by name; a reload keeps both.
  await search.fill(demoArtist.toUpperCase());
  await page.getByRole('combobox', { name: 'Sort' }).click();
  await page.getByRole('option', { name: 'Name (A to Z)' }).click();
  // The search reaches the URL once typing pauses, the sort at once: reload only when both are there.
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('q') === demoArtist.toUpperCase() && url.searchParams.get('sort') === 'name',
  );
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByRole('searchbox', { name: 'Search artists' })).toHaveValue(demoArtist.toUpperCase());
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText('Name (A to Z)');
  await expect(row).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('link', { name: 'Maya Rivers' }).click();
  await expect(page).toHaveURL(/\/artist\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Rivers');

  // Nothing found says so.
  await page.goto('/admin/artists?q=zzzz-nobody', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'No artist found' })).toBeVisible();
  expectNoProblems(problems);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list fits the screen and the artist opens from it', async ({ page, problems }) => {
    await page.goto('/admin/artists?q=maya', { waitUntil: 'networkidle' });
    const row = page.getByRole('listitem').filter({ hasText: demoArtist });
    await expect(row).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('link', { name: 'Maya Rivers' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Rivers');
    expectNoProblems(problems);
  });
});
