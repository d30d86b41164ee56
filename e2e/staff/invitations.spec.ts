import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { signedOut, storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { createSubmissionThroughApi } from '../support/board';

test.use({ storageState: storageStatePath('staff') });

/** A fresh artist with one submission; staff reach their page from the submission's details. */
async function openNewArtistPage(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const submission = await createSubmissionThroughApi(request, baseURL ?? '');
  await page.goto(`/details/${submission.itemId}`, { waitUntil: 'networkidle' });
  await page
    .getByRole('region', { name: 'Artist' })
    .getByRole('link', { name: submission.artistName })
    .click();
  return submission;
}
test.describe.configure({ timeout: 90_000 });

test('staff invite an artist, see the invitation listed, regenerate its link and revoke it', async ({
  page,
  problems,
}) => {
  const stamp = `${Date.now()}`.slice(-7);
  const artistName = `Tidewater ${stamp}`;
  const email = `tidewater.${stamp}@example.com`;

  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Invite' }).click();
  await expect(page).toHaveURL('/admin/invite');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invite an artist');

  // The spec's required-field message, before anything is sent.
  await page.getByRole('button', { name: 'Create invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText('All fields except invitation reason are required');

  await page.getByLabel('Artist/Band Name').fill(artistName);
  await page.getByLabel('First Name').fill('Iris');
  await page.getByLabel('Surname').fill('Moore');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Invitation Reason').fill('Great set at the harbour festival');
  await page.getByRole('button', { name: 'Create invitation' }).click();

  const result = page.getByRole('status').filter({ hasText: artistName });
  await expect(result).toContainText(email);
  await expect(result).toContainText('Set the token status to Generate in the board');
  const firstLink = await result.getByLabel('Personal invitation link').inputValue();
  expect(firstLink).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByLabel('Artist/Band Name')).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/admin/invitations', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitations');
  const row = page.getByRole('listitem').filter({ hasText: artistName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Valid');
  await expect(row).toContainText(email);
  await expect(row).toContainText('Reason: Great set at the harbour festival');
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Regenerate link for ${artistName}` }).click();
  const newLink = await row.getByLabel('New invitation link').inputValue();
  expect(newLink).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
  expect(newLink).not.toBe(firstLink);

  await row.getByRole('button', { name: `Revoke invitation for ${artistName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this invitation?' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(dialog).toBeHidden();
  const revoked = page.getByRole('listitem').filter({ hasText: artistName });
  await expect(revoked).toContainText('Revoked');
  await expect(revoked.getByRole('button', { name: `Revoke invitation for ${artistName}` })).toHaveCount(0);

  // The filter finds it under Revoked.
  await page
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name: 'Revoked' })
    .click();
  await expect(page).toHaveURL('/admin/invitations?status=revoked');
  await expect(page.getByRole('listitem').filter({ hasText: artistName })).toHaveCount(1);
  expectNoProblems(problems);
});

test('staff see a waiting-list entry and invite the artist from it', async ({
  page,
  problems,
  request,
  baseURL,
}) => {
  const stamp = `${Date.now()}`.slice(-7);
  const artistName = `Lantern Fields ${stamp}`;
  const email = `lantern.${stamp}@example.com`;
  const listenLink = `https://soundcloud.com/lantern-fields/demo-${stamp}`;
  const joined = await request.post('/api/waiting-list', {
    headers: { origin: baseURL ?? '' },
    data: {
      artistData: {
        firstName: 'Noor',
        surname: 'Hale',
        artistName,
        email,
        phone: '',
        country: 'Ireland',
        city: 'Galway',
        instagramProfile: '',
        tiktokProfile: '',
        spotifyProfile: '',
        listenLink,
        projectDescription: 'Four songs recorded in a lighthouse.',
      },
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);

  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Waiting list' }).click();
  await expect(page).toHaveURL('/admin/waiting-list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Waiting list');
  const entry = page.getByRole('listitem').filter({ hasText: artistName });
  await expect(entry).toContainText('Noor Hale');
  await expect(entry).toContainText(email);
  await expect(entry).toContainText('Galway, Ireland');
  await expect(entry).toContainText('Four songs recorded in a lighthouse.');
  await expect(entry.getByRole('link', { name: /Listen/ })).toHaveAttribute('href', listenLink);
  expect(await axeViolations(page)).toEqual([]);

  await entry.getByRole('button', { name: `Invite ${artistName}` }).click();
  await expect(entry.getByText('Invited', { exact: true })).toBeVisible();
  expect(await entry.getByLabel('Personal invitation link').inputValue()).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);

  // Reloaded, the entry remembers it was invited and offers no second invitation.
  await page.reload({ waitUntil: 'networkidle' });
  const again = page.getByRole('listitem').filter({ hasText: artistName });
  await expect(again.getByText('Invited', { exact: true })).toBeVisible();
  await expect(again.getByRole('button', { name: `Invite ${artistName}` })).toHaveCount(0);
  expectNoProblems(problems);
});

test("staff open an artist's page from a submission and issue a returning-artist link", async ({
  page,
  problems,
  request,
  baseURL,
}) => {
  const submission = await openNewArtistPage(page, request, baseURL);
  await expect(page).toHaveURL(/\/artist\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(submission.artistName);
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(/Profile \d+% complete/);
  await expect(page.getByRole('region', { name: 'Agreement' })).toContainText('Not signed yet');
  const submissions = page.getByRole('list', { name: 'Submissions' });
  await expect(submissions.getByRole('link')).toHaveCount(1);
  await expect(page.getByText('No returning-artist link yet.', { exact: false })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await submissions.getByRole('button', { name: /^Issue link from / }).click();
  expect(await page.getByLabel('Returning-artist link', { exact: true }).inputValue()).toMatch(
    /\/r\/[A-Za-z0-9_-]{43}$/,
  );
  const links = page.getByRole('list', { name: 'Returning-artist links' });
  await expect(links).toContainText('Active');
  await links.getByRole('button', { name: 'Revoke' }).click();
  await expect(links).toContainText('Revoked');
  expectNoProblems(problems);
});

test('staff end a returning-artist link early, and the artist is told it has expired', async ({
  page,
  problems,
  request,
  baseURL,
  browser,
}) => {
  await openNewArtistPage(page, request, baseURL);
  await page.getByRole('button', { name: /^Issue link from / }).click();
  const url = await page.getByLabel('Returning-artist link', { exact: true }).inputValue();
  const links = page.getByRole('list', { name: 'Returning-artist links' });
  await expect(links).toContainText('Active');

  await links.getByRole('button', { name: 'Change expiry' }).click();
  const lastDay = links.getByLabel('Last day the link works (UTC)');
  const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  // Longer than the lifetime is refused in the page, before anything is sent.
  await lastDay.fill(dayOffset(400));
  await links.getByRole('button', { name: 'Save' }).click();
  await expect(links).toContainText('A returning-artist link can work for at most 365 days from today.');
  expect(await axeViolations(page)).toEqual([]);
  await lastDay.fill(dayOffset(-1));
  await links.getByRole('button', { name: 'Save' }).click();
  await expect(links.getByText('Expired', { exact: true })).toBeVisible();
  await expect(links.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  // The artist, signed out, opens the link and reads why it no longer works.
  const visitor = await browser.newContext({ storageState: signedOut });
  const artistPage = await visitor.newPage();
  await artistPage.goto(new URL(url).pathname);
  await expect(artistPage.getByRole('heading', { level: 1 })).toHaveText('Invalid Returning Artist Link');
  await expect(artistPage.getByRole('alert')).toHaveText(
    'This link has expired. Returning-artist links are valid for 365 days.',
  );
  await visitor.close();
  expectNoProblems(problems);
});
