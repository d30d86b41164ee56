import type { Page } from '@playwright/test';
import { addDays, createDefaultTrackMetadata, formatLongDate } from '../../src/domain';
import { expect, expectNoProblems, test } from '../fixtures';
import { axeViolations } from '../support/axe';
import { pickOption } from '../support/select';
import { artistDetails, jpegFile, openSubmitWithDraft, todayIso, wavFile } from '../support/submission';

function problemsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Required Information Missing' });
}

/** A track that passes the step's rules without an upload: for tests about other parts. */
function readyTrack(n: number) {
  return {
    id: `ready-${n}`,
    title: `Song ${n}`,
    url: `/files/placeholder-${n}`,
    fileId: `00000000-0000-4000-8000-00000000000${n}`,
    fileName: `song-${n}.wav`,
    metadata: { ...createDefaultTrackMetadata(), soloWork: true, productionYear: '2025' },
  };
}

test.describe.configure({ timeout: 120_000 });

test('a single: every message of the step, a real WAV and JPEG upload with progress, credits, and on to step 3', async ({
  page,
  problems,
}) => {
  await openSubmitWithDraft(page, 1, artistDetails());
  await expect(page.getByRole('heading', { name: 'What are you sending us?' })).toBeVisible();

  // Next with nothing: the dialog lists the problems of §5.
  await page.getByRole('button', { name: 'Next Step' }).click();
  const dialog = problemsDialog(page);
  for (const message of [
    'Please add tracks for your release',
    'Release title is required',
    'Primary genre is required',
    'Sub-genre is required',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  // Each problem leads to its field.
  await dialog.getByRole('button', { name: 'Release title is required' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Release title')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Required Information Missing' })).toContainText(
    'Please add at least one track for your release',
  );

  // The WAV upload: slowed down on the way so the progress bar can be seen.
  await page.route('**/api/upload/storage?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByLabel('WAV file for Track 1').setInputFiles(wavFile('Night Drive.wav'));
  await expect(page.getByRole('progressbar', { name: 'Upload progress of Night Drive' })).toBeVisible();
  const track = page.getByRole('listitem', { name: 'Track 1' });
  // The file's row shows the upload where its facts go once it is in, with no preview meanwhile
  // (spec 001 §4), and keeps its height when the upload ends: nothing under it moves.
  const play = track.getByRole('button', { name: 'Play Night Drive' });
  await expect(play).toBeDisabled();
  await expect(track.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  const uploading = await play.locator('..').boundingBox();
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await expect(track.getByRole('button', { name: 'Replace file' })).toBeVisible();
  expect((await play.locator('..').boundingBox())?.height).toBeCloseTo(uploading?.height ?? 0, 0);
  await expect(page.getByLabel('Track title')).toHaveValue('Night Drive');
  for (const chip of ['Stereo', '44.1 kHz', '16-bit', '0:31'])
    await expect(track.getByText(chip, { exact: true })).toBeVisible();

  // A refused file says why, in the spec's words.
  await page
    .getByLabel('Artwork file')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('x') });
  await expect(page.getByText('Please select a valid JPEG or JPG file')).toBeVisible();
  // The artwork: uploaded, previewed, with its size and the warning for a small cover.
  await page.getByLabel('Artwork file').setInputFiles(await jpegFile('cover.jpg', 1000, 1000));
  await expect(page.getByRole('img', { name: 'Artwork preview' })).toBeVisible();
  await expect(page.getByText('1000 x 1000 pixels', { exact: true })).toBeVisible();
  await expect(page.getByText('stores ask for at least 3000 x 3000')).toBeVisible();
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Release title').fill('Night Drive');
  await pickOption(page, 'Primary genre', 'Pop');
  await pickOption(page, 'Sub-genre', 'Electropop');

  // The track still needs its credits and year: its card counts them (Next Step was pressed above).
  const details = track.getByRole('button', { name: /Credits and details/ });
  await expect(details).toContainText('(2 to fix)');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(dialog.getByText('Track 1 "Night Drive" needs contributors and roles')).toBeVisible();
  await expect(dialog.getByText('Track 1 "Night Drive" needs a production year')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Add at least one person who worked on this track.')).toBeVisible();
  // The card opened, and the keyboard is on the first thing it needs, not back on Next Step.
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(track.locator(':focus')).toHaveCount(1);

  await track.getByRole('button', { name: 'Add contributor' }).click();
  const contributor = page.getByRole('dialog', { name: 'Add contributor' });
  await contributor.getByLabel('First name').fill('Sam');
  await contributor.getByLabel('Last name').fill('Okafor');
  await expect(contributor.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await contributor.getByLabel('Roles').click();
  await page.getByRole('option', { name: 'Producer', exact: true }).click();
  await page.keyboard.press('Escape');
  await contributor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(contributor).toBeHidden();
  await expect(track.getByText('Sam Okafor', { exact: true })).toBeVisible();
  await track.getByRole('spinbutton', { name: 'Production year' }).fill('2025');

  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The draft keeps the upload: after a reload the track is there, by its stored file.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Track 1' }).getByText('Night Drive.wav')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Artwork preview' })).toBeVisible();
  expectNoProblems(problems);
});

test('a mono, low-rate WAV is described and warned about before it uploads', async ({ page, problems }) => {
  await openSubmitWithDraft(page, 1, artistDetails());
  await page
    .getByLabel('WAV file for Track 1')
    .setInputFiles(wavFile('demo.wav', { channels: 1, sampleRate: 22_050, bitDepth: 8, seconds: 5 }));
  const warning = page.getByRole('alert').filter({ hasText: 'demo.wav' });
  await expect(warning).toContainText('Mono, 22.1 kHz, 8-bit, 0:05');
  for (const text of ['This file is mono', 'below 44.1 kHz', 'below 16-bit', 'shorter than 30 seconds']) {
    await expect(warning).toContainText(text);
  }
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await warning.getByRole('button', { name: 'Upload anyway' }).click();
  await expect(page.getByRole('button', { name: 'Play demo' })).toBeEnabled({ timeout: 30_000 });

  // A text file renamed .wav is refused by its header, not its name.
  await page.getByLabel('WAV file for Track 1').setInputFiles({
    name: 'fake.wav',
    mimeType: 'audio/wav',
    buffer: Buffer.from('this is not audio at all, just text pretending'),
  });
  await expect(page.getByText(/^Failed to process file/)).toBeVisible();
  expectNoProblems(problems);
});

test('an EP released singles first: default single dates, and the quick fix for the full release date', async ({
  page,
}) => {
  const today = todayIso();
  await openSubmitWithDraft(page, 1, {
    ...artistDetails(),
    releaseType: 'ep',
    releaseTitle: 'Tides',
    primaryGenre: 'Pop',
    subGenre: 'Electropop',
    tracks: [readyTrack(1), readyTrack(2), readyTrack(3)],
  });
  await expect(page.getByRole('listitem', { name: /^Track \d$/ })).toHaveCount(3);
  // Reorder with the arrows: only tracks with audio move.
  await page.getByRole('button', { name: 'Move Song 1 down' }).click();
  await expect(page.getByRole('listitem', { name: 'Track 1' }).getByLabel('Track title')).toHaveValue(
    'Song 2',
  );

  await page.getByRole('radio', { name: /Release singles first/ }).check();
  const singles = page.getByRole('checkbox', { name: 'Release as single' });
  await singles.nth(0).check();
  await singles.nth(1).check();
  const lastSingle = addDays(today, 84);
  await page.getByLabel('Full release date').fill(addDays(today, 60));
  await page.getByRole('button', { name: 'Next Step' }).click();
  const dialog = problemsDialog(page);
  const message = `Full release date must be on or after your last single (${formatLongDate(lastSingle)})`;
  await expect(dialog.getByText(message)).toBeVisible();
  await dialog.getByRole('button', { name: `Set to ${formatLongDate(lastSingle)}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Full release date')).toHaveValue(lastSingle);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
});

test('an early release needs a reason; a date under six weeks is refused without one', async ({ page }) => {
  const today = todayIso();
  await openSubmitWithDraft(page, 1, {
    ...artistDetails(),
    releaseTitle: 'Soon',
    primaryGenre: 'Pop',
    subGenre: 'Electropop',
    tracks: [readyTrack(1)],
  });
  await page.getByRole('textbox', { name: 'Release date' }).fill(addDays(today, 10));
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(
    problemsDialog(page).getByText('Release date must be at least 6 weeks from today'),
  ).toBeVisible();
  await problemsDialog(page).getByRole('button', { name: 'Close' }).click();
  await page.getByLabel(/Request an early release/).check();
  await page.getByRole('textbox', { name: 'Release date' }).fill(addDays(today, 10));
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(
    problemsDialog(page).getByText('Please provide a reason for the early release request'),
  ).toBeVisible();
  await problemsDialog(page).getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Reason for early release').fill('Tied to our tour starting next week.');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
});

test('release types set the track slots; an LP offers six', async ({ page }) => {
  await openSubmitWithDraft(page, 1, artistDetails());
  const slots = page.getByRole('listitem', { name: /^Track \d+$/ });
  await expect(slots).toHaveCount(1);
  await page.getByRole('radio', { name: /^EP/ }).check();
  await expect(slots).toHaveCount(3);
  await page.getByRole('radio', { name: /^LP/ }).check();
  await expect(slots).toHaveCount(6);
  await page.getByRole('radio', { name: /^Single/ }).check();
  await expect(slots).toHaveCount(1);
  await page.getByRole('button', { name: 'Add another track' }).click();
  await expect(slots).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Add another track' })).toBeHidden();
});

test('a catalogue transfer: the finder in offline mode, the item, its splits, and on to step 3', async ({
  page,
  problems,
}) => {
  await openSubmitWithDraft(page, 1, artistDetails());
  await page.getByRole('radio', { name: /Transfer Existing/ }).check();
  await expect(page.getByRole('heading', { name: 'Audio tracks' })).toBeHidden();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(
    problemsDialog(page).getByText('Please add at least one catalogue item to transfer'),
  ).toBeVisible();
  await problemsDialog(page).getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Current distributor').click();
  await page.getByRole('option', { name: 'Other / Not Listed' }).click();
  await page.getByLabel('Search for your music').fill('Tidewater');
  await page.getByRole('button', { name: 'Add “Lanterns Over Tidewater”' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Album added to transfer list!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove “Lanterns Over Tidewater”' })).toBeVisible();

  // The URL tab checks what is pasted.
  await page.getByRole('tab', { name: 'Enter URL' }).click();
  await page.getByLabel('Spotify track or album link').fill('https://open.spotify.com/playlist/abc');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Please enter a valid Spotify track or album URL')).toBeVisible();

  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
  expectNoProblems(problems);
});

test('both options show the release and the transfer', async ({ page }) => {
  await openSubmitWithDraft(page, 1, artistDetails());
  await page.getByRole('radio', { name: /Both Options/ }).check();
  await expect(page.getByRole('heading', { name: 'Audio tracks' })).toBeVisible();
  await expect(page.getByLabel('Current distributor')).toBeVisible();
});

test('the remaining messages of §5: track titles, singles, the full release date, transfer splits', async ({
  page,
}) => {
  const today = todayIso();
  await openSubmitWithDraft(page, 1, {
    ...artistDetails(),
    uploadType: 'both',
    releaseType: 'ep',
    releaseTitle: 'Tides',
    primaryGenre: 'Pop',
    subGenre: 'Electropop',
    tracks: [readyTrack(1), { ...readyTrack(2), title: '' }, readyTrack(3)],
  });
  // A single without a date is no single yet (the strategy follows the ticked singles, §4).
  await page.getByRole('radio', { name: /Release singles first/ }).check();
  await page.getByRole('checkbox', { name: 'Release as single' }).first().check();
  await page.getByLabel('Single release date').fill('');
  await page.getByRole('button', { name: 'Next Step' }).click();
  const dialog = problemsDialog(page);
  await expect(dialog.getByText('Track titles are required for all tracks')).toBeVisible();
  await expect(dialog.getByText('Please select at least one track to release as a single')).toBeVisible();
  await dialog.getByRole('button', { name: 'Track titles are required for all tracks' }).click();
  await expect(page.getByRole('listitem', { name: 'Track 2' }).getByLabel('Track title')).toBeFocused();
  await page.getByRole('listitem', { name: 'Track 2' }).getByLabel('Track title').fill('Song 2');

  await page.getByLabel('Single release date').fill(addDays(today, 50));
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(dialog.getByText('Full release date is required for singles-first strategy')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Full release date').fill(addDays(today, 90));

  // A catalogue item with master splits on needs its splits, each complete.
  await page.getByLabel('Search for your music').fill('Slow Bloom');
  await page.getByRole('button', { name: 'Add “Slow Bloom”' }).first().click();
  const item = page.getByRole('group', { name: /Master splits for “Slow Bloom”/ });
  await item.getByLabel('Master royalty splits').check();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(dialog.getByText('"Slow Bloom" has master splits enabled but no splits added')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await item.getByRole('button', { name: 'Add split' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();
  for (const message of [
    'Split #1 missing first name',
    'Split #1 missing last name',
    'Split #1 missing email',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await item.getByLabel('First name').fill('Ada');
  await item.getByLabel('Last name').fill('Mensah');
  await item.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
});

test('leaving the form while a file uploads asks first, with the spec’s words', async ({ page }) => {
  await openSubmitWithDraft(page, 1, artistDetails());
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/upload/storage?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('WAV file for Track 1').setInputFiles(wavFile('Held.wav'));
  await expect(page.getByRole('progressbar', { name: 'Upload progress of Held' })).toBeVisible();

  const asked: string[] = [];
  page.once('dialog', async (dialog) => {
    asked.push(dialog.message());
    await dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect
    .poll(() => asked)
    .toEqual(['Upload in progress! Are you sure you want to leave? This will cancel your upload.']);
  await expect(page).toHaveURL('/submit');
  release();
  await expect(page.getByRole('button', { name: 'Play Held' })).toBeEnabled({ timeout: 30_000 });
  // Done uploading: nothing to lose, so no question.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
});

test('tracks reorder by keyboard drag: Space lifts, arrows move 25 px a step, Space drops', async ({
  page,
}) => {
  await openSubmitWithDraft(page, 1, {
    ...artistDetails(),
    releaseType: 'ep',
    tracks: [readyTrack(1), readyTrack(2), readyTrack(3)],
  });
  const firstTitle = page.getByRole('listitem', { name: 'Track 1' }).getByLabel('Track title');
  await expect(firstTitle).toHaveValue('Song 1');
  const handle = page.getByRole('button', { name: 'Drag Song 1 to reorder' });
  await handle.focus();
  await page.keyboard.press('Space');
  // dnd-kit listens for the arrows only once the drag has started: wait for the handle to say so.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // Each ArrowDown moves the card 25 px; press until dnd-kit announces the next place. (Counting
  // presses from a measured card height was flaky: under load the collision check runs frames
  // behind the keys, and a late-laid-out card is taller than it was when measured.)
  const announcer = page.locator('[id^="DndLiveRegion"]');
  let presses = 0;
  await expect
    .poll(
      async () => {
        await page.keyboard.press('ArrowDown');
        presses += 1;
        return announcer.textContent();
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toContain('Song 1 is over position 2 of 3.');
  // More than one press: the card moved in 25 px steps, not in one jump.
  expect(presses).toBeGreaterThan(1);
  await page.keyboard.press('Space');
  await expect(announcer).toContainText('Song 1 was dropped at position 2 of 3.');
  await expect(firstTitle).toHaveValue('Song 2');
  await expect(page.getByRole('listitem', { name: 'Track 2' }).getByLabel('Track title')).toHaveValue(
    'Song 1',
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('step 2 fits the screen with every section open, and passes axe', async ({ page }) => {
    await openSubmitWithDraft(page, 1, {
      ...artistDetails(),
      uploadType: 'both',
      releaseType: 'ep',
      tracks: [readyTrack(1), readyTrack(2), readyTrack(3)],
    });
    await page.getByRole('radio', { name: /Release singles first/ }).check();
    await page.getByRole('checkbox', { name: 'Release as single' }).first().check();
    await page
      .getByRole('listitem', { name: 'Track 1' })
      .getByRole('button', { name: 'Credits and details' })
      .click();
    await page.getByLabel('Search for your music').fill('Tide');
    await expect(page.getByRole('button', { name: 'Add “Lanterns Over Tidewater”' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
