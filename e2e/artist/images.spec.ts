import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoProblems, test, watchPage } from '../fixtures';
import { signInThroughApi, storageStatePath } from '../support/accounts';
import { jpegFile } from '../support/submission';

// Uploaded images come as AVIF (or WebP, or JPEG) variants at the size a page
// shows them, never the full-size original, and load whatever name the server was reached by.

/** The demo artist's seeded submissions (src/server/seed/seed-demo-data.ts), each with a cover. */
const demoTitles = ['Paper Planes', 'Night Swim', 'Golden Hour', 'Low Light', 'Static'];

/** The variant an `<img>` of a `<picture>` shows: its format and width, from its current source. */
async function shownVariant(image: Locator): Promise<string | null> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  return /\/files\/[0-9a-f-]{36}\/((avif|webp|jpeg)-\d+)\?/.exec(source)?.[1] ?? null;
}

/** Waits until the image mapping lists variants for every file these signed links name. */
async function waitForVariants(page: Page, links: string[]) {
  const ids = links.map((link) => /\/files\/([0-9a-f-]{36})/.exec(link)?.[1] ?? '');
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/files/optimized/image-mapping.json?ids=${ids.join(',')}`);
        const mapping = (await answer.json()) as Record<string, { variants: unknown[] }>;
        return ids.every((id) => (mapping[id]?.variants.length ?? 0) > 0);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

test.describe('the demo dashboard', () => {
  test.use({ storageState: storageStatePath('artist') });

  test('opened at 127.0.0.1 instead of localhost, every cover loads as a small AVIF with its size set', async ({
    page,
    browser,
    baseURL,
  }) => {
    const answer = await page.request.get('/api/profile/submissions');
    const { submissions } = (await answer.json()) as { submissions: { artworkUrl?: string }[] };
    const covers = submissions.map((submission) => submission.artworkUrl ?? '').filter(Boolean);
    expect(covers.length).toBeGreaterThanOrEqual(demoTitles.length);
    // Links the page loads are relative: they follow whatever origin the page has.
    for (const link of covers) expect(link).toMatch(/^\/files\//);
    await waitForVariants(page, covers);

    // The same server by another name, as a phone on the local network would reach it by address.
    const other = new URL(baseURL ?? '');
    other.hostname = '127.0.0.1';
    const state = JSON.parse(await fs.readFile(storageStatePath('artist'), 'utf8')) as {
      cookies: { name: string; value: string }[];
    };
    const context = await browser.newContext({
      baseURL: other.origin,
      viewport: { width: 390, height: 844 },
    });
    await context.addCookies(state.cookies.map(({ name, value }) => ({ name, value, url: other.origin })));
    const phone = await context.newPage();
    const problems = watchPage(phone);
    const originals: string[] = [];
    phone.on('request', (request) => {
      if (/\/files\/[0-9a-f-]{36}\?/.test(request.url())) originals.push(request.url());
    });
    await phone.goto('/dashboard');
    for (const title of demoTitles) {
      // The <img> itself: while the mapping loads, a placeholder of the same name keeps its room.
      const cover = phone.getByRole('article', { name: title }).locator(`img[alt="Artwork for ${title}"]`);
      await cover.scrollIntoViewIfNeeded();
      // 72 CSS px on a phone at DPR 1: the 80 px AVIF, the smallest that fills it.
      expect(await shownVariant(cover)).toBe('avif-80');
      await expect(cover).toHaveAttribute('width', '112');
      await expect(cover).toHaveAttribute('height', '112');
      await expect(cover).toHaveAttribute('sizes', '(min-width: 600px) 112px, 72px');
    }
    // No CSP block, no failed image, and the full-size originals were never fetched.
    expectNoProblems(problems);
    expect(originals).toEqual([]);
    await context.close();
  });
});

test.describe('a new artist', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a 3000 x 3000 profile picture is shown as a variant the size of the avatar, in the header and the card', async ({
    page,
    baseURL,
    problems,
  }) => {
    const email = `images.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
    await signInThroughApi(page.request, baseURL ?? '', email);
    await page.goto('/edit-profile');
    await page.getByLabel('Artist name').fill('Big Picture');
    const picture = await jpegFile('portrait.jpg', 3000, 3000);
    await page.getByLabel('Profile picture file').setInputFiles(picture);
    await expect(page.getByText('New picture uploaded. Save to use it.')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page).toHaveURL('/dashboard');

    const me = (await (await page.request.get('/api/artist/profile')).json()) as {
      profile: { picture: string };
    };
    await waitForVariants(page, [me.profile.picture]);
    // The dashboard opened before the variants existed shows the original: let it finish loading,
    // so only the reloaded page's requests are counted.
    await page.waitForLoadState('networkidle');
    const originals: string[] = [];
    page.on('request', (request) => {
      if (/\/files\/[0-9a-f-]{36}\?/.test(request.url())) originals.push(request.url());
    });
    await page.reload();
    // The header's 32 px avatar and the profile card's 80 px picture: the 80 px AVIF serves both
    // at DPR 1, not the 3000 px upload.
    const header = page
      .getByRole('banner')
      .getByRole('button', { name: 'Account: Big Picture' })
      .locator('img');
    expect(await shownVariant(header)).toBe('avif-80');
    const card = page.locator('img[alt="Picture of Big Picture"]');
    expect(await shownVariant(card)).toBe('avif-80');
    await expect(card).toHaveAttribute('width', '80');
    expect(originals).toEqual([]);
    expectNoProblems(problems);
  });
});
