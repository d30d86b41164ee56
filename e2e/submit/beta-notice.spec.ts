import AxeBuilder from '@axe-core/playwright';
import { expect, expectNoProblems, test } from '../fixtures';

test('the beta notice shows once per browser session until dismissed', async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  await page.goto('/submit');
  const notice = page.getByRole('dialog', { name: 'Beta Portal Notice' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('is in beta');
  const axe = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(axe.violations).toEqual([]);

  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submit your music');

  // Same browser session: it stays dismissed, after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submit your music');
  await expect(notice).toBeHidden();

  // A new browser session sees it again; Escape dismisses it like the button.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/submit');
  const otherNotice = otherPage.getByRole('dialog', { name: 'Beta Portal Notice' });
  await expect(otherNotice).toBeVisible();
  await otherPage.keyboard.press('Escape');
  await expect(otherNotice).toBeHidden();
  await other.close();
  expectNoProblems(problems);
});
