import { and, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import {
  getIsoDateOfInstant,
  getReminderMomentRange,
  type IsoDate,
  isDeadline,
  listDueReminders,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { artists, deadlineReminders, submissions, submissionTracks, users } from '../../db/schema';
import type { ComposedMail } from '../../providers/mail/mail';
import { queueSubmissionMail } from '../audit/queue-submission-mail';
import {
  composeArtistDeadlineReminder,
  composeReviewerDeadlineReminder,
  type DeadlineReminder,
} from './deadline-mails';
import { readPlannerSettings } from './planner-settings';
import { loadReleasePlans, type PlannedSubmission } from './release-plans';

interface StoredArtist {
  email?: string;
  artistName?: string;
  firstName?: string;
}

interface Recipient {
  role: 'artist' | 'reviewer';
  address: string;
  compose(reminder: DeadlineReminder): ComposedMail;
}

/**
 * Who hears of a submission's deadlines: the artist, at the address of the submission (as status
 * mails go) or else the account's; and the reviewer assigned to it, while still staff.
 */
async function findRecipients(
  db: Database,
  config: AppConfig,
  submission: PlannedSubmission,
): Promise<Recipient[]> {
  const [row] = await db
    .select({
      itemName: submissions.itemName,
      artistDetails: submissions.artistDetails,
      accountEmail: artists.email,
      reviewerEmail: users.email,
    })
    .from(submissions)
    .innerJoin(artists, eq(artists.id, submissions.artistId))
    .leftJoin(users, and(eq(users.id, submissions.assignedUserId), eq(users.role, 'staff')))
    .where(eq(submissions.id, submission.id));
  if (!row) return [];
  const details = (row.artistDetails ?? {}) as StoredArtist;
  const artistAddress = (details.email || row.accountEmail).trim().toLowerCase();
  const artistName = details.artistName || details.firstName || 'there';
  const recipients: Recipient[] = [
    {
      role: 'artist',
      address: artistAddress,
      compose: (reminder) => composeArtistDeadlineReminder(config, artistAddress, artistName, reminder),
    },
  ];
  const reviewerAddress = row.reviewerEmail?.trim().toLowerCase();
  if (reviewerAddress && reviewerAddress !== artistAddress) {
    recipients.push({
      role: 'reviewer',
      address: reviewerAddress,
      compose: (reminder) => composeReviewerDeadlineReminder(config, reviewerAddress, row.itemName, reminder),
    });
  }
  return recipients;
}

/**
 * The submissions that may have a deadline whose reminder is due today: still going ahead (not
 * declined), with new music, and a release or single date in the range where such a deadline can
 * fall (getReminderMomentRange). A single with no readable date of its own is planned from the
 * submission's day, so those submissions are read as well.
 */
function candidates(from: IsoDate, to: IsoDate) {
  const singleInRange = sql`exists (
    select 1 from ${submissionTracks}
    where ${submissionTracks.submissionId} = ${submissions.id}
      and ${submissionTracks.releaseAsSingle}
      and (${submissionTracks.singleReleaseDate} between ${from} and ${to}
        or ${submissionTracks.singleReleaseDate} is null
        or ${submissionTracks.singleReleaseDate} !~ '^\\d{4}-\\d{2}-\\d{2}$'))`;
  return and(
    ne(submissions.status, 'rejected'),
    ne(submissions.uploadType, 'transfer'),
    or(and(gte(submissions.releaseDate, from), lte(submissions.releaseDate, to)), singleInRange),
  );
}

/**
 * The reminder job's work, for the day `now` falls on (UTC): for every deadline
 * within `reminderDaysBefore` days, one mail to each recipient, once. Each reminder is recorded in
 * `deadline_reminders` and its mail queued in the same transaction, the insert doing nothing on
 * conflict: a rerun, or a second process running at the same time, finds the row and sends
 * nothing. The mail is on the submission's audit trail (mail_queued, then mail_sent).
 */
export async function sendDeadlineReminders(
  deps: { db: Database; config: AppConfig },
  now: Date,
  signal?: AbortSignal,
  /** Only these submissions (the end-to-end suite's hook, so the specs beside it keep theirs). */
  onlyItemIds?: readonly string[],
): Promise<{ queued: number }> {
  const today = getIsoDateOfInstant(now);
  const settings = await readPlannerSettings(deps.db);
  const range = getReminderMomentRange(today, settings);
  const planned = (await loadReleasePlans(deps.db, candidates(range.from, range.to), settings)).filter(
    (submission) => !onlyItemIds || onlyItemIds.includes(submission.id),
  );
  let queued = 0;
  for (const submission of planned) {
    if (signal?.aborted) break;
    const due = submission.plan ? listDueReminders(submission.plan, today, settings.reminderDaysBefore) : [];
    if (due.length === 0) continue;
    const recipients = await findRecipients(deps.db, deps.config, submission);
    for (const deadline of due) {
      if (!isDeadline(deadline)) continue;
      const reminder: DeadlineReminder = {
        itemId: submission.id,
        releaseTitle: submission.releaseTitle,
        deadline,
        today,
      };
      for (const recipient of recipients) {
        const sent = await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(deadlineReminders)
            .values({
              submissionId: submission.id,
              deadlineKey: deadline.key,
              deadlineDate: deadline.date,
              recipient: recipient.address,
              recipientRole: recipient.role,
            })
            .onConflictDoNothing()
            .returning({ id: deadlineReminders.id });
          if (!row) return false;
          await queueSubmissionMail(tx, recipient.compose(reminder), {
            submissionId: submission.id,
            purpose: 'deadline_reminder',
          });
          return true;
        });
        if (sent) queued++;
      }
    }
  }
  return { queued };
}
