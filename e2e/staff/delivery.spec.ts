import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { computeGtinCheckDigit } from '../../src/domain';
import { type SftpStandIn, startSftpStandIn } from '../../src/server/stand-ins/sftp';
import { expect, expectNoProblems, test } from '../fixtures';
import { openStaffPage } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { newArtistWithSubmission } from '../support/board';

/**
 * Delivery to a store in the browser: staff approve a release (its ISRC assigned from the label's
 * prefix), the artist signs its schedule, staff enter the missing UPC from the checklist and watch
 * it turn green, download the package (the message, the approved WAV and the cover), then deliver
 * it to the store's SFTP drop box and see the delivery in the log.
 */

test.describe.configure({ timeout: 180_000 });

const run = promisify(execFile);
let sftp: SftpStandIn;

test.beforeAll(async () => {
  const dataDir = process.env.E2E_DATA_DIR ?? '';
  sftp = await startSftpStandIn({
    port: Number(process.env.E2E_SFTP_PORT ?? 3198),
    authorizedKey: await readFile(path.join(dataDir, 'e2e-sftp-key.pub')),
  });
  await mkdir(path.join(sftp.root, 'incoming'), { recursive: true });
});
test.afterAll(async () => sftp?.close());

/** The artist signs the release's schedule through the API, as the signing page does. */
async function signScheduleAsArtist(request: APIRequestContext, origin: string, itemId: string) {
  const headers = { origin };
  let scheduleId = '';
  await expect(async () => {
    const found = await request.get(`/api/release-schedules?submissionId=${itemId}`);
    scheduleId = (await found.json()).schedule?.id ?? '';
    expect(scheduleId).not.toBe('');
  }).toPass({ timeout: 30_000 });
  const link = await request.post(`/api/release-schedules/${scheduleId}/sign-url`, { headers });
  const token = ((await link.json()).signUrl as string).split('/sign/')[1];
  const page = await request.get(`/api/signing/${token}`);
  const { documentSha256 } = (await page.json()).document;
  expect(
    (await request.post(`/api/signing/${token}/consent`, { headers, data: { consent: true } })).ok(),
  ).toBe(true);
  const signed = await request.post(`/api/signing/${token}/sign`, {
    headers,
    data: { method: 'typed', typedName: 'Harbour Lights', documentSha256 },
  });
  expect(signed.status(), await signed.text()).toBe(200);
}

test('staff approve a release, enter its UPC from the checklist, download the package and deliver it to SFTP', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const submission = await newArtistWithSubmission(page.request, origin, 'delivery', { artworkSize: 1600 });
  const staff = await openStaffPage(browser);
  await staff.page.goto(`/details/${submission.itemId}`);
  const panel = staff.page.getByRole('region', { name: 'Change status' });
  await panel.getByRole('radio', { name: 'Approved' }).check();
  await panel.getByRole('button', { name: 'Set to Approved' }).click();
  await expect(panel.getByRole('status')).toContainText('Status changed to Approved.');
  await signScheduleAsArtist(page.request, origin, submission.itemId);

  // The checklist: the ISRC came with the approval; the UPC is missing (no UPC_PREFIX here).
  const delivery = staff.page.getByRole('region', { name: 'Delivery', exact: true });
  const checklist = delivery.getByRole('list', { name: 'Delivery checklist' });
  await expect(async () => {
    await delivery.getByRole('button', { name: 'Check again' }).click();
    await expect(delivery.getByText('UPC (ICPN)').first()).toBeVisible();
    await expect(delivery).toContainText('not assigned yet', { timeout: 2_000 });
    await expect(delivery).not.toContainText('being made from the artwork', { timeout: 2_000 });
    await expect(delivery).not.toContainText('waiting for the artist’s signature', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(delivery).toContainText(/GB-IMP-\d{2}-\d{5}/);
  expect(await axeViolations(staff.page)).toEqual([]);
  await delivery.screenshot({ path: '/tmp/delivery-missing-1280.png' });

  // The fix: enter the UPC by hand. A wrong check digit is refused in words first.
  await checklist
    .getByRole('button', { name: /^Enter by hand/ })
    .first()
    .click();
  const dialog = staff.page.getByRole('dialog', { name: 'Edit identifiers and lines' });
  const upc = dialog.getByRole('textbox', { name: 'UPC (ICPN)' });
  await upc.fill('0 12345 67890 9');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/should end in 5/).first()).toBeVisible();
  await upc.fill(validUpc());
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(delivery.getByText('Ready for delivery')).toBeVisible({ timeout: 30_000 });
  await expect(delivery).toContainText(submission.releaseTitle);
  await delivery.screenshot({ path: '/tmp/delivery-ready-1280.png' });

  // The package: the message, the WAV as approved, the cover.
  const [download] = await Promise.all([
    staff.page.waitForEvent('download'),
    delivery.getByRole('link', { name: 'Download package' }).click(),
  ]);
  const dir = await mkdtemp(path.join(tmpdir(), 'imprint-e2e-package-'));
  try {
    const zip = path.join(dir, 'package.zip');
    await download.saveAs(zip);
    await run('python3', ['-m', 'zipfile', '-e', zip, path.join(dir, 'out')]);
    const [icpn] = await readdir(path.join(dir, 'out'));
    expect(icpn).toMatch(/^\d{13}$/);
    const wav = await readFile(path.join(dir, 'out', icpn as string, 'resources', `${icpn}_01_001.wav`));
    expect(wav.equals(submission.wav.buffer)).toBe(true);
    expect((await readdir(path.join(dir, 'out', icpn as string))).sort()).toEqual([
      `${icpn}.xml`,
      'resources',
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // Deliver to the store's SFTP drop box; the log shows it sent.
  await delivery.getByRole('button', { name: /^Deliver to sftp:\/\// }).click();
  const confirm = staff.page.getByRole('dialog', { name: /^Deliver to sftp:\/\// });
  await confirm.getByRole('button', { name: 'Deliver' }).click();
  await expect(confirm).toBeHidden();
  const log = delivery.getByRole('region', { name: 'Delivery log' });
  await expect(log.getByText('Initial delivery')).toBeVisible();
  await expect(log.getByText(/Sent/)).toBeVisible({ timeout: 60_000 });
  await expect(delivery.getByText('Delivered', { exact: true }).first()).toBeVisible();
  const batches = (await readdir(path.join(sftp.root, 'incoming'))).filter((name) => name.startsWith('N_'));
  expect(batches.length).toBeGreaterThan(0);
  expect(await axeViolations(staff.page)).toEqual([]);
  await delivery.screenshot({ path: '/tmp/delivery-sent-1280.png' });
  expectNoProblems(staff.problems);
  await staff.close();
});

/** A UPC-A nobody else in this run has: 12 digits, the last its GS1 check digit. */
function validUpc(): string {
  const body = `0${String(Date.now()).slice(-10)}`;
  return `${body}${computeGtinCheckDigit(body)}`;
}
