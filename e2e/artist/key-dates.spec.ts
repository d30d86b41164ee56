import fs from 'node:fs/promises';
import { addDays, formatLongDate, keyDatesResponseSchema } from '../../src/domain';
import { expect, expectNoProblems, test } from '../fixtures';
import { openStaffApi, signedOut, signInThroughApi, storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { newArtistWithSubmission } from '../support/board';
import { todayIso } from '../support/submission';

const longDate = (date: string) => formatLongDate(date) ?? date;

test.describe.configure({ timeout: 90_000 });

test('the artist sees the key dates of their submission and downloads them as a calendar', async ({
  page,
  problems,
  baseURL,
  playwright,
}) => {
  const origin = baseURL ?? '';
  const submission = await newArtistWithSubmission(page.request, origin, 'dates');
  const today = todayIso();
  const release = addDays(today, 180);
  // The defaults: everything final 28 days before, pitches close 7 days before.
  const delivery = addDays(release, -28);
  const pitch = addDays(release, -7);

  await page.goto(`/submission/${submission.itemId}`);
  await expect(page.getByRole('heading', { level: 1, name: submission.releaseTitle })).toBeVisible();
  const section = page.getByRole('region', { name: 'Key dates' });
  const list = section.getByRole('list', { name: 'Key dates, earliest first' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const items = list.getByRole('listitem');
  await expect(items.nth(0)).toContainText(longDate(delivery));
  await expect(items.nth(0)).toContainText(`Delivery deadline · ${submission.releaseTitle}`);
  await expect(items.nth(0)).toContainText('In 152 days');
  await expect(items.nth(0)).toContainText('By this day everything for the release must be final');
  await expect(items.nth(1)).toContainText(longDate(pitch));
  await expect(items.nth(1)).toContainText('Editorial pitch deadline');
  await expect(items.nth(1)).toContainText('In 173 days');
  await expect(items.nth(2)).toContainText(longDate(release));
  await expect(items.nth(2)).toContainText('Release day');
  await expect(section).toContainText('We e-mail you 3 days before each deadline.');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/planner-key-dates-artist.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // The calendar file: all-day events with the same dates, in RFC 5545's form.
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
  const download = await downloading;
  const slug = submission.releaseTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  expect(download.suggestedFilename()).toBe(`${slug}-key-dates.ics`);
  const text = await fs.readFile((await download.path()) ?? '', 'utf8');
  expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(3);
  for (const date of [delivery, pitch, release]) {
    expect(lines).toContain(`DTSTART;VALUE=DATE:${date.replace(/-/g, '')}`);
  }
  expect(lines).toContain(`SUMMARY:Delivery deadline: ${submission.releaseTitle}`);
  expect(lines).toContain(`SUMMARY:Release day: ${submission.releaseTitle}`);
  expect(lines).toContain(`URL:${origin}/submission/${submission.itemId}`);
  expect(lines.filter((line) => line.startsWith('UID:') && line.includes(submission.itemId))).toHaveLength(3);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

  // Another artist may not read them; staff see the same dates on the submission's details.
  const stranger = await playwright.request.newContext({ baseURL: origin, storageState: signedOut });
  await signInThroughApi(stranger, origin, `stranger.${Date.now()}@example.com`);
  expect((await stranger.get(`/api/profile/submissions/${submission.itemId}/dates.ics`)).status()).toBe(404);
  await stranger.dispose();
  const staff = await openStaffApi(origin);
  const staffDates = keyDatesResponseSchema.parse(
    await (await staff.get(`/api/board/items/${submission.itemId}/key-dates`)).json(),
  );
  expect(staffDates.keyDates?.keyDates.map((keyDate) => keyDate.date)).toEqual([delivery, pitch, release]);
  await staff.dispose();

  expectNoProblems(problems);
});

test.describe('staff', () => {
  test.use({ storageState: storageStatePath('staff') });

  test('see the key dates on the details page and the next deadline on the board', async ({
    page,
    problems,
    baseURL,
    playwright,
  }) => {
    const origin = baseURL ?? '';
    // A context of no one: new contexts take the describe's staff storage state otherwise, and
    // signing in over it would end the staff session that other specs share.
    const artist = await playwright.request.newContext({ baseURL: origin, storageState: signedOut });
    const submission = await newArtistWithSubmission(artist, origin, 'dates.staff');
    await artist.dispose();

    await page.goto(`/details/${submission.itemId}`);
    const section = page.getByRole('region', { name: 'Key dates' });
    await expect(section.getByRole('listitem')).toHaveCount(3);
    await expect(section).toContainText('We e-mail the artist 3 days before each deadline.');
    await expect(section.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute(
      'href',
      `/api/board/items/${submission.itemId}/dates.ics`,
    );
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/planner-key-dates-staff.png' });

    await page.goto('/admin/board');
    const row = page.getByRole('row').filter({ hasText: submission.releaseTitle });
    await expect(row).toContainText('Delivery deadline');
    await expect(row).toContainText('In 152 days');
    await page.screenshot({ path: '/tmp/planner-board.png' });

    await page.goto('/admin/settings');
    await expect(
      page.getByRole('spinbutton', { name: 'Delivery deadline (days before release)' }),
    ).toHaveValue('28');
    await page.screenshot({ path: '/tmp/planner-settings.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expectNoProblems(problems);
  });
});
