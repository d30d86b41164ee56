import { expect, expectNoProblems, test } from '../fixtures';
import { storageStatePath } from '../support/accounts';
import { readSignInMail } from '../support/mail';

/** A fresh address per test: the first sign-in creates the account, and rate limits stay per test. */
const newArtistEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test('a new artist signs in with the link from the e-mail, lands on the dashboard, and signs out', async ({
  page,
  problems,
}) => {
  const email = newArtistEmail('new-artist');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');

  const since = Date.now() - 1000;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We have sent a sign-in link' })).toContainText(
    email,
  );

  const mail = await readSignInMail(email, since);
  await page.goto(mail.link);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

  // The account menu names the new artist (no artist name yet: the fallback is 'User').
  const account = page.getByRole('button', { name: 'Account: User' });
  await account.click();
  await expect(page.getByRole('menu')).toContainText(email);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The session is gone on the server too: the artist area asks to sign in again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?returnTo=%2Fdashboard');
  expectNoProblems(problems);
});

test('the link works once, and says so the second time', async ({ page }) => {
  const email = newArtistEmail('once');
  const since = Date.now() - 1000;
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const mail = await readSignInMail(email, since);
  await page.goto(mail.link);
  await expect(page).toHaveURL('/dashboard');
  await page.context().clearCookies();
  await page.goto(mail.link);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in link has expired or has already been used. Request a new one.',
  );
  await expect(page.getByRole('link', { name: 'Request a new sign-in link' })).toBeVisible();
});

test('the code signs in on another device, and a wrong code is explained', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = newArtistEmail('two-devices');
  const since = Date.now() - 1000;
  await page.goto('/login?returnTo=%2Fedit-profile');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const mail = await readSignInMail(email, since);

  const codeField = page.getByLabel('6-digit code');
  await codeField.fill(mail.code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. 4 attempts left.');

  await codeField.fill(mail.code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/edit-profile');

  // The e-mail's link is spent by the code: another device cannot reuse it.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto(mail.link);
  await expect(otherPage.getByRole('alert')).toContainText('already been used');
  await other.close();
});

test.describe('an artist on a staff page', () => {
  test.use({ storageState: storageStatePath('artist') });

  test('is told the page is for label staff', async ({ page, problems }) => {
    await page.goto('/admin/invite');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Label staff only');
    expectNoProblems(problems);
  });
});
