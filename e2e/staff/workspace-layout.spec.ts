import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { openStaffApi, signInThroughApi } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { type ApiSubmission, createSubmissionThroughApi } from '../support/board';
import { expectNoHorizontalOverflow } from '../support/layout-shift';
import { pickOption } from '../support/select';
import { hydrated, staffPage } from '../support/triage';

/**
 * Staff pages as a workspace: a compact header (title and actions on one line, no hero) on every
 * staff page, the board's search in view with its filters behind one "Filters" control, and rows
 * dense enough that a laptop (1280×800) shows at least 8 submissions and a phone (390×844) at least
 * 3 cards, each with its artist, title, status, answer-by day and a play button, without scrolling.
 */

test.describe.configure({ timeout: 240_000 });

const BOARD_SIZE = 50;

/**
 * A board of 50 submissions of one run: one sent through the API (a real WAV and cover), and 49
 * copies of it made by the suite's hook, which share its files (each upload counts against the
 * address's hourly budget, which the rest of the suite needs).
 */
async function boardOfFifty(page: Page, origin: string, run: string): Promise<ApiSubmission> {
  await signInThroughApi(page.request, origin, `workspace.${run}@example.com`);
  const original = await createSubmissionThroughApi(page.request, origin, {
    artistName: `Workspace Artist ${run}`,
    releaseTitle: `Tideline ${run}`,
  });
  const staffApi = await openStaffApi(origin);
  const copies = await staffApi.post('/api/test-hooks/board/copies', {
    headers: { origin },
    data: { itemId: original.itemId, copies: BOARD_SIZE - 1 },
  });
  expect(copies.status(), await copies.text()).toBe(200);
  const listed = await staffApi.get(`/api/board/items?q=${run}&limit=1`);
  expect(((await listed.json()) as { total: number }).total).toBe(BOARD_SIZE);
  await staffApi.dispose();
  return original;
}

/** How many of `items` are wholly on screen: inside the viewport top to bottom and side to side. */
async function whollyInView(items: Locator): Promise<number> {
  return items.evaluateAll((elements) => {
    const { innerWidth, innerHeight } = window;
    return elements.filter((element) => {
      const box = element.getBoundingClientRect();
      return (
        box.height > 0 &&
        box.top >= 0 &&
        box.left >= 0 &&
        box.bottom <= innerHeight &&
        box.right <= innerWidth
      );
    }).length;
  });
}

/**
 * A run's board of 50 opened by staff on a screen of this size, its rows or cards in place: the
 * deadlines and the fonts have arrived.
 */
async function seededBoard(
  fixtures: { page: Page; browser: Browser; baseURL?: string },
  viewport: { width: number; height: number },
) {
  const run = randomUUID().slice(0, 8);
  const original = await boardOfFifty(fixtures.page, fixtures.baseURL ?? '', run);
  const staff = await staffPage(fixtures.browser, viewport);
  const board = staff.page;
  await board.goto(`/admin/board?q=${run}`);
  await hydrated(board);
  await board.waitForLoadState('networkidle');
  await board.evaluate(() => document.fonts.ready);
  await expectCompactHeader(board, 'Submissions board');
  return { run, original, staff, board };
}

async function expectCompactHeader(page: Page, heading: string | RegExp) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(heading);
  // Right under the top bar (and a page's way back), where the hero's 390 px were.
  const box = await h1.boundingBox();
  expect(box?.y ?? 1000, 'the title starts under the top bar').toBeLessThan(140);
}

/**
 * Every other staff page starts with the same compact header, and passes axe: the submission's
 * review, the artists, analytics and settings (screenshots of two of them, named by `size`).
 */
async function otherStaffPages(page: Page, original: ApiSubmission, size: string) {
  const pages: { path: string; heading: string; shot?: string }[] = [
    { path: `/details/${original.itemId}`, heading: original.itemName, shot: 'details' },
    { path: '/admin/artists', heading: 'Artists' },
    { path: '/analytics', heading: 'Analytics', shot: 'analytics' },
    { path: '/admin/settings', heading: 'Settings' },
  ];
  for (const { path, heading, shot } of pages) {
    await page.goto(path);
    await expectCompactHeader(page, heading);
    await page.waitForLoadState('networkidle');
    if (shot) await page.screenshot({ path: `/tmp/workspace-${shot}-${size}.png` });
    expect(await axeViolations(page), path).toEqual([]);
  }
}

/**
 * One filter chosen in the open Filters panel: the URL and "Show N results" follow it at once,
 * the panel passes axe, and once it is closed the button counts the filter.
 */
async function chooseOneFilter(
  page: Page,
  panel: Locator,
  filter: { label: string; option: string; url: RegExp; size: string },
) {
  await pickOption(page, filter.label, filter.option);
  await expect(page).toHaveURL(filter.url);
  const show = panel.getByRole('button', { name: /^Show \d[\d,]* results?$/ });
  await expect(show).toBeVisible();
  await page.screenshot({ path: `/tmp/workspace-filters-${filter.size}.png` });
  expect(await axeViolations(page)).toEqual([]);
  await show.click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
}

test('at 1280×800 the board shows at least 8 submissions; the filters are one control; every staff page has a compact header', async ({
  page,
  browser,
  baseURL,
}) => {
  const { run, original, staff, board } = await seededBoard(
    { page, browser, baseURL },
    {
      width: 1280,
      height: 800,
    },
  );
  await expect(board.getByText('50 submissions', { exact: true })).toBeVisible();
  const rows = board.getByRole('table', { name: 'Submissions' }).locator('tbody tr[data-item-id]');
  await expect(rows).toHaveCount(25);
  const inView = await whollyInView(rows);
  test.info().annotations.push({ type: 'rows wholly in view at 1280×800', description: String(inView) });
  writeFileSync('/tmp/workspace-rows-1280.txt', `${inView}\n`);
  expect(inView).toBeGreaterThanOrEqual(8);
  // The search is in view; the filters are behind one button, the order beside it, the export too.
  const toolbar = board.getByRole('search', { name: 'Search and filter the board' });
  await expect(toolbar.getByRole('searchbox', { name: 'Search' })).toHaveValue(run);
  await expect(toolbar.getByRole('combobox', { name: 'Release type' })).toHaveCount(0);
  await expect(toolbar.getByRole('combobox', { name: 'Sort' })).toBeInViewport();
  await expect(toolbar.getByRole('link', { name: 'Export CSV' })).toBeInViewport();
  await expect(board.getByRole('button', { name: 'Keyboard shortcuts' })).toBeInViewport();
  await board.screenshot({ path: '/tmp/workspace-board-1280.png' });
  expect(await axeViolations(board)).toEqual([]);

  // The panel under the button; a filter chosen is counted, and the list follows it.
  await toolbar.getByRole('button', { name: 'Filters' }).click();
  const panel = board.getByRole('dialog', { name: 'Filters' });
  await expect(panel).toBeVisible();
  await chooseOneFilter(board, panel, { label: 'Genre', option: 'Pop', url: /[?&]genre=Pop/, size: '1280' });
  // The keys still work with the filters closed: j makes the first row current.
  await board.keyboard.press('j');
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');

  await otherStaffPages(board, original, '1280');
  expectNoProblems(staff.problems);
  await staff.close();
});

test('at 390×844 the board shows at least 3 cards, each with artist, title, status, answer-by day and a play button; the filters open a bottom sheet', async ({
  page,
  browser,
  baseURL,
}) => {
  const { original, staff, board } = await seededBoard(
    { page, browser, baseURL },
    {
      width: 390,
      height: 844,
    },
  );
  const cards = board.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
  await expect(cards).toHaveCount(25);
  const inView = await whollyInView(cards);
  test.info().annotations.push({ type: 'cards wholly in view at 390×844', description: String(inView) });
  writeFileSync('/tmp/workspace-cards-390.txt', `${inView}\n`);
  expect(inView).toBeGreaterThanOrEqual(3);
  for (let index = 0; index < inView; index++) {
    const card = cards.nth(index);
    const title = index === 0 ? original.releaseTitle : `${original.releaseTitle} ${index}`;
    await expect(card.getByText(original.artistName, { exact: true })).toBeInViewport();
    await expect(card.getByText(title, { exact: true })).toBeInViewport();
    await expect(card.getByText('Pending', { exact: true })).toBeInViewport();
    await expect(card.getByText(/^Answer by /)).toBeInViewport();
    await expect(
      card.getByRole('button', { name: `Play "${original.trackTitle}" by ${original.artistName}` }),
    ).toBeInViewport();
  }
  await expectNoHorizontalOverflow(board);
  await board.screenshot({ path: '/tmp/workspace-board-390.png' });
  expect(await axeViolations(board)).toEqual([]);

  // A card's play button plays its first track in the console's player.
  await cards
    .first()
    .getByRole('button', { name: /^Play / })
    .click();
  await expect(cards.first().getByRole('button', { name: /^Pause / })).toBeVisible();
  await cards
    .first()
    .getByRole('button', { name: /^Pause / })
    .click();
  await expect(cards.first().getByRole('button', { name: /^Play / })).toBeVisible();

  // The filters: a sheet from the bottom of the screen, its count on the button once one is chosen.
  await board.getByRole('button', { name: 'Filters' }).click();
  const sheet = board.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  // A sheet along the bottom edge, the screen's width, once it has slid in.
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box ? [Math.round(box.y + box.height), Math.round(box.width)] : null;
    })
    .toEqual([844, 390]);
  await chooseOneFilter(board, sheet, {
    label: 'Release type',
    option: 'Single',
    url: /[?&]releaseType=single/,
    size: '390',
  });

  await otherStaffPages(board, original, '390');
  expectNoProblems(staff.problems);
  await staff.close();
});
