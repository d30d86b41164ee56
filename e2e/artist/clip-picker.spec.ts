import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { encodeWav, formatClipTime, releaseDetailsResponseSchema } from '../../src/domain';
import { expect, expectNoProblems, type PageProblems, test } from '../fixtures';
import { axeViolations } from '../support/axe';
import { newArtistWithSubmission, setStatusAsStaff } from '../support/board';
import { artistDetails, openSubmitWithDraft } from '../support/submission';

/**
 * The social clip picker: clips chosen on the track's waveform with the mouse and
 * with the keyboard, the mm:ss fields following, and the values kept (the submission form's draft,
 * the release details once saved). The waveform is never decoded by the page: in the form it comes
 * from the level check's pass over the file, in the release details from the server's job.
 */

test.describe.configure({ timeout: 180_000 });

/** A stereo 220 Hz tone whose level swells and fades, so the waveform has a shape to pick from. */
function swellingWav(name: string, seconds: number, sampleRate = 44_100) {
  const channel = new Float32Array(seconds * sampleRate);
  for (let i = 0; i < channel.length; i++) {
    const t = i / sampleRate;
    const level = 0.15 + 0.7 * Math.abs(Math.sin(t / 6)) * (0.6 + 0.4 * Math.sin(t * 1.7));
    channel[i] = level * Math.sin(2 * Math.PI * 220 * t);
  }
  const bytes = encodeWav({ sampleRate, samples: [channel, channel.slice()], bitsPerSample: 16 });
  return {
    name,
    mimeType: 'audio/wav',
    buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}

/**
 * axe on a page with wavesurfer's shadow root: while it reads the shadow root's stylesheet, axe
 * itself puts a <style> without the page's nonce into the document, which the CSP refuses and the
 * console reports. That refusal is axe's, made while it runs; any other console error still counts.
 */
async function axeWithShadowRoots(page: Page, problems: PageProblems): Promise<string[]> {
  const before = problems.consoleErrors.length;
  const violations = await axeViolations(page);
  const during = problems.consoleErrors.splice(before);
  problems.consoleErrors.push(
    ...during.filter((text) => !/^Applying inline style violates .*'style-src /.test(text)),
  );
  return violations;
}

/** Drags from the middle of `from` by `dx` pixels with the mouse, in small steps as a hand would. */
async function dragBy(page: Page, from: Locator, dx: number) {
  await from.scrollIntoViewIfNeeded();
  const box = await from.boundingBox();
  if (!box) throw new Error('nothing to drag');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 12 });
  await page.mouse.up();
}

/** Seconds per pixel of the drawn waveform. */
async function secondsPerPixel(waveform: Locator, duration: number) {
  const box = await waveform.boundingBox();
  if (!box) throw new Error('no waveform');
  return duration / (box.width - 2); // its 1 px border on each side
}

async function expectClipFields(scope: Locator, start: string, end: string) {
  await expect(scope.getByRole('textbox', { name: 'Start (mm:ss)' })).toHaveValue(start);
  await expect(scope.getByRole('textbox', { name: 'End (mm:ss)' })).toHaveValue(end);
}

const seconds = (mmss: string) => {
  const [m, s] = mmss.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

async function readClip(scope: Locator) {
  const start = seconds(await scope.getByRole('textbox', { name: 'Start (mm:ss)' }).inputValue());
  const end = seconds(await scope.getByRole('textbox', { name: 'End (mm:ss)' }).inputValue());
  return { start, end };
}

test('in the submission form: a clip dragged with the mouse and nudged with the keys, kept in the draft', async ({
  page,
  problems,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSubmitWithDraft(page, 1, artistDetails());
  await expect(page.getByRole('heading', { name: 'What are you sending us?' })).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Track 1' });
  await card.getByLabel('WAV file for Track 1').setInputFiles(swellingWav('Tide Line.wav', 80));
  await expect(card.getByRole('button', { name: 'Play Tide Line' })).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByRole('note', { name: 'Level check of Tide Line' })).toContainText('Loudness', {
    timeout: 60_000,
  });

  // The upload is done: its progress bar is gone.
  await expect(card.getByRole('progressbar', { name: 'Upload progress of Tide Line' })).toHaveCount(0, {
    timeout: 60_000,
  });
  await card.getByRole('button', { name: /Credits and details/ }).click();
  await card.getByRole('switch', { name: 'Create social audio clips' }).check();
  const waveform = card.getByTestId('clip-waveform');
  const region = card.getByRole('slider', { name: 'Clip 1 of Tide Line' });
  await expect(region).toBeVisible();
  await expectClipFields(card, '00:00', '00:30');
  await expect(card.getByTestId('clip-1-seconds')).toHaveText('Start 0 s, end 30 s (30 s)');

  // The mouse: the region dragged about 20 s later keeps its 30 s, and the fields follow.
  const perPixel = await secondsPerPixel(waveform, 80);
  await dragBy(page, region, 20 / perPixel);
  await expect(card.getByRole('textbox', { name: 'Start (mm:ss)' })).not.toHaveValue('00:00');
  const dragged = await readClip(card);
  expect(Math.abs(dragged.start - 20)).toBeLessThanOrEqual(1);
  expect(dragged.end - dragged.start).toBe(30);
  await expect(card.getByTestId('clip-1-seconds')).toHaveText(
    `Start ${dragged.start} s, end ${dragged.end} s (30 s)`,
  );

  // Its end edge dragged far right stops at the spec's 60 seconds.
  await dragBy(page, region.locator('[part~="region-handle-right"]'), 45 / perPixel);
  await expectClipFields(card, formatClipTime(dragged.start), formatClipTime(dragged.start + 60));
  await expect(card.getByText('Length: 60 seconds')).toBeVisible();

  // The keyboard: a second earlier, then five (it ends with the track, so no later), said to
  // screen readers; the fields follow.
  await region.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  const moved = { start: dragged.start - 6, end: dragged.start + 54 };
  await expectClipFields(card, formatClipTime(moved.start), formatClipTime(moved.end));
  await expect(region).toHaveAttribute('aria-valuenow', String(moved.start));
  await expect(card.locator('[aria-live="polite"]').filter({ hasText: /^Clip 1: / })).toHaveText(
    `Clip 1: ${formatClipTime(moved.start)} to ${formatClipTime(moved.end)}, 60 seconds`,
  );

  // Typing in the fields moves the region.
  await card.getByRole('textbox', { name: 'Start (mm:ss)' }).fill('00:10');
  await card.getByRole('textbox', { name: 'End (mm:ss)' }).fill('00:50');
  await expect(region).toHaveAttribute('aria-valuenow', '10');
  await expect(card.getByTestId('clip-1-seconds')).toHaveText('Start 10 s, end 50 s (40 s)');

  // A second clip in its own colour, played on its own.
  await card.getByRole('button', { name: 'Add clip' }).click();
  await expect(card.getByRole('slider', { name: 'Clip 2 of Tide Line' })).toBeVisible();
  await card.getByRole('button', { name: 'Play clip 2' }).click();
  await expect(card.getByRole('button', { name: 'Stop clip 2' })).toBeVisible();
  await card.getByRole('button', { name: 'Stop clip 2' }).click();
  await expect(card.getByRole('button', { name: 'Play clip 2' })).toBeVisible();
  expect(await axeWithShadowRoots(page, problems)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await waveform.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/clips-submit-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await waveform.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/clips-submit-390.png' });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Reloaded: the draft keeps the clips and the waveform, though the file itself is gone.
  await page.waitForTimeout(1_500); // the draft is written a moment after the last change
  await page.reload();
  await expect(page.getByRole('heading', { name: 'What are you sending us?' })).toBeVisible();
  const again = page.getByRole('listitem', { name: 'Track 1' });
  await again.getByRole('button', { name: /Credits and details/ }).click();
  await expect(again.getByRole('slider', { name: 'Clip 1 of Tide Line' })).toHaveAttribute(
    'aria-valuenow',
    '10',
  );
  const first = again.getByRole('group', { name: 'Clip 1' });
  await expectClipFields(first, '00:10', '00:50');
  expectNoProblems(problems);
});

async function waitForWaveform(request: APIRequestContext, itemId: string) {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/profile/submissions/${itemId}/release-details`);
        const body = releaseDetailsResponseSchema.parse(await response.json());
        return body.releaseDetails.tracks[0]?.waveform?.peaks.length ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBe(1000);
}

/**
 * A new artist's submission of a 90 s track, in progress, its waveform measured by the server's
 * job; its release details open on a phone-wide screen with the clips switch on.
 */
async function openReleaseDetailsWithClips(page: Page, origin: string) {
  const submission = await newArtistWithSubmission(page.request, origin, 'clips', {
    wav: swellingWav('harbour.wav', 90, 22_050),
  });
  await setStatusAsStaff(origin, submission.itemId, 'in_progress');
  await waitForWaveform(page.request, submission.itemId);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/release-details/${submission.itemId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Release details');
  const track = page.getByRole('region', { name: `1. ${submission.trackTitle}` });
  await track.getByRole('switch', { name: 'Create social audio clips' }).check();
  const waveform = track.getByTestId('clip-waveform');
  const region = track.getByRole('slider', { name: `Clip 1 of ${submission.trackTitle}` });
  await expect(region).toBeVisible();
  return { track, waveform, region };
}

/** The release details of a fresh submission, opened with the clips switch on (see above). */
const releaseTest = test.extend<{ clips: Awaited<ReturnType<typeof openReleaseDetailsWithClips>> }>({
  clips: async ({ page, baseURL }, use) => {
    await use(await openReleaseDetailsWithClips(page, baseURL ?? ''));
  },
});

releaseTest(
  'in the release details: the waveform the server measured, a clip picked and saved',
  async ({ page, problems, clips: { track, waveform, region } }) => {
    // On a phone-wide screen: dragged about 30 s along, then two seconds back with the keys.
    const perPixel = await secondsPerPixel(waveform, 90);
    await dragBy(page, region, 30 / perPixel);
    await expect(track.getByRole('textbox', { name: 'Start (mm:ss)' })).not.toHaveValue('00:00');
    const dragged = await readClip(track);
    expect(Math.abs(dragged.start - 30)).toBeLessThanOrEqual(2);
    expect(dragged.end - dragged.start).toBe(30);
    await region.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    const start = dragged.start - 2;
    await expectClipFields(track, formatClipTime(start), formatClipTime(start + 30));
    await waveform.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/clips-release-390.png' });
    expect(await axeWithShadowRoots(page, problems)).toEqual([]);

    // Saved, and read back after a reload: the fields and the region.
    const put = page.waitForResponse(
      (response) => response.url().includes('/release-details') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save draft' }).click();
    const answer = await put;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: /saved/ })).toHaveText(/^Draft saved at /);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Release details');
    await expectClipFields(track, formatClipTime(start), formatClipTime(start + 30));
    await expect(region).toHaveAttribute('aria-valuenow', String(start));
    await page.setViewportSize({ width: 1280, height: 900 });
    await waveform.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/clips-release-1280.png' });
    expectNoProblems(problems);
  },
);

releaseTest.describe('on a touch screen', () => {
  releaseTest.use({ hasTouch: true });

  releaseTest(
    'a clip is dragged with a finger on a phone-wide screen',
    async ({ page, problems, clips: { track, waveform, region } }) => {
      const perPixel = await secondsPerPixel(waveform, 90);
      await region.scrollIntoViewIfNeeded();
      const box = await region.boundingBox();
      if (!box) throw new Error('no region');
      const cdp = await page.context().newCDPSession(page);
      const at = (x: number, y: number) => [{ x, y, id: 1 }];
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x, y) });
      // wavesurfer waits a moment on a touch screen before a touch becomes a drag (its touchDelay).
      await page.waitForTimeout(200);
      const dx = 20 / perPixel;
      for (let step = 1; step <= 10; step++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: at(x + (dx * step) / 10, y),
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect(track.getByRole('textbox', { name: 'Start (mm:ss)' })).not.toHaveValue('00:00');
      const dragged = await readClip(track);
      expect(Math.abs(dragged.start - 20)).toBeLessThanOrEqual(2);
      expect(dragged.end - dragged.start).toBe(30);
      expectNoProblems(problems);
    },
  );
});
