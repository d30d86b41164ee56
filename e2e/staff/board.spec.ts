import { createHash } from 'node:crypto';
import { formatDbtp, formatLufs, listLoudnessAdvice, measureWavLoudness } from '../../src/domain';
import { expect, expectNoProblems, test } from '../fixtures';
import { storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { createSubmissionThroughApi } from '../support/board';
import { expectNoHorizontalOverflow } from '../support/layout-shift';
import { readMail } from '../support/mail';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test.use({ storageState: storageStatePath('staff') });
test.describe.configure({ timeout: 90_000 });

test('staff find a new submission under Pending, listen, download it, approve it, and the artist is mailed', async ({
  page,
  problems,
  request,
  baseURL,
}) => {
  const submission = await createSubmissionThroughApi(request, baseURL ?? '');

  // Staff reach the board from their account menu.
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Board', exact: true }).click();
  await expect(page).toHaveURL('/admin/board');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submissions board');
  const filters = page.getByRole('navigation', { name: 'Filter by status' });
  await filters.getByRole('link', { name: /^Pending \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/board\?status=pending$/);
  const table = page.getByRole('table', { name: 'Submissions' });
  const row = table.getByRole('row').filter({ hasText: submission.releaseTitle });
  await expect(row).toHaveCount(1);
  // The triage list: a checkbox, the status, the release with its artist and type,
  // the preview, the dates.
  await expect(row.getByRole('cell').nth(1)).toHaveText('Pending');
  await expect(row.getByRole('cell').nth(2)).toHaveText(
    `${submission.releaseTitle}${submission.artistName}Single`,
  );
  await expect(
    row.getByRole('button', { name: `Play "${submission.trackTitle}" by ${submission.artistName}` }),
  ).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toContainText('Submitted ');
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('link', { name: submission.releaseTitle }).click();
  await expect(page).toHaveURL(`/details/${submission.itemId}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(submission.itemName);
  const header = page.locator('header').filter({ has: title });
  await expect(header.getByText('Pending', { exact: true })).toBeVisible();

  // The track plays from its signed link in the docked player, and Download answers with exactly
  // the uploaded bytes.
  const tracks = page.getByRole('region', { name: 'Tracks (1)' });
  await expect(tracks).toContainText('2 ch · 48 kHz · 24-bit · 0:03');
  const download = tracks.getByRole('link', {
    name: `Download ${submission.trackTitle} (${submission.wav.name})`,
  });
  const href = await download.getAttribute('href');
  if (!href) throw new Error('no download link');
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain('attachment');
  expect(sha256(await file.body())).toBe(sha256(submission.wav.buffer));
  await tracks.getByRole('button', { name: `Play ${submission.trackTitle}` }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(submission.trackTitle);
  const audioSrc = await page.getByTestId('player-audio').getAttribute('src');
  const streamed = await page.request.get(audioSrc ?? '');
  expect(sha256(await streamed.body())).toBe(sha256(submission.wav.buffer));

  const artwork = page.getByRole('region', { name: 'Artwork' });
  await expect(artwork.getByRole('img', { name: `Artwork for ${submission.releaseTitle}` })).toBeVisible();
  await expect(artwork).toContainText('800 × 800 px');
  await expect(tracks).toContainText('Leo Park — Producer: Producer');
  await expect(
    tracks.getByRole('table', { name: `Master splits of ${submission.trackTitle}` }),
  ).toContainText('Total100%');

  // The server's level check of the stored WAV: "Measuring…" until the background
  // job has run, then the same figures the domain gives for the file.
  const expected = measureWavLoudness(new Uint8Array(submission.wav.buffer));
  if (!expected.ok) throw new Error(expected.reason);
  const levels = tracks.getByRole('note', { name: `Level check of ${submission.trackTitle}` });
  await expect(async () => {
    if (await tracks.getByRole('status').filter({ hasText: 'Measuring…' }).isVisible()) await page.reload();
    await expect(levels).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(levels).toContainText(
    `Loudness ${formatLufs(expected.measurement.integratedLufs)} · true peak ${formatDbtp(expected.measurement.truePeakDbtp)} · no clipping`,
  );
  // The test tone is loud (a −6 dBFS sine): the artist's advice, word for word.
  for (const item of listLoudnessAdvice(expected.measurement))
    await expect(levels).toContainText(item.advice);
  await levels.screenshot({ path: '/tmp/loudness-staff-levels.png' });
  expect(await axeViolations(page)).toEqual([]);

  // Approve with a note to the artist.
  const since = Date.now() - 1000;
  const message = `Welcome aboard! We will send the terms for ${submission.releaseTitle} this week.`;
  const panel = page.getByRole('region', { name: 'Change status' });
  await panel.getByRole('radio', { name: 'Approved' }).check();
  await panel.getByLabel('Message to the artist (optional)').fill(message);
  await panel.getByRole('button', { name: 'Set to Approved' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Status changed to Approved. The artist has been e-mailed.',
  );
  await expect(header.getByText('Approved', { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'Timeline' });
  await expect(history).toContainText('Status changed from Pending to Approved');
  await expect(history).toContainText(message);
  await expect(panel.getByRole('radio')).toHaveCount(4);
  expect(await axeViolations(page)).toEqual([]);

  const mail = await readMail(submission.email, /: Approved$/, since);
  expect(mail.subject).toBe(`Your submission "${submission.releaseTitle}": Approved`);
  expect(mail.raw).toContain(`The status of your submission "${submission.releaseTitle}" is now: Approved.`);
  expect(mail.raw).toContain(message);

  // Back on the board the item has moved from Pending to Approved.
  await page.getByRole('link', { name: 'Back to the board' }).click();
  await expect(page).toHaveURL('/admin/board');
  const moved = page
    .getByRole('table', { name: 'Submissions' })
    .getByRole('row')
    .filter({ hasText: submission.releaseTitle });
  await expect(moved.getByRole('cell').nth(1)).toHaveText('Approved');
  expectNoProblems(problems);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the board shows cards and the review fits the screen', async ({
    page,
    problems,
    request,
    baseURL,
  }) => {
    const submission = await createSubmissionThroughApi(request, baseURL ?? '');
    await page.goto('/admin/board', { waitUntil: 'networkidle' });
    const card = page.getByRole('list', { name: 'Submissions' }).getByRole('link').filter({
      hasText: submission.releaseTitle,
    });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);

    await card.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(submission.itemName);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Submitted');
    // The level check, once measured, fits the phone's width too.
    const levels = page.getByRole('note', { name: `Level check of ${submission.trackTitle}` });
    await expect(async () => {
      if (!(await levels.isVisible())) await page.reload();
      await expect(levels).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await levels.screenshot({ path: '/tmp/loudness-staff-levels-phone.png' });
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    expectNoProblems(problems);
  });
});

test('an unknown submission says so', async ({ page, problems }) => {
  await page.goto('/details/00000000-0000-4000-8000-000000000000', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submission not found');
  await expect(page.getByRole('link', { name: 'Back to the board' })).toBeVisible();
  // The 404 is the answer this test asks for, not a failure of the page.
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
  expect(problems.failedRequests).toEqual([
    expect.stringMatching(/^GET .*\/api\/board\/items\/00000000-0000-4000-8000-000000000000: HTTP 404$/),
  ]);
});
