import type { Locator, Page } from '@playwright/test';
import { expect, expectNoProblems, test } from '../fixtures';
import { signInThroughApi, storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { createSubmissionThroughApi } from '../support/board';
import { answerNextDialog } from '../support/dialogs';
import { expectNoHorizontalOverflow } from '../support/layout-shift';
import { jpegFile } from '../support/submission';

/** The demo artist's seeded submissions (src/server/seed/seed-demo-data.ts), one per status. */
const demo = [
  { title: 'Paper Planes', type: 'Single', status: 'Pending', banner: 'Your submission is being reviewed' },
  { title: 'Night Swim', type: 'Single', status: 'In Progress', banner: null },
  { title: 'Golden Hour', type: 'EP', status: 'Approved', banner: 'Your release has been approved' },
  { title: 'Low Light', type: 'Single', status: 'Live', banner: 'Your music is now live!' },
  { title: 'Static', type: 'Single', status: 'Rejected', banner: 'Your submission was not approved' },
] as const;

function submissionCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title });
}

/** The value beside a label in a description list. */
function termValue(container: Locator, label: string): Locator {
  return container.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

test.describe('the demo artist', () => {
  test.use({ storageState: storageStatePath('artist') });

  test('sees each submission with its chip, dates and buttons, and both tabs', async ({ page, problems }) => {
    // An invalid tab is replaced by tab=0 without a history entry.
    await page.goto('/dashboard?tab=7');
    await expect(page).toHaveURL('/dashboard?tab=0');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');

    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Account: Maya Rivers' })).toBeVisible();
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/edit-profile');
    await expect(nav.getByRole('link', { name: 'Submit Music' })).toHaveAttribute('href', '/submit');

    const profileCard = page.getByRole('region', { name: 'Maya Rivers' });
    await expect(profileCard.getByText(/^\d+ submissions?$/)).toBeVisible();
    await expect(profileCard.getByRole('progressbar', { name: 'Profile completion' })).toBeVisible();
    await expect(profileCard.getByRole('region', { name: 'Account' })).toContainText(
      'artist@imprint.example',
    );
    await expect(profileCard.getByRole('region', { name: 'Music Rights' })).toContainText('PPL ID');

    for (const item of demo) {
      const card = submissionCard(page, item.title);
      await expect(card).toBeVisible();
      await expect(card.locator('.MuiChip-root')).toHaveText(item.status);
      await expect(card).toContainText(item.type);
      await expect(termValue(card, 'Release Date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expect(termValue(card, 'Submitted')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expect(card.getByRole('img', { name: `Artwork for ${item.title}` })).toBeVisible();
      const completeDetails = card.getByRole('link', { name: 'Complete Release Details' });
      if (item.status === 'In Progress') {
        await expect(completeDetails).toHaveAttribute('href', /^\/release-details\/[0-9a-f-]{36}$/);
        await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute(
          'href',
          /^\/release-details\/[0-9a-f-]{36}$/,
        );
      } else {
        await expect(completeDetails).toHaveCount(0);
        await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute(
          'href',
          /^\/submission\/[0-9a-f-]{36}$/,
        );
      }
    }
    // The artwork really loads through its signed link.
    const artwork = submissionCard(page, 'Golden Hour').getByRole('img', { name: 'Artwork for Golden Hour' });
    await expect.poll(() => artwork.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Contract Signing' }).click();
    await expect(page).toHaveURL('/dashboard?tab=1');
    await expect(page.getByRole('heading', { level: 2, name: 'Artist agreement' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expectNoProblems(problems);
  });

  test('opens each submission: banner, dates, media files that play, and support', async ({
    page,
    problems,
  }) => {
    // A walk through every demo submission and its files: longer than one page's test.
    test.setTimeout(60_000);
    await page.goto('/dashboard');
    for (const item of demo.filter((entry) => entry.banner !== null)) {
      await submissionCard(page, item.title).getByRole('link', { name: 'View Details' }).click();
      await expect(page).toHaveURL(/\/submission\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
      await expect(page.getByRole('heading', { level: 2, name: item.banner ?? '' })).toBeVisible();
      await expect(page.getByRole('main').locator('header .MuiChip-root')).toHaveText([
        item.type,
        item.status,
      ]);
      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await expect(page).toHaveURL('/dashboard');
    }

    await submissionCard(page, 'Golden Hour').getByRole('link', { name: 'View Details' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golden Hour');
    const dates = page.getByRole('region', { name: 'Important Dates' });
    await expect(termValue(dates, 'Submitted')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(termValue(dates, 'Release Date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

    const media = page.getByRole('region', { name: 'Media Files' });
    await expect(media.getByRole('listitem')).toHaveText([/^Track 1/, /^Track 2/, /^Artwork/]);
    const track = media.getByRole('link', { name: 'Open Track 1 (opens in a new tab)' });
    await expect(track).toHaveAttribute('target', '_blank');
    const trackResponse = await page.request.get((await track.getAttribute('href')) ?? '');
    expect(trackResponse.status()).toBe(200);
    expect(trackResponse.headers()['content-type']).toBe('audio/wav');
    const artworkLink = media.getByRole('link', { name: 'Open Artwork (opens in a new tab)' });
    const artworkResponse = await page.request.get((await artworkLink.getAttribute('href')) ?? '');
    expect(artworkResponse.status()).toBe(200);
    expect(artworkResponse.headers()['content-type']).toMatch(/^image\//);

    // The open action opens the file in a new tab.
    const [popup] = await Promise.all([page.waitForEvent('popup'), track.click()]);
    await popup.close();

    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      /^mailto:[^?]+\?subject=Question%20about%20my%20submission%20%22Golden%20Hour%22$/,
    );
    expect(await axeViolations(page)).toEqual([]);

    // An in-progress submission opens its release details instead.
    const list = (await (await page.request.get('/api/profile/submissions')).json()) as {
      submissions: { itemId: string; releaseTitle: string }[];
    };
    const inProgress = list.submissions.find((entry) => entry.releaseTitle === 'Night Swim');
    expect(inProgress).toBeTruthy();
    await page.goto(`/submission/${inProgress?.itemId}`);
    await expect(page).toHaveURL(`/release-details/${inProgress?.itemId}`);
    expectNoProblems(problems);
  });

  test('an unknown submission says it is not found', async ({ page, problems }) => {
    await page.goto('/submission/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submission not found');
    // The API's 404 is the expected answer here, not a problem of the page.
    expect(problems.failedRequests).toEqual([
      expect.stringMatching(/\/api\/profile\/submissions\/00000000-0000-4000-8000-000000000000: HTTP 404$/),
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    // Three axe scans on a shared 2-core machine.
    test.describe.configure({ timeout: 90_000 });

    test('the menu is a 240 px drawer that works with the keyboard and closes on navigation', async ({
      page,
      problems,
    }) => {
      await page.goto('/dashboard');
      await expect(submissionCard(page, 'Paper Planes')).toBeVisible();
      // The header shows the artist's avatar and name on a phone too.
      await expect(
        page.getByRole('banner').getByRole('button', { name: 'Account: Maya Rivers' }),
      ).toContainText('Maya Rivers');
      await expectNoHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);

      const menuButton = page.getByRole('button', { name: 'Open menu' });
      await menuButton.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Site menu' });
      await expect(drawer).toBeVisible();
      // Measured once its slide-in has finished (mid-transition the box reads 239.99998).
      await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(240);
      await expect(drawer).toContainText('Maya Rivers');
      await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Submit Music' })).toBeVisible();
      await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(menuButton).toBeFocused();

      await menuButton.click();
      await page.getByRole('dialog').getByRole('link', { name: 'Profile' }).click();
      await expect(page).toHaveURL('/edit-profile');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit profile');
      await expectNoHorizontalOverflow(page);

      await submissionCardFromDashboard(page);
      expectNoProblems(problems);
    });
  });
});

/** Back on the dashboard on a phone, a submission's details fit the screen. */
async function submissionCardFromDashboard(page: Page) {
  await page.goto('/dashboard');
  await submissionCard(page, 'Low Light').getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Low Light');
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page)).toEqual([]);
}

test.describe('a new artist', () => {
  test.describe.configure({ timeout: 90_000 });

  test('completes the profile to 100%, sees the bar turn green and Edit Profile, then logs out', async ({
    page,
    baseURL,
    problems,
  }) => {
    const email = `profile.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
    // page.request shares the browser's cookies: the page is signed in as the new artist.
    await signInThroughApi(page.request, baseURL ?? '', email);
    const submission = await createSubmissionThroughApi(page.request, baseURL ?? '');

    await page.goto('/dashboard');
    const card = submissionCard(page, submission.releaseTitle);
    await expect(card.locator('.MuiChip-root')).toHaveText('Pending');
    await expect(card).toContainText('Single');
    const profileCard = page
      .locator('section')
      .filter({ has: page.getByRole('progressbar') })
      .first();
    await expect(profileCard.getByText('1 submission', { exact: true })).toBeVisible();
    const bar = profileCard.getByRole('progressbar', { name: 'Profile completion' });
    await expect(bar).not.toHaveAttribute('aria-valuenow', '100');
    await profileCard.getByRole('link', { name: 'Complete Profile' }).click();

    await expect(page).toHaveURL('/edit-profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit profile');
    const formBar = page.getByRole('progressbar', { name: 'Profile completion' });

    // A wrong link is explained once the field is left.
    const spotify = page.getByLabel('Spotify profile');
    await spotify.fill('my spotify');
    await spotify.blur();
    await expect(page.getByText('Please enter a valid Spotify artist URL')).toBeVisible();
    await expect(spotify).toHaveAttribute('aria-invalid', 'true');

    const artistName = `Tidewater ${Date.now() % 100_000}`;
    await page.getByLabel('Name', { exact: true }).fill('Maya Quinn');
    await page.getByLabel('Artist name').fill(artistName);
    await page.getByLabel('Nationality').fill('British');
    const country = page.getByLabel('Country');
    await country.fill('United King');
    await page.getByRole('option', { name: 'United Kingdom' }).click();
    await page.getByLabel('City').fill('Bristol');
    await page.getByLabel('Biography').fill('Tidal pop from the south-west coast.');
    await spotify.fill('https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb');
    await expect(page.getByText('Please enter a valid Spotify artist URL')).toBeHidden();
    await page.getByLabel('Apple Music profile').fill('https://music.apple.com/gb/artist/tidewater/1234567');
    await page.getByLabel('SoundCloud profile').fill('https://soundcloud.com/tidewater');
    await page.getByLabel('Instagram profile').fill('https://instagram.com/tidewater');
    await page.getByLabel('TikTok profile').fill('https://tiktok.com/@tidewater');
    await page.getByLabel('Website').fill('https://tidewater.example');
    await page.getByLabel('PPL ID').fill('AB12345');
    await page.getByLabel('PRS ID').fill('123456789');
    await expect(formBar).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('Your profile is complete.')).toBeVisible();

    // A real picture, uploaded through the upload service while signed in.
    const picture = await jpegFile('portrait.jpg', 400, 400);
    await page.getByLabel('Profile picture file').setInputFiles(picture);
    await expect(page.getByText('New picture uploaded. Save to use it.')).toBeVisible({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('alert').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
    const savedCard = page.getByRole('region', { name: artistName });
    const savedBar = savedCard.getByRole('progressbar', { name: 'Profile completion' });
    await expect(savedBar).toHaveAttribute('aria-valuenow', '100');
    await expect(savedBar).toHaveClass(/MuiLinearProgress-colorSuccess/);
    await expect(savedCard.getByText('100%')).toBeVisible();
    await expect(savedCard.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/edit-profile',
    );
    await expect(savedCard.getByRole('link', { name: 'Complete Profile' })).toHaveCount(0);
    await expect(savedCard).toContainText('Based in Bristol, United Kingdom');
    await expect(savedCard.getByRole('region', { name: 'Music Rights' })).toContainText('AB12345');
    await expect(savedCard.getByRole('region', { name: 'Links' }).getByRole('link')).toHaveCount(6);

    // The header bar follows: the new artist name and the uploaded picture.
    const account = page.getByRole('banner').getByRole('button', { name: `Account: ${artistName}` });
    await expect(account).toBeVisible();
    const avatar = account.locator('img');
    await expect(avatar).toHaveAttribute('src', /\/files\//);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Leaving the form with changes asks first.
    await page.goto('/edit-profile');
    await page.getByLabel('City').fill('Bath');
    const stay = answerNextDialog(page, 'dismiss');
    await page.getByRole('link', { name: 'Cancel' }).click();
    expect(await stay).toBe('You have unsaved changes to your profile. Leave without saving them?');
    await expect(page).toHaveURL('/edit-profile');

    const leave = answerNextDialog(page, 'accept');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await leave;
    await expect(page).toHaveURL('/dashboard');

    await account.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expectNoProblems(problems);
  });
});
