import { createHash, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { openStaffPage, storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { createSubmissionThroughApi, newArtistWithSubmission } from '../support/board';
import { expectNoHorizontalOverflow } from '../support/layout-shift';
import { readMail } from '../support/mail';
import { pickOption } from '../support/select';
import { jpegFile } from '../support/submission';
import { staffApiWithTemplate } from '../support/triage';

/**
 * The review workflow in the browser: a change request marking only the artwork, the
 * artist's answer, the rounds staff compare, decisions from templates, and the templates page.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every image in `region` has been drawn (a broken link would leave it 0 px wide). */
async function expectImagesLoaded(page: Page, names: RegExp) {
  const images = page.getByRole('img', { name: names });
  await expect(images.first()).toBeVisible();
  await expect
    .poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toEqual([true, true]);
}

test.describe.configure({ timeout: 150_000 });

test('staff mark only the artwork; the artist replaces just that; staff compare both files and approve with a template', async ({
  page,
  problems,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const submission = await newArtistWithSubmission(page.request, origin, 'review');
  const templateName = `Welcome ${randomUUID().slice(0, 8)}`;
  const staffApi = await staffApiWithTemplate(origin, {
    kind: 'approve',
    name: templateName,
    body: 'Dear {{artistName}}, "{{releaseTitle}}" is coming out on {{labelName}}.',
  });
  const staff = await openStaffPage(browser, { reportCsp: false });

  // Staff mark the artwork, with a note.
  const note = 'The cover has a watermark in the corner: please send the clean version.';
  await staff.page.goto(`/details/${submission.itemId}`);
  const title = staff.page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(submission.itemName);
  const header = staff.page.locator('header').filter({ has: title });
  const request = staff.page.getByRole('region', { name: 'Request changes' });
  await request.getByRole('button', { name: 'Mark fields to change' }).click();
  const artworkBox = request.getByRole('checkbox', { name: 'Artwork' });
  await expect(artworkBox).toBeFocused();
  await artworkBox.check();
  await request.getByRole('textbox', { name: 'Note: The artwork' }).fill(note);
  expect(await axeViolations(staff.page)).toEqual([]);
  await request.screenshot({ path: '/tmp/review-staff-request-panel-desktop.png' });
  const since = Date.now() - 1000;
  await request.getByRole('button', { name: 'Send change request (1 field)' }).click();
  await expect(request.getByRole('status')).toHaveText(
    'Changes requested: 1 field marked. The artist has been e-mailed.',
  );
  await expect(header.getByText('Changes requested', { exact: true })).toBeVisible();
  const rounds = staff.page.getByRole('region', { name: 'Change requests' });
  await expect(rounds.getByRole('article', { name: 'Round 1' })).toContainText('Waiting for the artist');
  await expect(rounds).toContainText(note);
  await expect(staff.page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Changes requested (round 1)',
  );
  const mail = await readMail(submission.email, /^Changes requested: /, since);
  expect(mail.raw).toContain(note);

  // The artist sees only the artwork open, with the note beside it.
  await page.goto(`/submission/${submission.itemId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(submission.releaseTitle);
  await expect(page.getByRole('status').filter({ hasText: 'A few changes are needed' })).toBeVisible();
  const toChange = page.getByRole('region', { name: 'What to change' });
  const fields = toChange.getByRole('region');
  await expect(fields).toHaveCount(1);
  const artwork = toChange.getByRole('region', { name: 'The artwork' });
  await expect(artwork).toContainText(note);
  await expect(artwork.getByRole('img', { name: /^Current artwork: / })).toBeVisible();
  // Nothing else is editable: the comment to the label is the one other input.
  await expect(toChange.getByRole('textbox')).toHaveCount(1);
  await expect(toChange.getByRole('textbox')).toHaveAccessibleName('A note for the label (optional)');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/review-artist-changes-desktop.png', fullPage: true });

  // A PNG is refused in the form's words; the new JPEG uploads at once.
  const chooser = page.waitForEvent('filechooser');
  await artwork.getByRole('button', { name: 'Choose a new artwork' }).click();
  await (await chooser).setFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a png'),
  });
  await expect(artwork.getByRole('alert')).toContainText('JPEG');
  const newCover = await jpegFile('clean-cover.jpg', 900, 900);
  const chooser2 = page.waitForEvent('filechooser');
  await artwork.getByRole('button', { name: 'Choose a new artwork' }).click();
  await (await chooser2).setFiles(newCover);
  await expect(
    artwork.getByText('Uploaded. It replaces the current artwork when you resubmit.'),
  ).toBeVisible();
  await expect(artwork.getByRole('img', { name: 'New artwork: clean-cover.jpg' })).toBeVisible();
  await toChange.getByRole('textbox', { name: 'A note for the label (optional)' }).fill('Watermark removed.');
  await toChange.getByRole('button', { name: 'Resubmit' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Sent back for review' })).toBeVisible();
  await expect(page.getByText('Changed: The artwork.')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your submission is being reviewed' }),
  ).toBeVisible();
  await expect(page.locator('header').getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What to change' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Staff see the old and new artwork side by side, with both hashes, and approve with a template.
  await staff.page.reload();
  await expect(header.getByText('Pending', { exact: true })).toBeVisible();
  const round = rounds.getByRole('article', { name: 'Round 1' });
  await expect(round).toContainText('Answered');
  await expect(round).toContainText('Watermark removed.');
  await expect(round).toContainText(sha256(submission.jpeg.buffer));
  await expect(round).toContainText(sha256(newCover.buffer));
  await expect(round.getByRole('figure')).toHaveCount(2);
  await expectImagesLoaded(staff.page, /^The artwork, (before|after): /);
  await expect(round.getByRole('img', { name: 'The artwork, after: clean-cover.jpg' })).toBeVisible();
  expect(await axeViolations(staff.page)).toEqual([]);
  await staff.page.screenshot({ path: '/tmp/review-staff-rounds-desktop.png', fullPage: true });
  await rounds.screenshot({ path: '/tmp/review-staff-rounds-panel-desktop.png' });

  const panel = staff.page.getByRole('region', { name: 'Change status' });
  await panel.getByRole('radio', { name: 'Approved' }).check();
  await pickOption(staff.page, 'Template (Approve)', templateName);
  const message = panel.getByRole('textbox', { name: 'Message to the artist (optional)' });
  await expect(message).toHaveValue(
    `Dear ${submission.artistName}, "${submission.releaseTitle}" is coming out on Imprint.`,
  );
  const approvedSince = Date.now() - 1000;
  await panel.getByRole('button', { name: 'Set to Approved' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Status changed to Approved. The artist has been e-mailed.',
  );
  const timeline = staff.page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Status changed from Pending to Approved');
  await expect(timeline).toContainText(`Template: ${templateName}`);

  // The artist sees Approved.
  await page.reload();
  await expect(page.locator('header').getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your release has been approved' })).toBeVisible();

  // Answers artists can rate: the approval mail's link opens the rating block, focused; the artist
  // rates the answer with the keyboard, and staff see it on the analytics page per template.
  const approval = await readMail(submission.email, /: Approved$/, approvedSince);
  const rateLink = approval.raw.match(/How helpful was this answer\? Rate it: (\S+#rate-\d+)/)?.[1];
  expect(rateLink).toBeTruthy();
  await page.goto(new URL(rateLink ?? '').pathname + new URL(rateLink ?? '').hash);
  const rate = page.getByRole('group', { name: 'Rate this answer' }).last();
  await expect(rate).toBeFocused();
  await expect(rate).toContainText('You can change it until');
  await rate.getByRole('radio', { name: '3 of 5 stars: Somewhat helpful' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(rate.getByRole('radio', { name: '4 of 5 stars: Helpful' })).toBeChecked();
  await rate.getByRole('textbox', { name: 'Comment (optional)' }).fill('Clear about what comes next.');
  expect(await axeViolations(page)).toEqual([]);
  await rate.getByRole('button', { name: 'Save' }).click();
  await expect(rate.getByText('Your rating is saved. Thank you!')).toBeVisible();
  await page.reload();
  await expect(rate.getByRole('radio', { name: '4 of 5 stars: Helpful' })).toBeChecked();
  await expect(rate.getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue(
    'Clear about what comes next.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/review-artist-rating-desktop.png', fullPage: true });

  await staff.page.goto('/analytics');
  const ratings = staff.page.getByRole('region', { name: 'Ratings of answers' });
  await expect(ratings.getByRole('row').filter({ hasText: templateName }).getByRole('cell')).toHaveText([
    '1',
    '4.0',
    '0',
    '0',
    '0',
    '1',
    '0',
  ]);
  await expect(ratings.getByRole('rowheader', { name: 'Sam Label' })).toBeVisible();
  expect(await axeViolations(staff.page)).toEqual([]);
  await ratings.screenshot({ path: '/tmp/review-staff-ratings-desktop.png' });

  expectNoProblems(problems);
  expectNoProblems(staff.problems);
  await staff.close();
  await staffApi.dispose();
});

test.describe('as staff', () => {
  test.use({ storageState: storageStatePath('staff') });

  test('a decline from a template whose filled message staff edit before sending; the analytics count its reason', async ({
    page,
    problems,
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const submission = await createSubmissionThroughApi(request, origin);
    const templateName = `Not the right fit ${randomUUID().slice(0, 8)}`;
    const staffApi = await staffApiWithTemplate(origin, {
      kind: 'decline',
      name: templateName,
      body: 'Hi {{artistName}}, thank you for sending "{{releaseTitle}}". It is not the right fit for us.',
    });

    await page.goto(`/details/${submission.itemId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(submission.itemName);
    const panel = page.getByRole('region', { name: 'Change status' });
    await panel.getByRole('radio', { name: 'Rejected' }).check();
    await pickOption(page, 'Template (Decline)', templateName);
    const message = panel.getByRole('textbox', { name: 'Message to the artist (optional)' });
    const filled = `Hi ${submission.artistName}, thank you for sending "${submission.releaseTitle}". It is not the right fit for us.`;
    await expect(message).toHaveValue(filled);
    const edited = `${filled} The mix of the second chorus stood out, though.`;
    await message.fill(edited);
    expect(await axeViolations(page)).toEqual([]);
    const since = Date.now() - 1000;
    await panel.getByRole('button', { name: 'Set to Rejected' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Status changed to Rejected. The artist has been e-mailed.',
    );
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Status changed from Pending to Rejected');
    await expect(timeline).toContainText(`Template: ${templateName}`);
    await expect(timeline).toContainText(edited);
    const mail = await readMail(submission.email, /: Rejected$/, since);
    expect(mail.raw).toContain('The mix of the second chorus stood out, though.');

    await page.goto('/analytics');
    const reasons = page.getByRole('region', { name: 'Decline reasons' });
    await expect(
      reasons.getByRole('row').filter({ hasText: templateName }).getByRole('cell').nth(1),
    ).toHaveText('1');
    expect(await axeViolations(page)).toEqual([]);
    expectNoProblems(problems);
    await staffApi.dispose();
  });

  test('create, edit and delete a decision template, its placeholders explained', async ({
    page,
    problems,
  }) => {
    const name = `Tidy the credits ${randomUUID().slice(0, 8)}`;
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Templates' }).click();
    await expect(page).toHaveURL('/admin/templates');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Decision templates');
    const placeholders = page.getByRole('region', { name: 'Placeholders' });
    for (const placeholder of ['{{artistName}}', '{{releaseTitle}}', '{{labelName}}'])
      await expect(placeholders).toContainText(placeholder);

    const section = page.getByRole('region', { name: 'Request changes' });
    await section.getByRole('button', { name: 'New template to request changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template: Request changes' });
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog.getByText('Give the template a name')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    const body = dialog.getByRole('textbox', { name: 'Message to the artist' });
    await body.fill('Hello ');
    await dialog.getByRole('button', { name: '{{artistName}}' }).click();
    await body.press('End');
    await body.pressSequentially(', a few things on {{artist}} need fixing.');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    // The domain's words for a placeholder it does not know.
    await expect(dialog.getByText('{{artist}} is not a placeholder')).toBeVisible();
    await body.fill('Hello {{artistName}}, a few things on "{{releaseTitle}}" need fixing.');
    await expect(dialog.getByRole('region', { name: /^Preview for / })).toHaveText(
      'Hello Maya Rivers, a few things on "First Light" need fixing.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Template “${name}” saved.` })).toBeVisible();
    const card = section.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText('Hello {{artistName}}');

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit template: Request changes' });
    await edit
      .getByRole('textbox', { name: 'Message to the artist' })
      .fill('Hi {{artistName}}, one thing to fix.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText('Hi {{artistName}}, one thing to fix.');

    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${name}”?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Template “${name}” deleted.` })).toBeVisible();
    await expect(section.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/review-templates-desktop.png', fullPage: true });
    expectNoProblems(problems);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the change request, the answer and the rounds fit the screen', async ({
    page,
    problems,
    browser,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const submission = await newArtistWithSubmission(page.request, origin, 'review');
    const staff = await openStaffPage(browser, { reportCsp: false });
    await staff.page.setViewportSize({ width: 390, height: 844 });
    await staff.page.goto(`/details/${submission.itemId}`);
    const request = staff.page.getByRole('region', { name: 'Request changes' });
    await request.getByRole('button', { name: 'Mark fields to change' }).click();
    await request.getByRole('checkbox', { name: 'Artwork' }).check();
    await request.getByRole('textbox', { name: 'Note: The artwork' }).fill('A cleaner cover, please.');
    await request.getByRole('checkbox', { name: 'Title' }).check();
    await request.getByRole('textbox', { name: /^Note: The title of track 1/ }).fill('Check the spelling.');
    await expectNoHorizontalOverflow(staff.page);
    await staff.page.screenshot({ path: '/tmp/review-staff-request-phone.png', fullPage: true });
    await request.screenshot({ path: '/tmp/review-staff-request-panel-phone.png' });
    await request.getByRole('button', { name: 'Send change request (2 fields)' }).click();
    await expect(request.getByRole('status')).toContainText('Changes requested: 2 fields marked.');

    await page.goto(`/submission/${submission.itemId}`);
    const toChange = page.getByRole('region', { name: 'What to change' });
    await expect(toChange.getByRole('region')).toHaveCount(2);
    const titleField = toChange.getByRole('textbox', { name: /^Title of track/ });
    await expect(titleField).toHaveValue(submission.trackTitle);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/review-artist-changes-phone.png', fullPage: true });
    await toChange.screenshot({ path: '/tmp/review-artist-what-to-change-phone.png' });
    await titleField.fill('Low Tide (Radio Edit)');
    const chooser = page.waitForEvent('filechooser');
    await toChange.getByRole('button', { name: 'Choose a new artwork' }).click();
    await (await chooser).setFiles(await jpegFile('new-cover.jpg', 640, 640));
    await expect(
      toChange.getByText('Uploaded. It replaces the current artwork when you resubmit.'),
    ).toBeVisible();
    await toChange.getByRole('button', { name: 'Resubmit' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sent back for review' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await staff.page.reload();
    const round = staff.page.getByRole('article', { name: 'Round 1' });
    await expect(round).toContainText('Low Tide (Radio Edit)');
    await expect(round.getByRole('figure')).toHaveCount(2);
    // The private review: a reviewer, a rating and a note, each on the timeline.
    const review = staff.page.getByRole('region', { name: 'Private review' });
    await pickOption(staff.page, 'Reviewer', 'Sam Label (staff@imprint.example)');
    // The fourth star, as a pointer picks it; then the same by keyboard (Space on a star's radio).
    const rating = review.getByRole('group', { name: 'Rating (1 to 5)' });
    await rating.locator('label').filter({ hasText: '4 out of 5' }).click();
    await expect(review.locator('[aria-live]')).toHaveText('4 out of 5');
    // The pointer leaves the stars (a star under it is what a pointer would pick).
    await staff.page.mouse.move(0, 0);
    await rating.getByRole('radio', { name: '3 out of 5' }).focus();
    await staff.page.keyboard.press('Space');
    await expect(review.locator('[aria-live]')).toHaveText('3 out of 5');
    await rating.getByRole('radio', { name: '4 out of 5' }).focus();
    await staff.page.keyboard.press('Space');
    await expect(review.locator('[aria-live]')).toHaveText('4 out of 5');
    await review.getByRole('textbox', { name: 'New private note' }).fill('Strong chorus; ask about stems.');
    await review.getByRole('button', { name: 'Add note' }).click();
    await expect(review.getByRole('list', { name: 'Private notes' })).toContainText(
      'Strong chorus; ask about stems.',
    );
    const timeline = staff.page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Rated 4 out of 5');
    await expect(timeline).toContainText('Assigned to');
    await expect(timeline).toContainText('Private note:Strong chorus; ask about stems.');
    await expectNoHorizontalOverflow(staff.page);
    expect(await axeViolations(staff.page)).toEqual([]);
    await staff.page.screenshot({ path: '/tmp/review-staff-rounds-phone.png', fullPage: true });
    await staff.page
      .getByRole('region', { name: 'Change requests' })
      .screenshot({ path: '/tmp/review-staff-rounds-panel-phone.png' });
    await staff.page
      .getByRole('region', { name: 'Private review' })
      .screenshot({ path: '/tmp/review-staff-private-phone.png' });
    await staff.page
      .getByRole('region', { name: 'Timeline' })
      .screenshot({ path: '/tmp/review-staff-timeline-phone.png' });
    expectNoProblems(problems);
    expectNoProblems(staff.problems);
    await staff.close();
  });
});
