import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { unzipEntries } from '../../src/server/test/unzip';
import { expect, expectNoProblems, test } from '../fixtures';
import { openStaffPage, signInThroughApi } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { createSubmissionThroughApi, newArtistWithSubmission } from '../support/board';

/**
 * Artists' data rights (the privacy policy answers data requests within 30 days): an artist
 * downloads their data from their profile; staff erase a test artist, whose files are then gone
 * from storage while their signed agreement's verify page still finds it intact.
 */

test.describe.configure({ timeout: 180_000 });

/** The files local storage holds in the upload folders named after `slug` (uploads/<slug>-<hash>/…). */
async function storedFilesOf(slug: string): Promise<string[]> {
  const root = path.join(process.env.E2E_DATA_DIR ?? '', 'files', 'uploads');
  const found: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(full);
    }
  };
  for (const entry of await readdir(root, { withFileTypes: true }))
    if (entry.isDirectory() && entry.name.startsWith(`${slug}-`)) await walk(path.join(root, entry.name));
  return found;
}

/** The artist signs the agreement through the API, as the signing page does; answers its id once sealed. */
async function signAgreement(request: APIRequestContext, origin: string, email: string, artistName: string) {
  const headers = { origin };
  const current = await (await request.get('/api/contracts/current')).json();
  const created = await request.post('/api/contracts/create', {
    headers,
    data: { artistId: current.artistId, artistName, artistEmail: email },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { signatureId, signatureRequest } = await created.json();
  const token = (signatureRequest.signUrl as string).split('/sign/')[1];
  const { documentSha256 } = (await (await request.get(`/api/signing/${token}`)).json()).document;
  expect(
    (await request.post(`/api/signing/${token}/consent`, { headers, data: { consent: true } })).ok(),
  ).toBe(true);
  const signed = await request.post(`/api/signing/${token}/sign`, {
    headers,
    data: { method: 'typed', typedName: 'Nova Erasable', documentSha256 },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  await expect(async () => {
    const verify = await (await request.get(`/api/contracts/${signatureId}/verify`)).json();
    expect(verify.storedCopyMatches).toBe(true);
  }).toPass({ timeout: 60_000 });
  return signatureId as string;
}

test('an artist downloads their data from their profile', async ({ page, problems, baseURL }) => {
  const origin = baseURL ?? '';
  const submission = await newArtistWithSubmission(page.request, origin, 'data-export');
  await page.goto('/edit-profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toContainText('To have your data erased, write to privacy@');
  expect(await axeViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^imprint-data-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);
  const dir = await mkdtemp(path.join(tmpdir(), 'imprint-e2e-export-'));
  try {
    const zip = path.join(dir, 'data.zip');
    await download.saveAs(zip);
    const entries = await unzipEntries(await readFile(zip));
    expect([...entries.keys()].sort()).toEqual(['README.txt', 'data.json']);
    expect(entries.get('README.txt')?.toString()).toContain('within 30 days');
    const data = JSON.parse(entries.get('data.json')?.toString() ?? '{}');
    expect(data.submissions.map((s: { id: string }) => s.id)).toEqual([submission.itemId]);
    const [track] = data.submissions[0].tracks;
    expect(track.title).toBe(submission.trackTitle);
    expect(track.audio.link).toMatch(/\/api\/artist\/files\/[0-9a-f-]{36}$/);
    // The link opens the file for its artist, signed in.
    const file = await page.request.get(new URL(track.audio.link).pathname);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(submission.wav.buffer)).toBe(true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  expectNoProblems(problems);
});

test('staff erase a test artist: their files leave storage, their signed agreement still verifies', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const suffix = randomUUID().slice(0, 8);
  const email = `erasable.${Date.now()}.${suffix}@example.com`;
  const artistName = `Erasable ${suffix}`;
  const artist = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await signInThroughApi(artist, origin, email);
  expect(
    (await artist.put('/api/artist/profile', { data: { artistName, name: 'Nova Erasable' } })).ok(),
  ).toBe(true);
  const submission = await createSubmissionThroughApi(artist, origin, { artistName });
  const agreementId = await signAgreement(artist, origin, email, artistName);
  const artistId = (await (await artist.get('/api/contracts/current')).json()).artistId as string;
  const slug = `erasable-${suffix}`;
  await expect.poll(async () => (await storedFilesOf(slug)).length, { timeout: 30_000 }).toBeGreaterThan(2);

  const staff = await openStaffPage(browser);
  await staff.page.goto(`/artist/${artistId}`);
  await expect(staff.page.getByRole('heading', { level: 1, name: artistName })).toBeVisible();
  await staff.page.getByRole('button', { name: 'Erase artist…' }).click();
  const dialog = staff.page.getByRole('dialog', { name: `Erase ${artistName}?` });
  await expect(dialog).toContainText('This cannot be undone.');
  expect(await axeViolations(staff.page)).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked by e-mail (e2e)');
  await dialog.getByRole('textbox', { name: `Type ${email} to confirm` }).fill(email);
  await dialog.getByRole('button', { name: 'Erase artist' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const notice = staff.page.getByRole('status').filter({ hasText: 'Personal data erased' });
  await expect(notice).toContainText('Reason: Asked by e-mail (e2e)');
  await expect(notice).toContainText('files were deleted from storage');
  await expect(staff.page.getByRole('heading', { level: 1, name: 'Erased artist' })).toBeVisible();
  await expect(staff.page.getByRole('button', { name: 'Erase artist…' })).toHaveCount(0);

  // The files are gone from storage; the board's item no longer names the artist.
  expect(await storedFilesOf(slug)).toEqual([]);
  const item = await (await staff.page.request.get(`/api/board/items/${submission.itemId}`)).json();
  expect(JSON.stringify(item)).not.toContain(email);
  expect(JSON.stringify(item)).not.toContain(artistName);
  // The artist's session ended with the erasure.
  expect((await artist.get('/api/artist/profile')).status()).toBe(401);

  // The signed agreement is kept whole: its verify page still finds the stored copy intact.
  await staff.page.goto(`/contracts/${agreementId}/verify`);
  await expect(
    staff.page.getByText('Intact: the stored file still has its sealed fingerprint'),
  ).toBeVisible();
  expectNoProblems(staff.problems);
  await staff.close();
  await artist.dispose();
});
