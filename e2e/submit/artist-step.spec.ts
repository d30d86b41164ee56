import AxeBuilder from '@axe-core/playwright';
import { dismissBetaNotice, expect, expectNoProblems, test } from '../fixtures';

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

test('a new artist fills step 1: messages for what is missing, the Spotify search, the city picker, and on to step 2', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  await page.goto('/submit');
  await dismissBetaNotice(page);
  const steps = page.getByRole('tablist', { name: 'Submission steps' });
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).withTags(axeTags).exclude('[role="dialog"]').analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  // Next with nothing filled: the banner, a message under each field, focus on the first.
  await page.getByRole('button', { name: 'Next Step' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Required Information Missing' });
  await expect(banner).toContainText('Please fill in all required fields: Artist Name, Country, and City');
  await expect(page.getByLabel('First name')).toBeFocused();
  for (const message of [
    'First name is required',
    'Surname is required',
    'Email is required',
    'Artist name is required',
    'Instagram profile is required',
    'TikTok profile is required',
    'Country is required',
    'City is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // The step is red with a warning sign, which its name says too.
  await expect(steps.getByRole('tab', { name: 'Has problems: Artist Information' })).toBeVisible();

  // Messages go away as the artist fixes the fields.
  await page.getByLabel('First name').fill('Nova');
  await expect(page.getByText('First name is required')).toBeHidden();
  await page.getByLabel('Surname').fill('Quinn');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nova@example');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nova.quinn@example.com');

  // Spotify search in offline mode: picking sets the artist name and connects the profile.
  await page.getByLabel('Search for your artist name').fill('Mar');
  await expect(page.getByText('Demo catalogue (offline)')).toBeVisible();
  await page.getByRole('button', { name: 'Marlowe Vance' }).click();
  await expect(page.getByLabel('Artist name')).toHaveValue('Marlowe Vance');
  await expect(page.getByText('Connected', { exact: false }).first()).toBeVisible();

  await page.getByLabel('Instagram profile').fill('instagram.example/marlowe');
  await expect(page.getByText('Please include instagram.com/ in the URL')).toBeVisible();
  await page.getByLabel('Instagram profile').fill('https://instagram.com/marlowe');
  await page.getByLabel("I don't have TikTok").check();
  await expect(page.getByLabel('TikTok profile')).toBeDisabled();

  // The city picker: disabled without a country, suggestions for the country, cleared on change.
  await expect(page.getByLabel('City')).toBeDisabled();
  await page.getByLabel('Country').fill('Ire');
  await page.getByRole('option', { name: 'Ireland' }).click();
  await page.getByLabel('City').fill('Cor');
  await page.getByRole('option', { name: 'Cork' }).click();
  await expect(page.getByLabel('City')).toHaveValue('Cork');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await expect(page.getByLabel('City')).toHaveValue('');
  await page.getByLabel('City').fill('Little Snoring');
  await page.getByLabel('City').blur();

  await expect(banner).toBeHidden();
  // A reload keeps what was typed (the draft), and the step.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Nova');
  await expect(page.getByLabel('City')).toHaveValue('Little Snoring');
  await expect(page.getByLabel('Spotify artist URL')).toHaveValue(/open\.spotify\.com\/artist\//);

  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'What are you sending us?' })).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).withTags(axeTags).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
  // Back returns with everything in place; step 1 is marked completed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Artist name')).toHaveValue('Marlowe Vance');
  expectNoProblems(problems);
});

test('the Spotify URL is checked and verified; TikTok needs its host; a new artist has no profile', async ({
  page,
  problems,
}) => {
  await page.goto('/submit');
  await dismissBetaNotice(page);
  await page.getByRole('tab', { name: 'Paste URL' }).click();
  const url = page.getByLabel('Spotify artist URL');
  const verify = page.getByRole('button', { name: 'Verify' });
  await verify.click();
  await expect(page.getByText('Please enter a Spotify artist URL')).toBeVisible();
  await url.fill('https://open.spotify.com/album/QDascJR6r9cXRhcDDgLNgP');
  await verify.click();
  await expect(page.getByText('Please enter a valid Spotify artist URL')).toBeVisible();
  await url.fill('https://open.spotify.com/artist/0000000000000000000000');
  await verify.click();
  await expect(page.getByText('Could not verify Spotify profile.')).toBeVisible();
  await url.fill('https://open.spotify.com/artist/k9zUbLbeMlMeFMWqFaGme8?si=abc');
  await expect(page.getByText('Could not verify Spotify profile.')).toBeHidden();
  await verify.click();
  await expect(page.getByText('Marlowe Vance')).toBeVisible();
  await expect(page.getByText('Verified', { exact: false }).first()).toBeVisible();

  await page.getByRole('radio', { name: /new artist/ }).check();
  await page.getByRole('radio', { name: /I have a Spotify artist profile/ }).check();
  await page.getByRole('tab', { name: 'Paste URL' }).click();
  await expect(page.getByLabel('Spotify artist URL')).toHaveValue('');

  await page.getByLabel('TikTok profile').fill('tiktok.example/@me');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Please include tiktok.com/ in the URL')).toBeVisible();
  expectNoProblems(problems);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the country list opens above a field near the bottom of the screen, and below one with room under it', async ({
    page,
    problems,
  }) => {
    await page.goto('/submit');
    await dismissBetaNotice(page);
    const country = page.getByRole('combobox', { name: 'Country' });
    const list = page.getByRole('listbox', { name: 'Country' });
    const scrollFieldTo = (top: number) =>
      country.evaluate((field, to) => window.scrollBy(0, field.getBoundingClientRect().top - to), top);

    await scrollFieldTo(700);
    await country.fill('United');
    await expect(page.getByRole('option', { name: 'United Kingdom' })).toBeVisible();
    const [field, popup] = await Promise.all([country.boundingBox(), list.boundingBox()]);
    // Wholly on screen, its bottom edge just over the field.
    expect(popup && field && popup.y + popup.height).toBeLessThanOrEqual(field?.y ?? 0);
    expect(popup?.y).toBeGreaterThanOrEqual(0);

    // Scrolled so that the field is near the top, the open list moves under it.
    await scrollFieldTo(150);
    await expect
      .poll(async () => ((await list.boundingBox())?.y ?? 0) > ((await country.boundingBox())?.y ?? 0))
      .toBe(true);
    const below = await list.boundingBox();
    expect(below && below.y + below.height).toBeLessThanOrEqual(844);
    await page.getByRole('option', { name: 'United Kingdom' }).click();
    await expect(country).toHaveValue('United Kingdom');
    expectNoProblems(problems);
  });
});
