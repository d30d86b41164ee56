import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  // Name the rule, the help text and the offending elements, so a failure says what to fix.
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  return violations;
}

// The not-found page too: its large '404' once failed color-contrast.
for (const path of ['/', '/faq', '/privacy-policy', '/no/such/page']) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scan(page)).toEqual([]);
  });
}

test('axe finds no violations on the FAQ with an answer open', async ({ page }) => {
  await page.goto('/faq', { waitUntil: 'networkidle' });
  await page.getByText('How long does the review take?').click();
  await expect(page.getByText(/reviews every submission within/).first()).toBeVisible();
  expect(await scan(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('axe finds no violations on the home page, nor with the menu open', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scan(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await scan(page)).toEqual([]);
  });
});
