import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { CONTRACT_MESSAGES, currentContractResponseSchema } from '../../src/domain';
import { expect, expectNoProblems, reportCspViolations, test, watchPage } from '../fixtures';
import { openStaffApi, signInThroughApi } from '../support/accounts';
import { axeViolations } from '../support/axe';

test.describe.configure({ timeout: 180_000 });

/** A new artist, signed in on this page's context, with an artist name that is not ASCII. */
async function newArtist(page: Page, baseURL: string, artistName: string) {
  const email = `agreement.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
  await signInThroughApi(page.request, baseURL, email);
  const saved = await page.request.put('/api/artist/profile', {
    data: { artistName, name: 'Zoë Ørsted' },
    headers: { origin: baseURL },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { email, artistName };
}

async function currentContract(page: Page) {
  return currentContractResponseSchema.parse(await (await page.request.get('/api/contracts/current')).json());
}

/** 'Review and Sign Agreement' → the dialog → the signing window (a popup the test drives). */
async function openSigningWindow(page: Page): Promise<Page> {
  await page.getByRole('button', { name: CONTRACT_MESSAGES.reviewAndSignLabel }).click();
  const dialog = page.getByRole('dialog', { name: CONTRACT_MESSAGES.dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'View Contract Template' }).click();
  await expect(dialog).toContainText('This agreement lasts for 12 months');
  await expect(dialog).toContainText("30 days' written notice");
  await expect(dialog).toContainText('non-exclusive right');
  await expect(dialog).toContainText('law of the United Kingdom');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Open Signing Window' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.viewportSize()).toEqual({ width: 1000, height: 800 });
  return popup;
}

/** The signing page: the whole agreement, the disclosures, then consent. */
async function consent(popup: Page, artistName: string) {
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Review and sign your agreement');
  await expect(popup.getByRole('heading', { name: 'Artist Agreement' }).first()).toBeVisible();
  await expect(popup.getByText(`and ${artistName} ("the Artist")`)).toBeVisible();
  await expect(popup.getByText('Your right to a paper copy')).toBeVisible();
  await expect(popup.getByText('Withdrawing your consent')).toBeVisible();
  await popup
    .getByLabel(
      'I have read the information above and agree to use electronic records and signatures for this agreement.',
    )
    .check();
  await popup.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(popup.getByRole('tab', { name: 'Type' })).toBeVisible();
}

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'imprint-agreement-'));
  const file = path.join(dir, 'agreement.pdf');
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
  return stdout;
}

/** What poppler's pdfsig, a reader outside Imprint, says of the PDF's signature. */
async function pdfSignature(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'imprint-agreement-'));
  const file = path.join(dir, 'agreement.pdf');
  await writeFile(file, bytes);
  // pdfsig exits 1 when it cannot trust the signer's certificate (the label's own, self-signed).
  const run = await promisify(execFile)('pdfsig', [file]).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  return run.stdout;
}

test('an artist signs by typing, downloads the sealed PDF and checks it; a second tab cannot start a second request', async ({
  page,
  problems,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const artist = await newArtist(page, origin, 'Łódź Lights');
  await page.goto('/dashboard?tab=1');
  await expect(page.getByRole('heading', { level: 2, name: 'Artist agreement' })).toBeVisible();
  // Beside it, the release schedules: none before the label approves a release.
  await expect(page.getByRole('region', { name: 'Release schedules' })).toContainText(
    'No release schedules yet.',
  );
  expect(await axeViolations(page)).toEqual([]);
  // A second tab, opened before the request exists, still offers to start one.
  const secondTab = await page.context().newPage();
  await secondTab.goto('/dashboard?tab=1');
  await expect(secondTab.getByRole('button', { name: CONTRACT_MESSAGES.reviewAndSignLabel })).toBeVisible();

  const popup = await openSigningWindow(page);
  await expect(page.getByText(/check \d+ of 30/)).toBeVisible();
  await secondTab.getByRole('button', { name: CONTRACT_MESSAGES.reviewAndSignLabel }).click();
  await expect(secondTab.getByText(CONTRACT_MESSAGES.conflict)).toBeVisible();
  await secondTab.close();

  await consent(popup, artist.artistName);
  expect(await axeViolations(popup)).toEqual([]);
  await popup.getByLabel('Your full name').fill('Zoë Ørsted');
  await popup.getByRole('button', { name: 'Sign Agreement' }).click();
  await expect(popup.getByRole('heading', { name: 'Agreement signed' })).toBeVisible();
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: 'Close window' })
    .click()
    .catch((error: unknown) => {
      // The button closes its own window, which can end before Playwright has finished the click.
      if (!popup.isClosed()) throw error;
    });
  await closed;

  await expect(page.getByRole('heading', { level: 2, name: CONTRACT_MESSAGES.signedLabel })).toBeVisible();
  const download = page.getByRole('link', { name: 'Download signed PDF' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  // Named apart from a release schedule's PDF (release-schedule-<release>-v<N>-signed.pdf).
  expect(file.suggestedFilename()).toMatch(/^artist-agreement-[a-z0-9-]+-signed\.pdf$/);
  const pdf = await readFile(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(pdf);
  expect(text).toContain('Signature certificate');
  expect(text).toContain('Zoë Ørsted');
  expect(text).toContain(artist.email);
  expect(text).toContain('Łódź Lights');
  // Signed as a PDF: any reader sees the whole file signed and unchanged since.
  const signature = await pdfSignature(pdf);
  expect(signature).toContain('Total document signed');
  expect(signature).toContain('Signature Validation: Signature is Valid.');

  // One request only, despite the second tab; the profile says signed.
  const current = await currentContract(page);
  expect(current.hasSignedContract).toBe(true);
  expect(current.contractSignatureId).toBe(current.signatureRequest?.id);

  // The verify page: the downloaded copy matches; the same file changed by one byte does not.
  await page.getByRole('link', { name: 'Check a copy' }).click();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}\/verify$/);
  await expect(page.getByText('Unchanged since signing')).toBeVisible();
  const digitalSignature = page.getByRole('region', { name: 'Digital signature' });
  await expect(digitalSignature.getByText(/^Signed by .+/)).toBeVisible();
  await expect(digitalSignature.getByText(/^Time: .* \(the server's clock\)$/)).toBeVisible();
  await page
    .getByLabel('PDF to check')
    .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Check this copy' }).click();
  await expect(page.getByText('This copy matches the sealed agreement.')).toBeVisible();
  const changed = Buffer.from(pdf);
  const middle = Math.floor(changed.length / 2);
  changed.writeUInt8(changed.readUInt8(middle) ^ 0x01, middle);
  await page
    .getByLabel('PDF to check')
    .setInputFiles({ name: 'agreement-edited.pdf', mimeType: 'application/pdf', buffer: changed });
  await page.getByRole('button', { name: 'Check this copy' }).click();
  await expect(page.getByText('This copy does not match the sealed agreement.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expectNoProblems(problems);
});

test('a session opened at another address of the server is not asked to sign in again by the signing window', async ({
  browser,
  baseURL,
}) => {
  const home = new URL(baseURL ?? '');
  test.skip(
    home.hostname !== 'localhost',
    'the server must answer at localhost (PUBLIC_URL) and at 127.0.0.1',
  );
  // The same server by its address: the session's cookie belongs to this host only.
  const address = `${home.protocol}//127.0.0.1:${home.port}`;
  const context = await browser.newContext({ baseURL: address });
  await context.addInitScript(reportCspViolations);
  try {
    const page = await context.newPage();
    const problems = watchPage(page);
    const artist = await newArtist(page, address, 'Second Address');
    await page.goto('/dashboard?tab=1');
    const popup = await openSigningWindow(page);
    // The window opened on the dashboard's own origin, where the session is: the signing page
    // shows the agreement instead of the sign-in page.
    expect(new URL(popup.url()).origin).toBe(address);
    await consent(popup, artist.artistName);
    await popup.close();
    expectNoProblems(problems);
  } finally {
    await context.close();
  }
});

test('an artist signs by drawing, on a phone-sized dashboard', async ({ page, problems, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const artist = await newArtist(page, baseURL ?? '', 'Harbour Lights');
  await page.goto('/dashboard?tab=1');
  const popup = await openSigningWindow(page);
  await consent(popup, artist.artistName);
  await popup.getByRole('tab', { name: 'Draw' }).click();
  const pad = popup.getByLabel('Signature drawing area. To sign with the keyboard, use the Type tab.');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await popup.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await popup.mouse.down();
  for (const [dx, dy] of [
    [80, -30],
    [140, 20],
    [200, -25],
    [260, 15],
  ] as const) {
    await popup.mouse.move(box.x + 30 + dx, box.y + box.height * 0.6 + dy, { steps: 8 });
  }
  await popup.mouse.up();
  await popup.getByRole('button', { name: 'Sign Agreement' }).click();
  await expect(popup.getByRole('heading', { name: 'Agreement signed' })).toBeVisible();
  await popup.close();
  await expect(page.getByRole('heading', { level: 2, name: CONTRACT_MESSAGES.signedLabel })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download signed PDF' })).toBeVisible({ timeout: 60_000 });
  const sealed = await page.request.get(
    (await page.getByRole('link', { name: 'Download signed PDF' }).getAttribute('href')) ?? '',
  );
  const text = await pdfText(Buffer.from(await sealed.body()));
  expect(text).toContain('Signature certificate');
  expect(text).toMatch(/Signature method\s+Drawn/i);
  expectNoProblems(problems);
});

test('a declined and an expired request show their state and Retry; a blocked popup offers the same tab', async ({
  page,
  problems,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const artist = await newArtist(page, origin, 'Static Bloom');
  await page.goto('/dashboard?tab=1');
  const popup = await openSigningWindow(page);
  await consent(popup, artist.artistName);
  await popup.getByRole('button', { name: 'Decline to sign' }).first().click();
  const decline = popup.getByRole('dialog', { name: 'Decline to sign?' });
  await decline.getByLabel('Reason (optional)').fill('I need to read it with my manager first.');
  await decline.getByRole('button', { name: 'Decline agreement' }).click();
  await expect(popup.getByRole('heading', { name: /declined/i })).toBeVisible();
  await popup.close();
  await expect(page.getByText('You declined the agreement.')).toBeVisible();

  // Retry starts a new request; the artist closes the dialog and leaves it open.
  await page.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: CONTRACT_MESSAGES.dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const open = await currentContract(page);
  expect(open.signatureRequest?.status).toBe('awaiting_signature');

  // Staff end it early (its last day was yesterday): the tab shows it expired, with Retry.
  const staff = await openStaffApi(origin, { origin });
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const ended = await staff.post(`/api/contracts/${open.signatureRequest?.id}/deadline`, {
    data: { lastDay: yesterday },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  await staff.dispose();
  await page.reload();
  await expect(page.getByText('The signature request expired.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A browser that blocks the popup: the spec's message, and the signing page in this tab.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Retry' }).click();
  await page
    .getByRole('dialog', { name: CONTRACT_MESSAGES.dialogTitle })
    .getByRole('button', { name: 'Open Signing Window' })
    .click();
  await expect(page.getByText(CONTRACT_MESSAGES.popupBlocked)).toBeVisible();
  await page.getByRole('button', { name: 'Open in this tab' }).click();
  await expect(page).toHaveURL(/\/sign\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review and sign your agreement');
  expectNoProblems(problems);
});
