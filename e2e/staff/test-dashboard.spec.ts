import type { Page } from '@playwright/test';
import { startMondayStandIn } from '../../src/server/stand-ins/monday';
import { expect, expectNoProblems, test } from '../fixtures';
import { storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { expectNoHorizontalOverflow } from '../support/layout-shift';

/** playwright.config.ts points the server's MONDAY_API_URL at this port. */
const MONDAY_STAND_IN_PORT = Number(process.env.E2E_MONDAY_PORT ?? 3199);

async function runTest(page: Page, label: string) {
  const card = page.getByRole('article', { name: label });
  await card.getByRole('button', { name: `Run ${label}` }).click();
  await expect(card.getByRole('button', { name: `Run ${label}` })).toBeEnabled({ timeout: 30_000 });
  return card;
}

test.use({ storageState: storageStatePath('staff') });
test.describe.configure({ timeout: 60_000 });

test('staff open the test dashboard, see the connections and run the health test', async ({
  page,
  problems,
}) => {
  await page.goto('/test-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Integration test dashboard');
  const connections = page.getByRole('list', { name: 'Connections' });
  await expect(connections.getByRole('listitem').first()).toContainText(
    /Server\s*Imprint .*Connected, \d+ ms/,
  );
  await expect(connections.getByRole('listitem').filter({ hasText: 'File storage' })).toContainText(
    'local disk',
  );
  await expect(page.getByLabel('E-mail')).toHaveValue('staff@imprint.example');

  const health = await runTest(page, 'Health test');
  await expect(health.getByText('SUCCESS', { exact: true })).toBeVisible();
  await expect(health.getByLabel('Health test detail')).toContainText('The server is serving');
  await expect(health.getByLabel('Health test detail')).toContainText('Database (PGlite): ok');
  await expect(health.getByText(/^[\d,]+ ms$/)).toBeVisible();

  expect(await axeViolations(page)).toEqual([]);
  expectNoProblems(problems);
});

test('the board connection test passes with monday.com up and fails with the reason once it stops', async ({
  page,
  problems,
}) => {
  await page.goto('/test-dashboard');
  const board = page.getByRole('article', { name: 'Board connection test' });
  await expect(board).toContainText('Provider: monday.com');

  const standIn = await startMondayStandIn({ port: MONDAY_STAND_IN_PORT });
  try {
    await runTest(page, 'Board connection test');
    await expect(board.getByText('SUCCESS', { exact: true })).toBeVisible();
    await expect(board.getByLabel('Board connection test detail')).toHaveText(
      'Connected to monday.com as Stand-in Staff (account Stand-in Label); the mirror writes to board 1234567890.',
    );
    const item = await runTest(page, 'Create test item');
    await expect(item.getByText('SUCCESS', { exact: true })).toBeVisible();
    await expect(item.getByLabel('Create test item detail')).toContainText(', then deleted it.');
    // Other tests' submissions may sync to the stand-in meanwhile; the test item itself is gone.
    const left = [...standIn.items.values()].filter((row) => row.name.endsWith('(Imprint test item)'));
    expect(left).toEqual([]);
  } finally {
    await standIn.close();
  }

  await runTest(page, 'Board connection test');
  await expect(board.getByText('FAILED', { exact: true })).toBeVisible();
  await expect(board.getByLabel('Board connection test detail')).toHaveText(
    /^monday\.com could not be reached: fetch failed/,
  );
  // The indicator agrees once refreshed.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('list', { name: 'Connections' }).getByRole('listitem').nth(1)).toContainText(
    /Board\s*monday\.com\s*Down/,
  );
  expectNoProblems(problems);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cards stack and nothing sticks out', async ({ page, problems }) => {
    await page.goto('/test-dashboard');
    const storage = await runTest(page, 'Storage authentication');
    await expect(storage.getByText('SUCCESS', { exact: true })).toBeVisible();
    await expect(storage.getByLabel('Storage authentication detail')).toHaveText(
      'Wrote, read back and deleted a probe object on the local disk.',
    );
    await expectNoHorizontalOverflow(page);
    expectNoProblems(problems);
  });
});
