import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  type BoardItemDetail,
  boardItemResponseSchema,
  boardListResponseSchema,
  formatTrackNeedsCustomArtwork,
} from '../../src/domain';
import { expect, expectNoProblems, test } from '../fixtures';
import { openStaffApi, storageStatePath } from '../support/accounts';
import { pickOption } from '../support/select';
import { artistDetails, jpegFile, openSubmitWithDraft, wavFile } from '../support/submission';

test.describe.configure({ timeout: 180_000 });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function itemOf(api: APIRequestContext, artistName: string): Promise<BoardItemDetail | undefined> {
  const list = boardListResponseSchema.parse(await (await api.get('/api/board/items?limit=100')).json());
  const summary = list.items.find((item) => item.artistName === artistName);
  if (!summary) return undefined;
  const response = await api.get(`/api/board/items/${summary.itemId}`);
  return boardItemResponseSchema.parse(await response.json()).item;
}

test('a track with its own artwork: the switch asks for a picture, the JPEG uploads with progress, and staff see it', async ({
  page,
  problems,
  baseURL,
  browser,
}) => {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const who = { artistName: `Cover Story ${id}`, email: `cover.story.${id}@example.com` };
  const audio = wavFile('Harbour Lights.wav', { seconds: 31, frequency: 440 });
  const cover = await jpegFile('release-cover.jpg', 800, 800);
  const single = await jpegFile('harbour-lights-single.jpg', 640, 640);

  await openSubmitWithDraft(page, 1, { ...artistDetails(), ...who });
  await page.getByLabel('WAV file for Track 1').setInputFiles(audio);
  const card = page.getByRole('listitem', { name: 'Track 1' });
  await expect(card.getByRole('button', { name: 'Play Harbour Lights' })).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel('Artwork file').setInputFiles(cover);
  const releaseArtwork = page.getByRole('region', { name: 'Artwork', exact: true });
  await expect(releaseArtwork.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Release title').fill('Harbour Lights');
  await pickOption(page, 'Primary genre', 'Pop');
  await pickOption(page, 'Sub-genre', 'Electropop');

  await card.getByRole('button', { name: /Credits and details/ }).click();
  await card.getByLabel('Solo work (I wrote, performed and produced it myself)').check();
  await card.getByRole('spinbutton', { name: 'Production year' }).fill('2025');
  const toggle = card.getByRole('switch', { name: 'Use custom artwork' });
  await expect(toggle).not.toBeChecked();
  // From the keyboard, as the switch is reached with Tab.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();

  // On without a picture: Next names the problem and leads to the picker.
  await page.getByRole('button', { name: 'Next Step' }).click();
  const message = formatTrackNeedsCustomArtwork(1, 'Harbour Lights');
  const dialog = page.getByRole('dialog', { name: 'Required Information Missing' });
  await dialog.getByRole('button', { name: message }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Choose artwork for Track 1' })).toBeFocused();
  await expect(card.getByText(message)).toBeVisible();

  // The picture uploads at once, its progress shown (slowed down on the way so it can be seen).
  await page.route('**/api/upload/storage?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await card.getByLabel('Custom artwork file for Track 1').setInputFiles(single);
  await expect(
    card.getByRole('progressbar', { name: 'Custom artwork upload progress of Harbour Lights' }),
  ).toBeVisible();
  await expect(card.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('img', { name: 'Custom artwork of Harbour Lights' })).toBeVisible();
  await expect(card.getByText(message)).toBeHidden();
  await page.unroute('**/api/upload/storage?*');

  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review your submission' })).toBeVisible();
  await expect(page.getByText('1. Harbour Lights · Custom artwork: harbour-lights-single.jpg')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Music' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your submission' })).toBeVisible({
    timeout: 60_000,
  });

  // On the board: the track's own cover byte for byte, beside the release artwork.
  const api = await openStaffApi(baseURL ?? '');
  const item = await itemOf(api, who.artistName);
  if (!item) throw new Error('the submission is not on the board');
  const [track] = item.tracks;
  expect(track?.customArtwork).toMatchObject({
    fileName: 'harbour-lights-single.jpg',
    media: { width: 640 },
  });
  const download = await api.get(track?.customArtwork?.downloadUrl ?? '');
  expect(download.status()).toBe(200);
  expect(sha256(Buffer.from(await download.body()))).toBe(sha256(single.buffer));
  expect(item.artwork?.fileName).toBe('release-cover.jpg');
  await api.dispose();
  expectNoProblems(problems);

  // Staff reviewing it see the picture itself on the submission's page.
  const context = await browser.newContext({ storageState: storageStatePath('staff') });
  const staffPage = await context.newPage();
  await staffPage.goto(`/details/${item.itemId}`);
  const picture = staffPage
    .getByRole('region', { name: /^Tracks/ })
    .getByRole('img', { name: 'Custom artwork of Harbour Lights' });
  await expect(picture).toBeVisible();
  // Lazy, so brought on screen; until its variants are looked up it is a placeholder of its size.
  await expect
    .poll(() =>
      picture.evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
        return element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0;
      }),
    )
    .toBe(true);
  await expect(
    staffPage.getByRole('link', {
      name: 'Download the artwork of Harbour Lights (harbour-lights-single.jpg)',
    }),
  ).toBeVisible();
  await context.close();
});
