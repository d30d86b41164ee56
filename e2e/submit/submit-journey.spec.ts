import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { type BoardItemDetail, boardItemResponseSchema, boardListResponseSchema } from '../../src/domain';
import { dismissBetaNotice, expect, expectNoProblems, test } from '../fixtures';
import { openStaffApi } from '../support/accounts';
import { readMail } from '../support/mail';
import { pickOption } from '../support/select';
import { artistDetails, jpegFile, openSubmitWithDraft, wavFile } from '../support/submission';

test.describe.configure({ timeout: 180_000 });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The board items whose artist is `artistName`, as staff see them, in full. */
async function itemsOf(api: APIRequestContext, artistName: string): Promise<BoardItemDetail[]> {
  const response = await api.get('/api/board/items?limit=100');
  expect(response.status(), await response.text()).toBe(200);
  const list = boardListResponseSchema.parse(await response.json());
  const details: BoardItemDetail[] = [];
  for (const item of list.items.filter((i) => i.artistName === artistName)) {
    const response = await api.get(`/api/board/items/${item.itemId}`);
    details.push(boardItemResponseSchema.parse(await response.json()).item);
  }
  return details;
}

async function download(api: APIRequestContext, url: string): Promise<Buffer> {
  const response = await api.get(url);
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

function uniqueArtist(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    artistName: `${prefix} ${id}`,
    email: `${prefix.toLowerCase().replace(/\s+/g, '.')}.${id}@example.com`,
  };
}

async function fillArtistStep(page: Page, who: { artistName: string; email: string }) {
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Surname').fill('Moreau');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(who.email);
  await page.getByRole('textbox', { name: 'Artist name' }).fill(who.artistName);
  await page.getByLabel("I don't have Instagram").check();
  await page.getByLabel("I don't have TikTok").check();
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByLabel('City').fill('Bristol');
  await page.getByRole('option', { name: 'Bristol' }).click();
}

async function uploadTrack(page: Page, n: number, file: ReturnType<typeof wavFile>) {
  await page.getByLabel(`WAV file for Track ${n}`).setInputFiles(file);
  const title = file.name.replace(/\.wav$/, '');
  await expect(
    page.getByRole('listitem', { name: `Track ${n}` }).getByRole('button', { name: `Play ${title}` }),
  ).toBeEnabled({
    timeout: 30_000,
  });
}

async function fillReleaseDetails(page: Page, title: string) {
  await page.getByLabel('Release title').fill(title);
  await pickOption(page, 'Primary genre', 'Pop');
  await pickOption(page, 'Sub-genre', 'Electropop');
}

/** The track's card with its 'Credits and details' open. */
async function openTrackDetails(page: Page, track: number) {
  const card = page.getByRole('listitem', { name: `Track ${track}` });
  await card.getByRole('button', { name: /Credits and details/ }).click();
  return card;
}

async function addProducer(page: Page, track: number, first: string, last: string) {
  const card = page.getByRole('listitem', { name: `Track ${track}` });
  await card.getByRole('button', { name: 'Add contributor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add contributor' });
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Roles').click();
  await page.getByRole('option', { name: 'Producer', exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function toReviewAndSubmit(page: Page, options: { doubleClick?: boolean } = {}) {
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
  await page.getByRole('textbox', { name: 'About your music' }).fill('Warm synth-pop about the sea.');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review your submission' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit Music' });
  if (options.doubleClick) await submit.dblclick();
  else await submit.click();
}

/** The current distributor and one album from the offline catalogue. */
async function addTransferItem(page: Page) {
  await page.getByLabel('Current distributor').click();
  await page.getByRole('option', { name: 'Other / Not Listed' }).click();
  await page.getByLabel('Search for your music').fill('Tidewater');
  await page.getByRole('button', { name: 'Add “Lanterns Over Tidewater”' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Album added to transfer list!' })).toBeVisible();
}

async function expectSuccess(page: Page) {
  const modal = page.getByRole('dialog', { name: 'Uploading Submission' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Please do not refresh the page or close this tab')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your submission' })).toBeVisible({
    timeout: 60_000,
  });
  // The draft is gone: a new visit starts a new submission.
  expect(await page.evaluate(() => window.localStorage.getItem('imprint.submissionDraft.v1'))).toBeNull();
}

test('a new artist submits new music: two WAVs, artwork, a contributor, a split and a clip, stored intact, then approved', async ({
  page,
  problems,
  baseURL,
}) => {
  const since = Date.now();
  const who = uniqueArtist('Ines Moreau');
  const first = wavFile('Harbour Lights.wav', { seconds: 31, frequency: 330 });
  const second = wavFile('Low Tide.wav', { seconds: 31, frequency: 550 });
  const cover = await jpegFile('cover.jpg', 1400, 1400);

  await page.goto('/submit');
  await dismissBetaNotice(page);
  await fillArtistStep(page, who);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'What are you sending us?' })).toBeVisible();

  await uploadTrack(page, 1, first);
  await page.getByRole('button', { name: 'Add another track' }).click();
  await uploadTrack(page, 2, second);
  await page.getByLabel('Artwork file').setInputFiles(cover);
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await fillReleaseDetails(page, 'Harbour Lights');

  // Track 1: a producer who takes the whole master split, and a social clip.
  const track1 = await openTrackDetails(page, 1);
  await addProducer(page, 1, 'Sam', 'Okafor');
  await track1.getByRole('spinbutton', { name: 'Production year' }).fill('2025');
  await track1.getByLabel('Master royalty splits').check();
  await track1.getByRole('button', { name: 'Add split' }).click();
  await track1.getByLabel('Paid to').click();
  await page.getByRole('option', { name: 'Sam Okafor' }).click();
  await track1.getByLabel('Share').fill('100');
  await track1.getByLabel('Create social audio clips').check();
  await expect(track1.getByLabel('Start (mm:ss)')).toHaveValue('00:00');
  // Track 2: the artist's own work.
  const track2 = await openTrackDetails(page, 2);
  await track2.getByLabel('Solo work (I wrote, performed and produced it myself)').check();
  await track2.getByRole('spinbutton', { name: 'Production year' }).fill('2025');

  await toReviewAndSubmit(page, { doubleClick: true });
  await expectSuccess(page);

  // The board holds one item (the double click made one), complete and intact.
  const api = await openStaffApi(baseURL ?? '');
  let items: BoardItemDetail[] = [];
  await expect
    .poll(
      async () => {
        items = await itemsOf(api, who.artistName);
        return items.map((item) => [item.status, item.tracks[0]?.clips[0]?.status]);
      },
      { timeout: 30_000 },
    )
    .toEqual([['pending', 'ready']]);
  const [item] = items;
  if (!item) throw new Error('no item');
  expect(item).toMatchObject({
    itemName: `${who.artistName} - Harbour Lights`,
    releaseTitle: 'Harbour Lights',
    uploadType: 'new-music',
    releaseType: 'single',
    primaryGenre: 'Pop',
    subGenre: 'Electropop',
    bio: 'Warm synth-pop about the sea.',
    artist: { email: who.email, city: 'Bristol', country: 'United Kingdom' },
  });
  expect(item.tracks.map((t) => t.title)).toEqual(['Harbour Lights', 'Low Tide']);
  const [t1, t2] = item.tracks;
  expect(t1?.contributors).toMatchObject([
    { firstName: 'Sam', surname: 'Okafor', roles: ['Producer'], kind: 'producer' },
  ]);
  expect(t1?.splits).toMatchObject([{ name: 'Sam Okafor', percentage: 100 }]);
  expect(t1?.clips).toMatchObject([{ startTime: '00:00', endTime: '00:30', status: 'ready' }]);
  expect(t2).toMatchObject({ soloWork: true, productionYear: '2025' });
  // The files are byte for byte what the artist picked.
  expect(sha256(await download(api, t1?.audio?.downloadUrl ?? ''))).toBe(sha256(first.buffer));
  expect(sha256(await download(api, t2?.audio?.downloadUrl ?? ''))).toBe(sha256(second.buffer));
  expect(sha256(await download(api, item.artwork?.downloadUrl ?? ''))).toBe(sha256(cover.buffer));
  // The clip is 30 s of the track, as WAV.
  const clip = await download(api, t1?.clips[0]?.file?.downloadUrl ?? '');
  expect(clip.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(clip.length).toBeGreaterThan(30 * 44_100 * 4);
  expect(clip.length).toBeLessThan(31 * 44_100 * 4);

  const confirmation = await readMail(who.email, /^We received your submission/, since);
  expect(confirmation.raw).toContain('Release: Harbour Lights (Single)');
  expect(confirmation.raw).toContain('5-7 days');

  // Staff approve it; the artist hears about it.
  const approved = await api.post(`/api/board/items/${item.itemId}/status`, {
    data: { status: 'approved', message: 'Lovely record. Terms follow.' },
    headers: { origin: baseURL ?? '' },
  });
  expect(approved.status()).toBe(200);
  const statusMail = await readMail(who.email, /Approved/, since);
  expect(statusMail.raw).toContain('Lovely record. Terms follow.');
  await api.dispose();
  expectNoProblems(problems);
});

test('a catalogue transfer is submitted and lands on the board with its item', async ({
  page,
  problems,
  baseURL,
}) => {
  const who = uniqueArtist('Tidewater Fan');
  await openSubmitWithDraft(page, 1, { ...artistDetails(), ...who });
  await page.getByRole('radio', { name: /Transfer Existing/ }).check();
  await addTransferItem(page);
  await toReviewAndSubmit(page);
  await expectSuccess(page);

  const api = await openStaffApi(baseURL ?? '');
  const [item, ...rest] = await itemsOf(api, who.artistName);
  expect(rest).toEqual([]);
  expect(item).toMatchObject({
    uploadType: 'transfer',
    distributor: 'Other / Not Listed',
    tracks: [],
    artwork: null,
  });
  expect(item?.catalogueItems).toMatchObject([{ type: 'album', title: 'Lanterns Over Tidewater' }]);
  await api.dispose();
  expectNoProblems(problems);
});

test('both: new music and a transfer in one submission', async ({ page, problems, baseURL }) => {
  const who = uniqueArtist('Both Ways');
  const track = wavFile('Open Water.wav', { seconds: 31, frequency: 660 });
  await openSubmitWithDraft(page, 1, { ...artistDetails(), ...who });
  await page.getByRole('radio', { name: /Both Options/ }).check();
  await uploadTrack(page, 1, track);
  await page.getByLabel('Artwork file').setInputFiles(await jpegFile('cover.jpg', 800, 800));
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await fillReleaseDetails(page, 'Open Water');
  const card = await openTrackDetails(page, 1);
  await card.getByLabel('Solo work (I wrote, performed and produced it myself)').check();
  await card.getByRole('spinbutton', { name: 'Production year' }).fill('2024');
  await addTransferItem(page);
  await toReviewAndSubmit(page);
  await expectSuccess(page);

  const api = await openStaffApi(baseURL ?? '');
  const [item] = await itemsOf(api, who.artistName);
  expect(item).toMatchObject({ uploadType: 'both', releaseTitle: 'Open Water' });
  expect(item?.tracks.map((t) => t.title)).toEqual(['Open Water']);
  expect(sha256(await download(api, item?.tracks[0]?.audio?.downloadUrl ?? ''))).toBe(sha256(track.buffer));
  expect(item?.catalogueItems.map((c) => c.title)).toEqual(['Lanterns Over Tidewater']);
  await api.dispose();
  expectNoProblems(problems);
});

test('a lost answer leaves the artist on step 4 with the error; submitting again makes no second item', async ({
  page,
  baseURL,
}) => {
  const who = uniqueArtist('Lost Answer');
  await openSubmitWithDraft(page, 1, { ...artistDetails(), ...who });
  await page.getByRole('radio', { name: /Transfer Existing/ }).check();
  await addTransferItem(page);

  // The server stores the item, but the connection drops before the answer arrives.
  let reached = 0;
  await page.route('**/api/board/create-item', async (route) => {
    reached++;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/monitoring/report-error'));
  await toReviewAndSubmit(page);
  const banner = page.getByRole('alert').filter({ hasText: 'Submission failed' });
  await expect(banner).toContainText('Failed to create board entry');
  await expect(page.getByRole('dialog', { name: 'Uploading Submission' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Review your submission' })).toBeVisible();
  expect((await reported).status()).toBe(200);
  expect(reached).toBe(1);

  await page.unroute('**/api/board/create-item');
  await page.getByRole('button', { name: 'Submit Music' }).click();
  await expectSuccess(page);
  const api = await openStaffApi(baseURL ?? '');
  expect(await itemsOf(api, who.artistName)).toHaveLength(1);
  await api.dispose();
});

test('a refused submission shows the server’s words and stores nothing', async ({ page, baseURL }) => {
  const who = uniqueArtist('Refused');
  await openSubmitWithDraft(page, 1, { ...artistDetails(), ...who });
  await page.getByRole('radio', { name: /Transfer Existing/ }).check();
  await addTransferItem(page);
  // A form-filling bot completes the hidden honeypot input.
  await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
    input.value = 'https://spam.example';
  });
  await toReviewAndSubmit(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Submission failed' })).toContainText(
    'Submission validation failed. Please try again or contact support if this persists.',
  );
  const api = await openStaffApi(baseURL ?? '');
  expect(await itemsOf(api, who.artistName)).toEqual([]);
  await api.dispose();
});
