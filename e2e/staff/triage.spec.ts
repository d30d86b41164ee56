import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { axeViolations } from '../support/axe';
import type { ApiSubmission } from '../support/board';
import { pickOption } from '../support/select';
import { hydrated, staffApiWithTemplate, staffPage, threeSubmissions } from '../support/triage';

/**
 * Triage at speed in the browser: the board narrowed by a search to one run's
 * submissions, keyboard triage through three of them (j/k, space, a/c/d opening the right decision
 * for the right submission, ?), and a bulk decline with a template that the artist then sees.
 */

test.describe.configure({ timeout: 180_000 });

const rowOf = (page: Page, submission: ApiSubmission) =>
  page.locator(`tr[data-item-id="${submission.itemId}"]`);

test('keyboard triage through three submissions: j/k, space, a/c/d open the right decision, ? lists the keys', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const run = randomUUID().slice(0, 8);
  const [alpha, bravo, charlie] = await threeSubmissions(page, origin, run);
  const templateName = `Welcome ${run}`;
  const staffApi = await staffApiWithTemplate(origin, {
    kind: 'approve',
    name: templateName,
    body: 'Welcome aboard, {{artistName}}!',
  });

  const staff = await staffPage(browser);
  const board = staff.page;
  // The search lives in the URL: this board is the run's three, oldest first.
  await board.goto(`/admin/board?q=${run}&sort=oldest`);
  await hydrated(board);
  await expect(board.getByRole('searchbox', { name: 'Search' })).toHaveValue(run);
  const rows = board.locator('tbody tr[data-item-id]');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-item-id', alpha.itemId);
  await expect(rows.nth(2)).toHaveAttribute('data-item-id', charlie.itemId);

  // j and k move the current row; it is announced, marked and focused.
  await board.keyboard.press('j');
  await expect(rowOf(board, alpha)).toHaveAttribute('aria-current', 'true');
  await expect(rowOf(board, alpha)).toBeFocused();
  await expect(board.getByRole('status').filter({ hasText: `1 of 3: Alpha Waves ${run}` })).toBeAttached();
  await board.keyboard.press('j');
  await board.keyboard.press('j');
  await expect(rowOf(board, charlie)).toHaveAttribute('aria-current', 'true');
  await board.keyboard.press('j'); // the last stays the last
  await expect(rowOf(board, charlie)).toHaveAttribute('aria-current', 'true');
  await board.keyboard.press('k');
  await expect(rowOf(board, bravo)).toHaveAttribute('aria-current', 'true');
  await expect(rowOf(board, charlie)).not.toHaveAttribute('aria-current', 'true');

  // Space plays the current row's preview, and pauses it; one player, loaded only when played.
  const audio = board.getByTestId('board-preview-audio');
  await expect(audio).toHaveAttribute('preload', 'none');
  await expect(audio).not.toHaveAttribute('src', /.+/);
  await board.keyboard.press(' ');
  await expect(rowOf(board, bravo).getByRole('button', { name: /^Pause / })).toBeVisible();
  await expect(audio).toHaveAttribute('src', /\/files\//);
  await board.keyboard.press(' ');
  await expect(rowOf(board, bravo).getByRole('button', { name: /^Play / })).toBeVisible();
  // The waveform the server computed (the peaks job runs in the background).
  await expect(async () => {
    await board.reload();
    await expect(rowOf(board, bravo).locator('svg[data-measured="true"]')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await hydrated(board);
  await board.keyboard.press('j');
  await board.keyboard.press('j');
  await expect(rowOf(board, bravo)).toHaveAttribute('aria-current', 'true');

  // c: the fields to mark for Bravo; d: Bravo's decline with Rejected chosen; Escape closes each.
  await board.keyboard.press('c');
  let dialog = board.getByRole('dialog', { name: `Request changes: Bravo Waves ${run}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Artwork' })).toBeVisible();
  // Keys typed inside a dialog are the dialog's: j does not move the board.
  await board.keyboard.press('j');
  await board.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rowOf(board, bravo)).toHaveAttribute('aria-current', 'true');
  await board.keyboard.press('d');
  dialog = board.getByRole('dialog', { name: `Decline: Bravo Waves ${run}` });
  await expect(dialog.getByRole('radio', { name: 'Rejected' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Template (Decline)' })).toBeVisible();
  await board.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // ? lists the keys.
  await board.keyboard.press('?');
  const help = board.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Next submission');
  await expect(help).toContainText("Play or pause the submission's preview");
  expect(await axeViolations(board)).toEqual([]);
  await board.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // a on Charlie: approve it with the template, from the board.
  await board.keyboard.press('j');
  await board.keyboard.press('a');
  dialog = board.getByRole('dialog', { name: `Approve: Charlie Waves ${run}` });
  await expect(dialog.getByRole('radio', { name: 'Approved' })).toBeChecked();
  await pickOption(board, 'Template (Approve)', templateName);
  await expect(dialog.getByRole('textbox', { name: 'Message to the artist (optional)' })).toHaveValue(
    `Welcome aboard, Triage ${run} Charlie!`,
  );
  await board.screenshot({ path: '/tmp/triage-approve-dialog.png' });
  await dialog.getByRole('button', { name: 'Set to Approved' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(board, charlie).getByText('Approved')).toBeVisible();
  await expect(rowOf(board, alpha).getByText('Pending')).toBeVisible();
  await board.screenshot({ path: '/tmp/triage-board.png', fullPage: true });

  expect(await axeViolations(board)).toEqual([]);
  expectNoProblems(staff.problems);
  await staffApi.dispose();
  await staff.close();
});

test('a bulk decline with one template: each artist is declined with their own name', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const run = randomUUID().slice(0, 8);
  const made = await threeSubmissions(page, origin, run);
  const templateName = `Not for us ${run}`;
  const staffApi = await staffApiWithTemplate(origin, {
    kind: 'decline',
    name: templateName,
    body: 'Dear {{artistName}}, "{{releaseTitle}}" is not for us.',
  });

  const staff = await staffPage(browser);
  const board = staff.page;
  await board.goto('/admin/board');
  await hydrated(board);
  // Typed into the search box: sent once typing pauses, and kept in the URL.
  await board.getByRole('searchbox', { name: 'Search' }).fill(run);
  await expect(board).toHaveURL(new RegExp(`[?&]q=${run}`));
  const rows = board.locator('tbody tr[data-item-id]');
  await expect(rows).toHaveCount(3);

  await board.getByRole('checkbox', { name: 'Select all submissions shown' }).check();
  const bar = board.getByRole('region', { name: 'Selected submissions' });
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Decline selected…' }).click();
  const dialog = board.getByRole('dialog', { name: 'Decline 3 submissions' });
  await pickOption(board, 'Template (Decline)', templateName);
  await expect(dialog.getByRole('textbox', { name: 'Message to each artist' })).toHaveValue(
    'Dear {{artistName}}, "{{releaseTitle}}" is not for us.',
  );
  await board.screenshot({ path: '/tmp/triage-bulk-dialog.png' });
  await dialog.getByRole('button', { name: 'Decline 3' }).click();
  await expect(dialog.getByRole('status')).toContainText('3 of 3 submissions were set to Rejected');
  await board.screenshot({ path: '/tmp/triage-bulk-results.png' });
  expect(await axeViolations(board)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  for (const submission of made) await expect(rowOf(board, submission).getByText('Rejected')).toBeVisible();

  // The artist sees each declined, with the template filled for that release.
  for (const submission of made) {
    await page.goto(`/submission/${submission.itemId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(submission.releaseTitle);
    await expect(page.getByText('Your submission was not approved')).toBeVisible();
  }
  const events = await staffApi.get(`/api/board/items/${made[0]?.itemId}/timeline?limit=20`);
  expect(JSON.stringify(await events.json())).toContain(
    `Dear Triage ${run} Alpha, \\"Alpha Waves ${run}\\" is not for us.`,
  );

  expectNoProblems(staff.problems);
  await staffApi.dispose();
  await staff.close();
});
