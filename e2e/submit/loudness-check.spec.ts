import type { Page } from '@playwright/test';
import {
  encodeWav,
  LOUDNESS_ADVICE_CLIPPING,
  LOUDNESS_ADVICE_TRUE_PEAK,
  LOUDNESS_ADVICE_VERY_LOUD,
  LOUDNESS_NO_ADVICE,
} from '../../src/domain';
import { expect, expectNoProblems, test } from '../fixtures';
import { axeViolations } from '../support/axe';
import { pickOption } from '../support/select';
import { artistDetails, jpegFile, openSubmitWithDraft } from '../support/submission';

/**
 * The loudness and level check in the browser: the WAV is measured in a Web Worker
 * the moment it is chosen (its code fetched only then), the findings show in the artist's words,
 * and nothing waits for them: the submission goes through with advice on screen or with the check
 * still running.
 */

test.describe.configure({ timeout: 120_000 });

/**
 * A 31 s stereo 1 kHz tone, 16-bit 44.1 kHz. A stereo 1 kHz sine at `dbfs` (its peak) measures
 * `dbfs` LUFS; `gain` above 1 drives it past full scale, where the samples are held flat (clipped).
 */
function toneWav(name: string, { dbfs, gain = 1 }: { dbfs: number; gain?: number }) {
  const sampleRate = 44_100;
  const amplitude = 10 ** (dbfs / 20) * gain;
  const channel = new Float32Array(31 * sampleRate);
  for (let i = 0; i < channel.length; i++)
    channel[i] = amplitude * Math.sin((2 * Math.PI * 1000 * i) / sampleRate);
  const bytes = encodeWav({ sampleRate, samples: [channel, channel.slice()], bitsPerSample: 16 });
  return {
    name,
    mimeType: 'audio/wav',
    buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}

/** Clipped at full scale, its true peak above 0 dBTP, and very loud. */
const clippedMaster = () => toneWav('Red Line.wav', { dbfs: 0, gain: 1.6 });
/** At the −14 LUFS of streaming services, peaking at −14 dBTP. */
const cleanMaster = () => toneWav('Even Keel.wav', { dbfs: -14 });

function uniqueArtist(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    artistName: `${prefix} ${id}`,
    email: `${prefix.toLowerCase().replace(/\s+/g, '.')}.${id}@example.com`,
  };
}

const levelCheck = (page: Page, title: string) => page.getByRole('note', { name: `Level check of ${title}` });

/** The rest of a single after its WAV was chosen, through to the thank-you page. */
async function completeAndSubmit(page: Page, title: string) {
  await expect(
    page.getByRole('listitem', { name: 'Track 1' }).getByRole('button', { name: `Play ${title}` }),
  ).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel('Artwork file').setInputFiles(await jpegFile('cover.jpg', 800, 800));
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Release title').fill(title);
  await pickOption(page, 'Primary genre', 'Pop');
  await pickOption(page, 'Sub-genre', 'Electropop');
  const card = page.getByRole('listitem', { name: 'Track 1' });
  await card.getByRole('button', { name: /Credits and details/ }).click();
  await card.getByLabel('Solo work (I wrote, performed and produced it myself)').check();
  await card.getByRole('spinbutton', { name: 'Production year' }).fill('2025');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
  await page.getByRole('textbox', { name: 'About your music' }).fill('Loud on purpose.');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review your submission' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Music' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your submission' })).toBeVisible({
    timeout: 60_000,
  });
}

test('a clipped, very loud master gets advice in the artist’s words, and the submission goes on', async ({
  page,
  problems,
}) => {
  const loudnessRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/loudness-/.test(request.url())) loudnessRequests.push(new URL(request.url()).pathname);
  });
  await openSubmitWithDraft(page, 1, { ...artistDetails(), ...uniqueArtist('Red Line') });
  await expect(page.getByRole('heading', { name: 'What are you sending us?' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The step came without the check: its code and the worker come with the first WAV.
  expect(loudnessRequests).toEqual([]);

  await page.getByLabel('WAV file for Track 1').setInputFiles(clippedMaster());
  const check = levelCheck(page, 'Red Line');
  await expect(check).toBeVisible({ timeout: 30_000 });
  await expect(check).toContainText(/The master clips: [\d,]+ samples are cut flat at full scale\./);
  await expect(check).toContainText(LOUDNESS_ADVICE_CLIPPING);
  await expect(check).toContainText(/The true peak is \+\d+\.\d dBTP, above −1\.0 dBTP\./);
  await expect(check).toContainText(LOUDNESS_ADVICE_TRUE_PEAK);
  await expect(check).toContainText(LOUDNESS_ADVICE_VERY_LOUD);
  await expect(check).toContainText('This is advice only: you can send the file as it is.');
  await expect(check).not.toContainText(LOUDNESS_NO_ADVICE);
  // Polite, never an alert: the findings arrive in a live region.
  await expect(
    page.locator('[aria-live="polite"]').getByRole('note', { name: 'Level check of Red Line' }),
  ).toHaveCount(1);
  expect(loudnessRequests.some((path) => path.includes('loudness-worker-'))).toBe(true);

  await completeAndSubmit(page, 'Red Line');
  expectNoProblems(problems);
});

test('a clean −14 LUFS master looks good; a file chosen instead is checked again', async ({
  page,
  problems,
}) => {
  await openSubmitWithDraft(page, 1, artistDetails());
  const input = page.getByLabel('WAV file for Track 1');
  await input.setInputFiles(cleanMaster());
  const check = levelCheck(page, 'Even Keel');
  await expect(check).toContainText(LOUDNESS_NO_ADVICE, { timeout: 30_000 });
  await expect(check).toContainText('Loudness −14.0 LUFS · true peak −14.0 dBTP');
  await expect(page.getByRole('progressbar', { name: 'Level check of Even Keel' })).toHaveCount(0);
  await expect(
    page.getByRole('listitem', { name: 'Track 1' }).getByRole('button', { name: 'Play Even Keel' }),
  ).toBeEnabled({ timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);

  // Another file in the slot: its own check, the first one's words gone.
  await input.setInputFiles(clippedMaster());
  const card = page.getByRole('listitem', { name: 'Track 1' });
  await expect(card.getByRole('note')).toContainText(LOUDNESS_ADVICE_TRUE_PEAK, { timeout: 30_000 });
  await expect(card.getByRole('note')).not.toContainText(LOUDNESS_NO_ADVICE);
  await expect(card.getByText(LOUDNESS_NO_ADVICE)).toHaveCount(0);
  expectNoProblems(problems);
});

test('the submission never waits for the check: still running, it holds nothing up', async ({ page }) => {
  // The worker's script never arrives, so the check stays at its start.
  await page.route('**/assets/loudness-worker-*.js', () => {});
  await openSubmitWithDraft(page, 1, { ...artistDetails(), ...uniqueArtist('Slow Check') });
  await page.getByLabel('WAV file for Track 1').setInputFiles(clippedMaster());
  await expect(page.getByText('Checking levels… 0%')).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Level check of Red Line' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

  await completeAndSubmit(page, 'Red Line');
});
