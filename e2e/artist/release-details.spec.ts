import {
  boardItemResponseSchema,
  formatArtworkTooSmallWarning,
  formatSplitTotalWarning,
  ISRC_INVALID,
} from '../../src/domain';
import { expect, expectNoProblems, test } from '../fixtures';
import { demoStaff, openStaffApi } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { newArtistWithSubmission, setStatus } from '../support/board';
import { expectNoHorizontalOverflow } from '../support/layout-shift';
import { readMail } from '../support/mail';
import { jpegFile } from '../support/submission';

const NOT_IN_PROGRESS = 'Release details can only be completed while the submission is in progress';

test.describe.configure({ timeout: 120_000 });

test('an artist completes the release details of a submission in progress and staff see them', async ({
  page,
  problems,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const staff = await openStaffApi(origin);
  const submission = await newArtistWithSubmission(page.request, origin, 'release');
  await setStatus(staff, origin, submission.itemId, 'in_progress');

  await page.goto(`/release-details/${submission.itemId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Release details');
  const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(header).toContainText(submission.releaseTitle);
  await expect(header).toContainText('Not started: nothing has been saved yet');
  const track = page.getByRole('region', { name: `1. ${submission.trackTitle}` });
  await expect(track.getByLabel(`Play ${submission.trackTitle}`)).toHaveAttribute('src', /\/files\//);
  expect(await axeViolations(page)).toEqual([]);

  // The ISRC is checked as it is typed; a good one is written in its usual form.
  const isrc = track.getByRole('textbox', { name: `ISRC of ${submission.trackTitle}` });
  await isrc.fill('GB-A1B-25-0004X');
  await expect(track.getByText(ISRC_INVALID)).toBeVisible();
  await isrc.fill('gb a1b 25 00042');
  await isrc.blur();
  await expect(isrc).toHaveValue('GB-A1B-25-00042');
  await expect(track.getByText(ISRC_INVALID)).toHaveCount(0);
  await expect(track.getByText('Optional. Format CC-XXX-YY-NNNNN')).toBeVisible();

  // A contributor, added with the submission form's own dialog.
  await track.getByRole('button', { name: 'Add contributor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add contributor' });
  await dialog.getByRole('textbox', { name: /First name/ }).fill('Mira');
  await dialog.getByRole('textbox', { name: /Last name/ }).fill('Stone');
  await dialog.getByRole('combobox', { name: /Roles/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Guitar', exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(track.getByRole('list', { name: 'Contributors' })).toContainText('Mira Stone');

  // One split of 60% for her: a warning, which does not block.
  await track.getByRole('button', { name: 'Remove split 2' }).click();
  await track.getByRole('button', { name: 'Remove split 1' }).click();
  await track.getByRole('button', { name: 'Add split' }).click();
  await track.getByRole('combobox', { name: 'Paid to' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Mira Stone' }).click();
  await track.getByRole('spinbutton', { name: 'Share' }).fill('60');
  const splitWarning = formatSplitTotalWarning(submission.trackTitle, 60);
  await expect(page.getByRole('alert').filter({ hasText: splitWarning })).toBeVisible();
  await expect(track.getByText('Total: 60%')).toBeVisible();

  // Save the draft; a reload keeps it.
  const actions = page.getByRole('status').filter({ hasText: /changes|saved/ });
  await expect(actions).toHaveText('You have unsaved changes');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(actions).toHaveText(/^Draft saved at /);
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await page.reload();
  await expect(header).toContainText(/Draft saved at /);
  await expect(isrc).toHaveValue('GB-A1B-25-00042');
  await expect(track.getByRole('list', { name: 'Contributors' })).toContainText('Mira Stone');
  await expect(track.getByRole('spinbutton', { name: 'Share' })).toHaveValue('60');
  await expect(track.getByRole('combobox', { name: 'Paid to' })).toHaveText('Mira Stone');

  // Replace the artwork: a JPEG under 3000 x 3000 is warned about and uploaded with progress.
  const artwork = page.getByRole('region', { name: 'Artwork' });
  await expect(artwork.getByRole('img', { name: `Artwork for ${submission.releaseTitle}` })).toBeVisible();
  const cover = await jpegFile('final-cover.jpg', 1000, 1000);
  const chooser = page.waitForEvent('filechooser');
  await artwork.getByRole('button', { name: 'Replace artwork' }).click();
  await (await chooser).setFiles(cover);
  await expect(artwork.getByText('Uploaded. Save the draft or submit to use it.')).toBeVisible();
  await expect(artwork.getByText(formatArtworkTooSmallWarning(1000, 1000))).toBeVisible();
  await expect(
    artwork.getByRole('img', { name: `New artwork for ${submission.releaseTitle}` }),
  ).toBeVisible();

  // Submit for review, after the confirmation.
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Submit for review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit release details for review?' });
  await expect(confirm).toContainText('will be notified');
  await expect(confirm).toContainText(splitWarning);
  await confirm.getByRole('button', { name: 'Submit for review' }).click();
  await expect(header).toContainText(/Submitted on /);
  await expect(page.getByText(/The label has your release details/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await expect(track).toContainText('GB-A1B-25-00042');
  await expect(track).toContainText('Mira Stone (Guitar)');
  await expect(track).toContainText('Mira Stone: 60% (total 60%)');
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');

  // Staff see the ISRC on the track, the new artwork and the submitted details; they are mailed.
  const answer = await staff.get(`/api/board/items/${submission.itemId}`);
  expect(answer.status()).toBe(200);
  const { item } = boardItemResponseSchema.parse(await answer.json());
  expect(item.releaseDetails?.status).toBe('submitted');
  expect(item.tracks[0]?.isrc).toBe('GB-A1B-25-00042');
  expect(item.tracks[0]?.contributors.map((c) => `${c.firstName} ${c.surname}`)).toContain('Mira Stone');
  const mail = await readMail(demoStaff, /^Release details submitted: /, since);
  expect(mail.subject).toBe(`Release details submitted: ${submission.itemName}`);
  expect(mail.raw).toContain('GB-A1B-25-00042');
  expect(mail.raw).toContain(`/details/${submission.itemId}`);
  await staff.dispose();
  expectNoProblems(problems);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('waits for the submission to be in progress, then fits the screen', async ({
    page,
    problems,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const staff = await openStaffApi(origin);
    const submission = await newArtistWithSubmission(page.request, origin, 'release');

    // Still pending: the server's words, and the way to the submission.
    await page.goto(`/release-details/${submission.itemId}`);
    await expect(page.getByText(NOT_IN_PROGRESS)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View submission' })).toHaveAttribute(
      'href',
      `/submission/${submission.itemId}`,
    );
    await expectNoHorizontalOverflow(page);

    await setStatus(staff, origin, submission.itemId, 'in_progress');
    await page.reload();
    const track = page.getByRole('region', { name: `1. ${submission.trackTitle}` });
    await expect(track.getByRole('textbox', { name: `ISRC of ${submission.trackTitle}` })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);

    // Problems block the submission: each is listed and leads to its field.
    await track.getByRole('textbox', { name: `ISRC of ${submission.trackTitle}` }).fill('GB1');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'needs fixing' });
    await summary.getByRole('link', { name: ISRC_INVALID }).click();
    await expect(track.getByRole('textbox', { name: `ISRC of ${submission.trackTitle}` })).toBeFocused();
    await expectNoHorizontalOverflow(page);
    await staff.dispose();

    // The 409 of the first visit is the answer this test asked for.
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors.filter((text) => !text.includes('409'))).toEqual([]);
    expect(problems.failedRequests).toEqual([
      expect.stringMatching(
        new RegExp(`^GET .*/api/profile/submissions/${submission.itemId}/release-details: HTTP 409$`),
      ),
    ]);
  });
});
