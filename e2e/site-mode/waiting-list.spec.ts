import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { formatLongDate, formatReopenSentence, REOPEN_DATE_IN_PAST } from '../../src/domain';
import { dismissBetaNotice, expect, expectNoProblems, test } from '../fixtures';
import { demoStaff, openStaffApi, storageStatePath } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { readMail } from '../support/mail';

// Waiting-list mode is global: this spec runs in the 'site-mode' project, after every other spec
// (playwright.config.ts), and puts the mode back when it is done.

// One worker, in order: the second test switches the mode the first one needs.
test.describe.configure({ mode: 'serial' });

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let staff: APIRequestContext;

async function setSubmissionsEnabled(enabled: boolean) {
  const response = await staff.post('/api/config/set', { data: { submissionsEnabled: enabled } });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ success: true, submissionsEnabled: enabled });
}

test.beforeAll(async ({ baseURL }) => {
  staff = await openStaffApi(baseURL ?? '', { origin: baseURL ?? '' });
  await setSubmissionsEnabled(false);
});

test.afterAll(async () => {
  try {
    await setSubmissionsEnabled(true);
  } finally {
    await staff.dispose();
  }
});

test("a visitor's prerendered /submit and home page are the waiting list's", async ({ request }) => {
  const submit = await (await request.get('/submit')).text();
  expect(submit).toContain('Full submissions are paused for now');
  expect(submit).toContain('Join Waiting List');
  expect(submit).toContain('{"siteConfig":{"submissionsEnabled":false,');
  expect(await (await request.get('/')).text()).toContain('Join the waiting list');
});

test('in waiting-list mode an artist joins the waiting list, and the artist and staff are mailed', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  const since = Date.now() - 1000;
  const stamp = `${Date.now()}`.slice(-6);
  const artistName = `Harbour Lights ${stamp}`;
  const email = `harbour.${stamp}@example.com`;
  const listenLink = `https://soundcloud.com/harbour-lights/demo-${stamp}`;

  await page.goto('/submit');
  await dismissBetaNotice(page);
  await expect(page.getByText('Full submissions are paused for now')).toBeVisible();
  const waitingList = page.getByRole('region', { name: 'Join the Waiting List' });
  await expect(waitingList).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next Step' })).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Submission steps' })).toHaveCount(0);
  expect(
    (await new AxeBuilder({ page }).withTags(axeTags).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  // Nothing filled: the alert lists what is missing, and the first field has the keyboard.
  await page.getByRole('button', { name: 'Join Waiting List' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Required Information Missing' });
  await expect(alert).toContainText(
    'Please fill in the following required fields: First Name, Surname, Email, Artist Name, Country, City',
  );
  await expect(alert).toContainText('Please provide a listen link for your latest project.');
  await expect(page.getByLabel('First name')).toBeFocused();

  await page.getByLabel('First name').fill('Mara');
  await page.getByLabel('Surname').fill('Okafor');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Artist name' }).fill(artistName);
  await page.getByLabel('Instagram profile').fill('https://instagram.com/harbourlights');
  await page.getByLabel('Country').fill('Ire');
  await page.getByRole('option', { name: 'Ireland' }).click();
  await page.getByLabel('City').fill('Cor');
  await page.getByRole('option', { name: 'Cork' }).click();
  await waitingList.getByLabel('Listen link').fill(listenLink);
  await waitingList.getByLabel('About your project (optional)').fill('Four songs recorded in a lighthouse.');
  await expect(alert).toBeHidden();

  await page.getByRole('button', { name: 'Join Waiting List' }).click();
  await expect(page.getByRole('heading', { name: "You're on the waiting list" })).toBeFocused();
  await expect(
    page.getByText(
      "Thank you for joining our waiting list! We'll listen to your music and get back to you within 7-10 days.",
    ),
  ).toBeVisible();

  const confirmation = await readMail(email, /^You're on the .+ waiting list$/, since);
  expect(confirmation.raw).toContain('Hi Mara,');
  expect(confirmation.raw).toContain('get back to you within 7-10 days');
  expect(confirmation.raw).toContain(`Listen link: ${listenLink}`);

  const notice = await readMail(demoStaff, new RegExp(`^New waiting-list entry: ${artistName}$`), since);
  expect(notice.raw).toContain(`Email: ${email}`);
  expect(notice.raw).toContain('Location: Cork, Ireland');
  expect(notice.raw).toContain('About the project: Four songs recorded in a lighthouse.');

  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  expectNoProblems(problems);
});

test('staff say when closed submissions reopen, and the waiting-list page says so', async ({
  browser,
  page,
  problems,
  request,
}) => {
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const past = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const words = formatReopenSentence(day);
  expect(words).toBe(`Submissions reopen on ${formatLongDate(day)}.`);
  const context = await browser.newContext({ storageState: storageStatePath('staff') });
  try {
    const settings = await context.newPage();
    await settings.goto('/admin/settings');
    const panel = settings.getByRole('region', { name: 'Submissions' });
    await expect(
      panel.getByText('Submissions are closed: artists can only join the waiting list.'),
    ).toBeVisible();
    const field = panel.getByLabel('Submissions reopen on (optional)');
    // A day already past is refused in words.
    await field.fill(past);
    await panel.getByRole('button', { name: 'Save date' }).click();
    await expect(panel.getByText(REOPEN_DATE_IN_PAST)).toBeVisible();
    await field.fill(day);
    await panel.getByRole('button', { name: 'Save date' }).click();
    await expect(panel.getByText('The reopening date is saved.')).toBeVisible();
    await expect(panel.getByText(words)).toBeVisible();
    expect(await axeViolations(settings)).toEqual([]);
  } finally {
    await context.close();
  }

  // The prerendered page says it before any script runs, and the page passes axe.
  expect(await (await request.get('/submit')).text()).toContain(words);
  await page.goto('/submit');
  await dismissBetaNotice(page);
  await expect(page.getByText(words)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expectNoProblems(problems);
});

test('with submissions enabled again, /submit shows the four-step form', async ({
  page,
  problems,
  request,
}) => {
  await setSubmissionsEnabled(true);
  expect(await (await request.get('/submit')).text()).toContain('{"siteConfig":{"submissionsEnabled":true,');
  await page.goto('/submit');
  await dismissBetaNotice(page);
  await expect(page.getByRole('tablist', { name: 'Submission steps' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join Waiting List' })).toHaveCount(0);
  expectNoProblems(problems);
});
