import fs from 'node:fs/promises';
import path from 'node:path';
import { addDays } from '../../src/domain';
import { expect, test } from '../fixtures';
import { openStaffApi } from '../support/accounts';
import { newArtistWithSubmission } from '../support/board';
import { outboxDir, readMail } from '../support/mail';

/**
 * The deadline reminders on a clock the spec sets: the daily job's run (the suite's
 * hook, limited to this spec's submission so the specs beside it keep theirs) on the day before the
 * delivery deadline mails the artist one reminder of it and nothing of the pitch deadline, weeks
 * away; a second run that day sends nothing; on the day before the pitch deadline, one reminder of
 * that. One mail per deadline, never twice. Its unsubscribe link's page turns them off.
 */

test.describe.configure({ timeout: 120_000 });

interface KeyDate {
  kind: string;
  date: string;
  subject: string;
}

/** The reminder mails to `email` written since `since`. */
async function remindersTo(email: string, since: number): Promise<number> {
  const to = new RegExp(`^To: ${email.toLowerCase().replace(/[.+]/g, '\\$&')}$`, 'mi');
  let count = 0;
  for (const file of await fs.readdir(outboxDir()).catch(() => [] as string[])) {
    if (!file.endsWith('.eml')) continue;
    const full = path.join(outboxDir(), file);
    if ((await fs.stat(full)).mtimeMs < since) continue;
    const text = await fs.readFile(full, 'utf8');
    if (to.test(text) && /^Subject: Reminder: /m.test(text)) count++;
  }
  return count;
}

test('the reminder job mails the artist once per deadline, on the clock set here', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const submission = await newArtistWithSubmission(page.request, origin, 'reminders');
  const staffApi = await openStaffApi(origin);
  try {
    // The submission's deadlines, as staff see them under the label's current settings.
    const answer = await staffApi.get(`/api/board/items/${submission.itemId}/key-dates`);
    expect(answer.status(), await answer.text()).toBe(200);
    const { keyDates } = (await answer.json()) as { keyDates: { keyDates: KeyDate[] } };
    const delivery = keyDates.keyDates.find((keyDate) => keyDate.kind === 'delivery');
    const pitch = keyDates.keyDates.find((keyDate) => keyDate.kind === 'pitch');
    if (!delivery || !pitch) throw new Error('the submission has no delivery or pitch deadline');
    expect(pitch.date > addDays(delivery.date, 3)).toBe(true);

    const run = async (day: string) => {
      const response = await staffApi.post('/api/test-hooks/deadline-reminders/run', {
        headers: { origin },
        data: { now: `${day}T08:00:00Z`, itemIds: [submission.itemId] },
      });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { queued: number }).queued;
    };

    // The day before the delivery deadline: one reminder, of that deadline.
    const since = Date.now() - 1000;
    expect(await run(addDays(delivery.date, -1))).toBe(1);
    const mail = await readMail(submission.email, /^Reminder: delivery deadline is tomorrow/, since);
    expect(mail.raw).toContain(submission.releaseTitle);
    // Run again the same day: nothing more.
    expect(await run(addDays(delivery.date, -1))).toBe(0);

    // The day before the pitch deadline: one reminder, of the pitch.
    expect(await run(addDays(pitch.date, -1))).toBe(1);
    const pitchMail = await readMail(
      submission.email,
      /^Reminder: editorial pitch deadline is tomorrow/,
      since,
    );
    expect(pitchMail.raw).toContain(submission.releaseTitle);
    expect(await run(addDays(pitch.date, -1))).toBe(0);

    // Two deadlines, two mails: none twice.
    await expect.poll(() => remindersTo(submission.email, since), { timeout: 15_000 }).toBe(2);

    // Each carries its one-click unsubscribe link (RFC 8058). Opened in a browser it asks first
    // (a link scanner's GET changes nothing); its button turns the artist's reminders off.
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = mail.raw.match(/^List-Unsubscribe:\s*<(https?:\/\/[^>\s]+)>/im)?.[1];
    if (!link) throw new Error('the reminder has no List-Unsubscribe link');
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Turn off deadline reminders?' })).toBeVisible();
    await page.getByRole('button', { name: 'Turn them off' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Deadline reminders are off' })).toBeVisible();
  } finally {
    await staffApi.dispose();
  }
});
