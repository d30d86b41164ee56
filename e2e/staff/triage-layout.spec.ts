import { randomUUID } from 'node:crypto';
import { expect, expectNoProblems, test } from '../fixtures';
import { axeViolations } from '../support/axe';
import type { ApiSubmission } from '../support/board';
import { pickOption } from '../support/select';
import { hydrated, staffApiWithTemplate, staffPage, threeSubmissions } from '../support/triage';

/**
 * The board's triage list on the screens staff use: on a desktop (1280, 1440 and
 * 1920 px) the whole table is in view without scrolling sideways, every column's information still
 * there; on a phone (390 px) the cards can be selected and decided in bulk with one template.
 */

test.describe.configure({ timeout: 180_000 });

/** Names as long as a label gets. */
const longNames = (run: string) => (name: string) => ({
  artistName: `The ${name} Orchestra of Northern Lights ${run}`,
  releaseTitle: `${name} Waves Over the Quiet Harbour ${run}`,
});

test('the triage list fits 1280, 1440 and 1920 px without scrolling sideways, every column kept', async ({
  page,
  browser,
  baseURL,
}) => {
  const run = randomUUID().slice(0, 8);
  const made = await threeSubmissions(page, baseURL ?? '', run, longNames(run));
  for (const width of [1280, 1440, 1920]) {
    const staff = await staffPage(browser, { width, height: 900 });
    const board = staff.page;
    await board.goto(`/admin/board?q=${run}&sort=oldest`);
    await hydrated(board);
    const table = board.getByRole('table', { name: 'Submissions' });
    await expect(table.locator('tbody tr[data-item-id]')).toHaveCount(3);
    const container = table.locator('xpath=..');
    const { scrollWidth, clientWidth } = await container.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth, `the table scrolls sideways at ${width} px`).toBeLessThanOrEqual(clientWidth);
    // Every piece of a row is on screen: status, title, artist, type, preview, dates, answer by,
    // reviewer and rating.
    const row = board.locator(`tr[data-item-id="${made[0]?.itemId}"]`);
    await expect(row.getByRole('link', { name: made[0]?.releaseTitle })).toBeInViewport();
    await expect(row.getByText(made[0]?.artistName ?? '')).toBeVisible();
    await expect(row.getByText('Single', { exact: true })).toBeVisible();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Play / })).toBeInViewport();
    await expect(row.getByRole('combobox', { name: /^Reviewer of / })).toBeInViewport();
    await expect(row.getByLabel('Not rated')).toBeInViewport();
    await expect(row.getByText(/^Submitted /)).toBeVisible();
    await expect(row.getByText(/^Release /)).toBeVisible();
    await board.screenshot({ path: `/tmp/triage-width-${width}.png` });
    expectNoProblems(staff.problems);
    await staff.close();
  }
});

test('on a phone, cards are selected with 44 px checkboxes and declined together with one template', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const run = randomUUID().slice(0, 8);
  const [alpha, bravo, charlie] = await threeSubmissions(page, origin, run, longNames(run));
  const templateName = `Phone no ${run}`;
  const staffApi = await staffApiWithTemplate(origin, {
    kind: 'decline',
    name: templateName,
    body: 'Dear {{artistName}}, not this time.',
  });

  const staff = await staffPage(browser, { width: 390, height: 844 });
  const board = staff.page;
  await board.goto(`/admin/board?q=${run}&sort=oldest`);
  await hydrated(board);
  const cards = board.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  // No table and no keyboard triage on a phone: cards.
  await expect(board.getByRole('table', { name: 'Submissions' })).toHaveCount(0);

  const tick = (submission: ApiSubmission) =>
    board.getByRole('checkbox', { name: `Select "${submission.releaseTitle}" by ${submission.artistName}` });
  for (const submission of [alpha, bravo, charlie]) {
    const box = await board
      .locator(`li[data-item-id="${submission.itemId}"] .MuiCheckbox-root`)
      .boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await tick(alpha).check();
  await tick(charlie).check();
  const bar = board.getByRole('region', { name: 'Selected submissions' });
  await expect(bar).toContainText('2 selected');
  const declineButton = bar.getByRole('button', { name: 'Decline selected…' });
  expect((await declineButton.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await board.screenshot({ path: '/tmp/triage-phone-selected.png' });
  expect(await axeViolations(board)).toEqual([]);

  await declineButton.click();
  const dialog = board.getByRole('dialog', { name: 'Decline 2 submissions' });
  await pickOption(board, 'Template (Decline)', templateName);
  await board.screenshot({ path: '/tmp/triage-phone-dialog.png' });
  await dialog.getByRole('button', { name: 'Decline 2' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 of 2 submissions were set to Rejected');
  await board.screenshot({ path: '/tmp/triage-phone-results.png' });
  expect(await axeViolations(board)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(board.locator(`li[data-item-id="${alpha.itemId}"]`).getByText('Rejected')).toBeVisible();
  await expect(board.locator(`li[data-item-id="${charlie.itemId}"]`).getByText('Rejected')).toBeVisible();
  await expect(board.locator(`li[data-item-id="${bravo.itemId}"]`).getByText('Pending')).toBeVisible();
  // What was declined left the selection; nothing is selected now.
  await expect(bar).toContainText('Select submissions to approve or decline several at once.');

  expectNoProblems(staff.problems);
  await staffApi.dispose();
  await staff.close();
});
