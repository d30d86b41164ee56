import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { axeViolations } from '../support/axe';
import type { ApiSubmission } from '../support/board';
import { pickOption } from '../support/select';
import { wavFile } from '../support/submission';
import { hydrated, staffApiWithTemplate, staffPage, threeSubmissions } from '../support/triage';

/**
 * Listening first: "Listen to pending" plays the pending submissions' first tracks one after
 * another, oldest promise first, in the player docked at the bottom of the screen, with next and
 * previous, a decision by the board's keys, and the player kept while staff open a submission.
 */

test.describe.configure({ timeout: 240_000 });

/** Three submissions of one artist, oldest first, each with a 30-second track (long enough to act on). */
const threePending = (page: Page, origin: string, run: string) =>
  threeSubmissions(page, origin, run, (name) => ({
    artistName: `Listen ${run} ${name}`,
    releaseTitle: `${name} Tides ${run}`,
    wav: wavFile(`${name.toLowerCase()}.wav`, { seconds: 30 }),
  }));

/** The docked player's audio plays: not paused, and its time moves on. */
async function expectPlaying(page: Page) {
  const audio = page.getByTestId('player-audio');
  await expect(audio).toHaveAttribute('src', /\/files\//);
  const start = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
  await expect
    .poll(() =>
      audio.evaluate(
        (element: HTMLAudioElement, from) => !element.paused && element.currentTime > from,
        start,
      ),
    )
    .toBe(true);
}

async function expectNowPlaying(player: Locator, submission: ApiSubmission) {
  await expect(player).toContainText(submission.releaseTitle);
  await expect(player).toContainText(submission.artistName);
}

test('the queue plays three submissions and records a decision by keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const run = randomUUID().slice(0, 8);
  const [alpha, bravo, charlie] = await threePending(page, origin, run);
  const templateName = `Not this time ${run}`;
  const staffApi = await staffApiWithTemplate(origin, {
    kind: 'decline',
    name: templateName,
    body: 'Thank you, {{artistName}}: not this time.',
  });

  const staff = await staffPage(browser, { width: 1280, height: 800 });
  const board = staff.page;
  // The queue takes the board's view: this run's submissions, whatever other specs add.
  await board.goto(`/admin/board?q=${run}`);
  await hydrated(board);
  await expect(board.locator('tbody tr[data-item-id]')).toHaveCount(3);

  await board.getByRole('button', { name: 'Listen to pending' }).click();
  const player = board.getByRole('region', { name: 'Player' });
  await expect(player).toBeVisible();
  // Oldest promise first: Alpha arrived first.
  await expectNowPlaying(player, alpha);
  await expectPlaying(board);
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();

  // The queue panel lists what is coming, in order.
  await player.getByRole('button', { name: 'Queue, 3 tracks' }).click();
  const queue = player.getByRole('region', { name: /^Pending submissions/ });
  await expect(queue.getByRole('listitem')).toHaveCount(3);
  await expect(queue.getByRole('listitem').nth(0)).toContainText(alpha.artistName);
  await expect(queue.getByRole('listitem').nth(2)).toContainText(charlie.artistName);
  await expect(queue.locator('[aria-current="true"]')).toContainText(alpha.artistName);
  await board.screenshot({ path: '/tmp/listening-queue-board-1280.png' });
  expect(await axeViolations(board)).toEqual([]);
  await player.getByRole('button', { name: 'Queue, 3 tracks' }).click();

  // Next twice: the button, then the board's j.
  await player.getByRole('button', { name: 'Next track' }).click();
  await expectNowPlaying(player, bravo);
  await board.keyboard.press('j');
  await expectNowPlaying(player, charlie);
  await expectPlaying(board);
  await expect(player.getByRole('button', { name: 'Next track' })).toBeDisabled();
  // Back to Bravo.
  await player.getByRole('button', { name: 'Previous track' }).click();
  await expectNowPlaying(player, bravo);
  await expectPlaying(board);

  // d: Bravo's decline with a template, from the player's queue (not the board's current row).
  await board.keyboard.press('d');
  const dialog = board.getByRole('dialog', { name: `Decline: ${bravo.releaseTitle}` });
  await expect(dialog.getByRole('radio', { name: 'Rejected' })).toBeChecked();
  await pickOption(board, 'Template (Decline)', templateName);
  await expect(dialog.getByRole('textbox', { name: 'Message to the artist (optional)' })).toHaveValue(
    `Thank you, ${bravo.artistName}: not this time.`,
  );
  await dialog.getByRole('button', { name: 'Set to Rejected' }).click();
  await expect(dialog).toBeHidden();
  // The board shows the decision; the queue moves on to what followed Bravo, without it.
  await expect(board.locator(`tr[data-item-id="${bravo.itemId}"]`).getByText('Rejected')).toBeVisible();
  await expect(board.locator(`tr[data-item-id="${alpha.itemId}"]`).getByText('Pending')).toBeVisible();
  await expectNowPlaying(player, charlie);
  await expect(player.getByRole('button', { name: 'Queue, 2 tracks' })).toBeVisible();
  await expectPlaying(board);

  // The player stays docked on the submission's page, still playing, and the page starts with
  // its tracks.
  const src = await board.getByTestId('player-audio').getAttribute('src');
  await player.getByRole('link', { name: charlie.trackTitle }).click();
  await expect(board.getByRole('heading', { level: 1 })).toHaveText(charlie.itemName);
  await expect(player).toBeVisible();
  await expect(board.getByTestId('player-audio')).toHaveAttribute('src', src ?? '');
  await expectPlaying(board);
  const listen = board.getByRole('region', { name: 'Listen' });
  await expect(listen.getByRole('button', { name: `Pause ${charlie.trackTitle}` })).toBeVisible();
  const sections = await board
    .locator('main section[aria-labelledby]')
    .evaluateAll((elements) =>
      elements.map(
        (element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent,
      ),
    );
  expect(sections[0]).toBe('Listen');
  await board.screenshot({ path: '/tmp/listening-queue-details-1280.png' });
  expect(await axeViolations(board)).toEqual([]);

  expectNoProblems(staff.problems);
  await staffApi.dispose();
  await staff.close();
});

test('on a phone the player stays docked at the bottom while the list scrolls', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const run = randomUUID().slice(0, 8);
  const [alpha] = await threePending(page, origin, run);

  const staff = await staffPage(browser, { width: 390, height: 844 });
  const board = staff.page;
  await board.goto(`/admin/board?q=${run}`);
  await hydrated(board);
  await board.getByRole('button', { name: 'Listen to pending' }).click();
  const player = board.getByRole('region', { name: 'Player' });
  await expectNowPlaying(player, alpha);
  await expectPlaying(board);

  const docked = async () => {
    const box = await player.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    expect(box?.width).toBe(390);
    return box?.y ?? 0;
  };
  await docked();
  await board.screenshot({ path: '/tmp/listening-queue-board-390.png' });
  // Scrolled to the end, the player is still at the bottom and the page's end (the last card, the
  // footer under it) clears it.
  await board.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const top = await docked();
  const footer = await board.getByRole('contentinfo').boundingBox();
  expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(top + 1);
  await board.screenshot({ path: '/tmp/listening-queue-board-390-scrolled.png' });
  expect(await axeViolations(board)).toEqual([]);

  // The submission's page on a phone: its tracks first, the player below.
  await board.goto(`/details/${alpha.itemId}`);
  await expect(board.getByRole('heading', { level: 1 })).toHaveText(alpha.itemName);
  await board
    .getByRole('region', { name: 'Listen' })
    .getByRole('button', { name: `Play ${alpha.trackTitle}` })
    .click();
  await expectPlaying(board);
  await docked();
  await board.screenshot({ path: '/tmp/listening-queue-details-390.png' });
  expect(await axeViolations(board)).toEqual([]);

  expectNoProblems(staff.problems);
  await staff.close();
});
