import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { makeWav } from '../../src/server/test/media-fixtures';
import { expect, expectNoProblems, test } from '../fixtures';
import { openStaffPage } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { newArtistWithSubmission } from '../support/board';

/**
 * The per-release schedule to the artist agreement in the browser: staff approve a
 * release → the artist signs its schedule on the built-in signing page → the sealed PDF lists the
 * approved WAV's SHA-256 → the verify page matches the approved WAV and rejects another file,
 * hashing both in the browser without uploading them.
 */

test.describe.configure({ timeout: 180_000 });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'imprint-schedule-'));
  const file = path.join(dir, 'schedule.pdf');
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdftotext', [file, '-']);
  return stdout;
}

/** The page at phone and desktop width, whole, for a look; back to desktop after. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/schedule-${name}-390.png`, fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/schedule-${name}-1280.png`, fullPage: true });
}

/** Drops a file on an element the way a browser does: a drop event carrying it in a DataTransfer. */
async function dropFile(page: Page, testId: string, name: string, bytes: Buffer) {
  const transfer = await page.evaluateHandle(
    ([fileName, data]) => {
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(
        new File([new Uint8Array(data as number[])], fileName as string, { type: 'audio/wav' }),
      );
      return dataTransfer;
    },
    [name, [...bytes]] as const,
  );
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer: transfer });
}

test('staff approve a release → the artist signs its schedule → the verify page matches the approved WAV and rejects another file', async ({
  page,
  problems,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const submission = await newArtistWithSubmission(page.request, origin, 'schedule');
  const approvedHash = sha256(submission.wav.buffer);

  // Staff approve; the schedule is prepared in the background and shows on the details page.
  const staff = await openStaffPage(browser);
  await staff.page.goto(`/details/${submission.itemId}`);
  await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText(submission.itemName);
  const panel = staff.page.getByRole('region', { name: 'Change status' });
  await panel.getByRole('radio', { name: 'Approved' }).check();
  await panel.getByRole('button', { name: 'Set to Approved' }).click();
  await expect(panel.getByRole('status')).toContainText('Status changed to Approved.');
  const staffSchedule = staff.page.getByRole('region', { name: 'Release schedule' });
  await expect(staffSchedule.getByText("Awaiting the artist's signature")).toBeVisible({ timeout: 30_000 });
  await expect(staffSchedule).toContainText(approvedHash);
  expect(await axeViolations(staff.page)).toEqual([]);
  await staffSchedule.screenshot({ path: '/tmp/schedule-staff-section-1280.png' });

  // The artist opens the release and signs its schedule on the built-in signing page.
  await page.goto(`/submission/${submission.itemId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(submission.releaseTitle);
  const section = page.getByRole('region', { name: 'Release schedule' });
  await expect(section.getByText('Awaiting your signature')).toBeVisible({ timeout: 30_000 });
  await expect(section).toContainText(`1. ${submission.trackTitle}`);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'artist-submission');
  // The link the app is given is a path, opened on this page's own origin where the session is,
  // never PUBLIC_URL's address (read on its way, as the page navigates away at once).
  let signUrl = '';
  await page.route('**/api/release-schedules/*/sign-url', async (route) => {
    const response = await route.fetch();
    signUrl = String((await response.json()).signUrl);
    await route.fulfill({ response });
  });
  await section.getByRole('button', { name: 'Sign the release schedule' }).click();

  await expect(page).toHaveURL(/\/sign\/[A-Za-z0-9_-]+$/);
  expect(signUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]+$/);
  await page.unrouteAll();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review and sign your release schedule');
  await expect(page.getByText(`Audio SHA-256: ${approvedHash}`)).toBeVisible();
  await expect(page.getByText(`Release schedule: ${submission.releaseTitle}`).first()).toBeVisible();
  await page
    .getByLabel(
      'I have read the information above and agree to use electronic records and signatures for this agreement.',
    )
    .check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await page.getByLabel('Your full name').fill(submission.artistName);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'signing');
  await page.getByRole('button', { name: 'Sign Schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Release schedule signed' })).toBeVisible();
  // The signing page points to the sealed PDF once it is made, and to where it is kept.
  const signedCopy = page.getByRole('region', { name: 'Your signed copy' });
  await expect(signedCopy.getByRole('link', { name: 'Dashboard → Contract Signing' })).toHaveAttribute(
    'href',
    '/dashboard?tab=1',
  );
  await expect(signedCopy.getByRole('link', { name: 'Download signed PDF' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(signedCopy.getByRole('link', { name: 'Verify' })).toHaveAttribute(
    'href',
    /^\/contracts\/[0-9a-f-]{36}\/verify$/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'signed');
  await page.getByRole('link', { name: 'Back to your release' }).click();

  // Signed, then sealed: the PDF lists the approved WAV's fingerprint. (From the signing page the
  // artist area's layout and page load afresh: slow on a busy machine.)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(submission.releaseTitle, {
    timeout: 30_000,
  });
  await expect(section.getByText('Signed', { exact: true })).toBeVisible();
  const download = section.getByRole('link', { name: 'Download the signed schedule' });
  await expect(async () => {
    await page.reload();
    await expect(download).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  // Named apart from the agreement's PDF (artist-agreement-<name>-signed.pdf).
  expect(file.suggestedFilename()).toMatch(/^release-schedule-[a-z0-9-]+-v1-signed\.pdf$/);
  const pdf = await readFile(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
  expect(text).toContain(`Release schedule: ${submission.releaseTitle}`);
  expect(text).toContain(approvedHash);
  expect(text).toContain(sha256(submission.jpeg.buffer));
  expect(text).toContain('Signature certificate');

  // The Contract Signing tab lists it beside the agreement, with the same sealed PDF.
  await page.goto('/dashboard?tab=1');
  const schedules = page.getByRole('region', { name: 'Release schedules' });
  const row = schedules.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 3, name: submission.releaseTitle }),
  });
  await expect(row).toContainText('Signed');
  await expect(row).toContainText('Version 1');
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /^Download signed PDF/ }).click(),
  ]);
  expect(again.suggestedFilename()).toBe(file.suggestedFilename());
  expect((await readFile(await again.path())).equals(pdf)).toBe(true);
  await expect(row.getByRole('link', { name: /^Open the release/ })).toHaveAttribute(
    'href',
    `/submission/${submission.itemId}`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'contract-tab');
  await page.goto(`/submission/${submission.itemId}`);

  // The verify page: the approved WAV matches, another file does not; neither is uploaded.
  await section.getByRole('link', { name: 'Check a file against it' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check a release schedule');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') posts.push(`${request.method()} ${request.url()}`);
  });
  await page.getByLabel('File to check').setInputFiles({
    name: submission.wav.name,
    mimeType: 'audio/wav',
    buffer: submission.wav.buffer,
  });
  const answer = page.getByRole('alert').filter({ hasText: /match/i });
  await expect(answer).toContainText(`Match: this is the approved ${submission.trackTitle} audio.`);
  await expect(answer).toContainText(approvedHash);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'verify-match');

  const other = makeWav({ seconds: 1, frequency: 523 });
  await dropFile(page, 'schedule-drop-zone', 'not-the-master.wav', other);
  await expect(answer).toContainText(
    'No match: this file is not one of the files approved in this schedule.',
  );
  await expect(answer).toContainText(sha256(other));
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'verify-no-match');
  expect(posts).toEqual([]);

  // Staff see it signed.
  await staff.page.reload();
  await expect(staffSchedule.getByText('Signed', { exact: true })).toBeVisible();
  await screenshots(staff.page, 'staff-details');

  expectNoProblems(problems);
  expectNoProblems(staff.problems);
  await staff.close();
});
