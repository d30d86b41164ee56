import { randomUUID } from 'node:crypto';
import {
  addDays,
  formatLongDate,
  getIsoDateOfInstant,
  RESPONSE_PROMISE_DAYS_INVALID,
  RESPONSE_PROMISE_DEFAULT_DAYS,
} from '../../src/domain';
import { expect, expectNoProblems, test } from '../fixtures';
import { openStaffPage } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { newArtistWithSubmission } from '../support/board';
import { readMail } from '../support/mail';
import { pickOption } from '../support/select';
import { staffApiWithTemplate } from '../support/triage';

/**
 * A response promise kept in the browser: staff set the promise on its page and
 * switch the daily job on with their decline template; with the clock set five days ahead (the
 * browser's, and the server's through the suite's X-Test-Now header), the board marks the new
 * submission overdue; the job's run on that clock (the suite's hook, limited to this spec's
 * submission so the specs beside it keep theirs) declines it, mails the artist the filled template,
 * and staff see the run, the submission's new status and the job on its timeline.
 */

const DAY = 86_400_000;
const PROMISE_DAYS = 3;
const AHEAD_DAYS = 5;

test.describe.configure({ timeout: 120_000 });

test('the overdue job declines a submission past the promise on the clock set here; staff see the run and the board chip', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  // The artist's submission, sent now.
  const submission = await newArtistWithSubmission(page.request, origin, 'promise');
  const sentOn = getIsoDateOfInstant(new Date());

  const templateName = `Past our promise ${randomUUID().slice(0, 8)}`;
  const staffApi = await staffApiWithTemplate(origin, {
    kind: 'decline',
    name: templateName,
    body: 'Dear {{artistName}}, thank you for sending "{{releaseTitle}}". We could not answer in time, so we are passing on it.',
  });

  const { page: staff, problems, close } = await openStaffPage(browser, { reportCsp: false });
  try {
    // Staff set the promise in the console: a refusal first, then 3 days, the template, the switch.
    await staff.goto('/admin/response-promise');
    await expect(staff.getByRole('heading', { level: 1, name: 'Response promise' })).toBeVisible();
    const form = staff.getByRole('region', { name: 'The promise' });
    const days = form.getByRole('spinbutton', { name: 'Days until every submission gets an answer' });
    await expect(days).toHaveValue(String(RESPONSE_PROMISE_DEFAULT_DAYS));
    await days.fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(RESPONSE_PROMISE_DAYS_INVALID)).toBeVisible();
    await days.fill(String(PROMISE_DAYS));
    await pickOption(staff, 'Decline template the job sends', templateName);
    await form.getByRole('switch', { name: /Decline submissions past the promise automatically/ }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
    expect(await axeViolations(staff)).toEqual([]);
    await staff.screenshot({ path: '/tmp/promise-settings-desktop.png', fullPage: true });

    // Five days on, by the browser's clock and the server's (for this context's requests only).
    const ahead = new Date(Date.now() + AHEAD_DAYS * DAY);
    await staff.clock.setFixedTime(ahead);
    await staff.context().setExtraHTTPHeaders({ 'x-test-now': ahead.toISOString() });
    const answerBy = formatLongDate(addDays(sentOn, PROMISE_DAYS));
    const overdueBy = AHEAD_DAYS - PROMISE_DAYS;

    await staff.goto('/admin/board');
    const row = staff.getByRole('row').filter({ hasText: submission.releaseTitle });
    await expect(row.getByText(`Overdue by ${overdueBy} days`, { exact: true })).toBeVisible();
    await expect(row.getByText(`Answer by ${answerBy}`)).toBeVisible();
    await row.screenshot({ path: '/tmp/promise-board-row.png' });
    // The board's overdue filter, as the Response promise page links to it.
    await staff.goto('/admin/board?overdue=true');
    await expect(staff.getByText(/Showing only the submissions past the response promise/)).toBeVisible();
    await expect(staff.getByRole('row').filter({ hasText: submission.releaseTitle })).toBeVisible();

    // The daily job's run, on the same clock.
    const since = Date.now() - 1000;
    const run = await staffApi.post('/api/test-hooks/response-promise/run', {
      headers: { origin },
      data: { now: ahead.toISOString(), itemIds: [submission.itemId] },
    });
    expect(run.status(), await run.text()).toBe(200);
    expect(await run.json()).toMatchObject({ outcome: 'completed', declined: 1, failed: 0 });

    // The artist gets the label's decline, filled in for them, once.
    const mail = await readMail(submission.email, /: Rejected$/, since);
    expect(mail.raw).toContain(
      `Dear ${submission.artistName}, thank you for sending "${submission.releaseTitle}". We could not answer in time`,
    );

    // Staff see what the job did, and follow it to the submission.
    await staff.goto('/admin/response-promise');
    const runs = staff.getByRole('region', { name: 'What the job did' });
    const latest = runs.getByRole('article').first();
    await expect(latest).toContainText('Declined 1 submission');
    await expect(latest).toContainText(`Template: ${templateName}`);
    await staff.screenshot({ path: '/tmp/promise-runs-desktop.png', fullPage: true });
    expect(await axeViolations(staff)).toEqual([]);
    await latest.getByRole('link', { name: submission.itemName }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(submission.itemName);
    const header = staff.locator('header').filter({ has: staff.getByRole('heading', { level: 1 }) });
    await expect(header.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(header.getByText(/Overdue by/)).toHaveCount(0);
    const timeline = staff.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Status changed from Pending to Rejected');
    await expect(timeline).toContainText('By the response promise job');
    await expect(timeline).toContainText(`Template: ${templateName}`);
    await expect(timeline).toContainText(`Declined automatically: no answer by ${answerBy}`);

    // On the board it is answered: no chip.
    await staff.goto('/admin/board');
    const answered = staff.getByRole('row').filter({ hasText: submission.releaseTitle });
    await expect(answered.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(answered.getByText(/Overdue by|Due /)).toHaveCount(0);
    expectNoProblems(problems);
  } finally {
    // Back to the defaults the other specs know: 10 days, off, no template.
    await staffApi.put('/api/response-promise', {
      headers: { origin },
      data: { autoDecline: false, declineTemplateId: null, promiseDays: RESPONSE_PROMISE_DEFAULT_DAYS },
    });
    await close();
    await staffApi.dispose();
  }
});
