import { expect, expectNoProblems, test } from '../fixtures';
import { storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { answerNextDialog } from '../support/dialogs';

test.use({ storageState: storageStatePath('staff') });
test.describe.configure({ timeout: 90_000 });

// Nothing is saved here: other specs of the same run sign the current version, and a new one
// would change the text they read.
test('staff open the agreement from the menu, edit it with a live preview and are told what is wrong', async ({
  page,
  problems,
}) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Agreement' }).click();
  await expect(page).toHaveURL('/admin/agreement');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artist agreement');

  const title = page.getByRole('textbox', { name: /^Title/ });
  const body = page.getByRole('textbox', { name: /^Agreement text/ });
  await expect(title).toHaveValue('Artist Agreement');
  await expect(body).toHaveValue(/\{\{artistName\}\} \("the Artist"\)/);
  const save = page.getByRole('button', { name: /^Save as version \d+$/ });
  await expect(save).toBeDisabled();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(
    'Sample Artist ("the Artist"), who can be reached at artist@example.com',
  );
  await expect(
    page.getByRole('region', { name: 'Version history' }).getByRole('listitem').first(),
  ).toContainText('Current');
  expect(await axeViolations(page)).toEqual([]);

  // A placeholder goes in at the cursor and the preview fills it in.
  await body.fill('# Agreement\n\nBetween  and the label.');
  await body.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(21, 21));
  await page.getByRole('button', { name: 'Insert {{artistName}}' }).click();
  await expect(body).toHaveValue('# Agreement\n\nBetween {{artistName}} and the label.');
  await expect(preview).toContainText('Between Sample Artist and the label.');
  await expect(save).toBeEnabled();

  // The domain's check runs before anything is sent.
  await title.fill('');
  await body.fill('Between {{artist}} and the label.');
  await save.click();
  await expect(page.getByText('Give the agreement a title.')).toBeVisible();
  await expect(
    page.getByText('The agreement must name the artist: put {{artistName}} in the text.'),
  ).toBeVisible();
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);

  // Leaving with unsaved edits asks first.
  const asked = answerNextDialog(page, 'dismiss');
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Board', exact: true }).click();
  expect(await asked).toBe('You have unsaved changes to the agreement. Leave without saving them?');
  await expect(page).toHaveURL('/admin/agreement');
  expectNoProblems(problems);
});
