import type { Page } from '@playwright/test';
import {
  adminInvitationResponseSchema,
  boardListResponseSchema,
  createReturningLinkResponseSchema,
  INVITATION_MESSAGES,
  RETURNING_LINK_FAILURE_MESSAGES,
} from '../../src/domain';
import { expect, expectNoProblems, type PageProblems, test, watchPage } from '../fixtures';
import { openStaffApi } from '../support/accounts';
import { readMail } from '../support/mail';

test.describe.configure({ timeout: 180_000 });

function uniqueArtist() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { artistName: `Harbour Lights ${id}`, email: `harbour.${id}@example.com` };
}

/** The refused token checks a test provokes on purpose; anything else is still a problem. */
function withoutRefusedTokenChecks(problems: PageProblems): PageProblems {
  const expected = (text: string) =>
    /\/api\/(invitation|returning-artist)\/validate\/.*(404|Failed to load)/.test(text);
  return {
    ...problems,
    failedRequests: problems.failedRequests.filter((text) => !expected(text)),
    consoleErrors: problems.consoleErrors.filter(
      (text) => !(text.includes('404') && /\/api\/(invitation|returning-artist)\/validate\//.test(text)),
    ),
  };
}

/** Steps 2 to 4 of a catalogue transfer, from the artist step already filled. */
async function submitTransfer(page: Page) {
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('radio', { name: /Transfer Existing/ }).check();
  await page.getByLabel('Current distributor').click();
  await page.getByRole('option', { name: 'Other / Not Listed' }).click();
  await page.getByLabel('Search for your music').fill('Tidewater');
  await page.getByRole('button', { name: 'Add “Lanterns Over Tidewater”' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Album added to transfer list!' })).toBeVisible();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'About your music' })).toBeVisible();
  await page.getByRole('textbox', { name: 'About your music' }).fill('Coastal folk, recorded live.');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review your submission' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Music' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your submission' })).toBeVisible({
    timeout: 60_000,
  });
}

test('an invited artist submits through the mailed link once; a returning link works twice, then not once revoked', async ({
  page,
  baseURL,
}) => {
  const problems = watchPage(page);
  const who = uniqueArtist();
  const api = await openStaffApi(baseURL ?? '', { origin: baseURL ?? '' });
  const since = Date.now() - 1000;

  // Staff invite the artist; the personal link arrives by mail.
  const created = await api.post('/api/artist-invitations/create', {
    data: { artistName: who.artistName, firstName: 'Rowan', surname: 'Hale', email: who.email },
  });
  expect(created.status(), await created.text()).toBe(200);
  const invitation = adminInvitationResponseSchema.parse(await created.json());
  const mail = await readMail(who.email, /invites you to submit your music/, since);
  const link = mail.raw.match(/https?:\/\/\S+\/i\/[A-Za-z0-9_-]{43}/)?.[0] ?? '';
  expect(link).toBe(invitation.invitationUrl);
  const invitationPath = new URL(link).pathname;

  // The link opens the form with what the label knows already.
  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${who.artistName}`);
  await expect(page.getByLabel('First name')).toHaveValue('Rowan');
  await expect(page.getByLabel('Surname')).toHaveValue('Hale');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(who.email);
  await expect(page.getByRole('textbox', { name: 'Artist name' })).toHaveValue(who.artistName);
  await page.getByLabel("I don't have Instagram").check();
  await page.getByLabel("I don't have TikTok").check();
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByLabel('City').fill('Bristol');
  await page.getByRole('option', { name: 'Bristol' }).click();
  await submitTransfer(page);

  // Used once: the same link is refused.
  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid Invitation');
  await expect(page.getByRole('alert')).toHaveText(INVITATION_MESSAGES.invalidLink);
  // Staff see it as used, tied to the submission it brought.
  const used = await (await api.get('/api/artist-invitations?status=used')).json();
  expect(used.invitations).toContainEqual(
    expect.objectContaining({ itemId: invitation.itemId, status: 'used', submissionId: expect.any(String) }),
  );

  // Staff give the artist a returning link for that submission.
  const list = boardListResponseSchema.parse(await (await api.get('/api/board/items?limit=100')).json());
  const item = list.items.find((i) => i.artistName === who.artistName);
  expect(item).toBeTruthy();
  const issued = await api.post(`/api/board/items/${item?.itemId}/returning-link`);
  expect(issued.status(), await issued.text()).toBe(200);
  const returning = createReturningLinkResponseSchema.parse(await issued.json());
  const returningPath = new URL(returning.url).pathname;

  for (const previous of [1, 2]) {
    await page.goto(returningPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${who.artistName}`);
    const facts = page.locator('dl');
    await expect(facts).toContainText(`Email${who.email}`);
    await expect(facts).toContainText(`Previous submissions${previous}`);
    await expect(facts).toContainText('Access expires');
    // Never used before the first release through it; dated after.
    if (previous === 1) await expect(facts).not.toContainText('Last used');
    else await expect(facts).toContainText('Last used');
    await expect(
      page.getByText(/This link is valid for 365 days and works for multiple releases\./),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Artist name' })).toHaveValue(who.artistName);
    await expect(page.getByLabel('City')).toHaveValue('Bristol');
    // The artist said last time they have no Instagram or TikTok: not asked again.
    await expect(page.getByLabel("I don't have Instagram")).toBeChecked();
    await expect(page.getByLabel("I don't have TikTok")).toBeChecked();
    await submitTransfer(page);
  }

  // Revoked: the link says why it stopped working.
  const revoked = await api.post(`/api/returning-links/${returning.linkId}/revoke`);
  expect(revoked.status(), await revoked.text()).toBe(200);
  await page.goto(returningPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid Returning Artist Link');
  await expect(page.getByRole('alert')).toHaveText(RETURNING_LINK_FAILURE_MESSAGES.deactivated);

  await api.dispose();
  expectNoProblems(withoutRefusedTokenChecks(problems));
});
