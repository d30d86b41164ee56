import {
  type DeadlineKind,
  describeDayDistance,
  explainKeyDate,
  formatLongDate,
  getKeyDateLabel,
  type IsoDate,
  type KeyDate,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { ComposedMail } from '../../providers/mail/mail';
import { paragraphsToHtml } from '../submissions/submission-mails';

export interface DeadlineReminder {
  itemId: string;
  releaseTitle: string;
  deadline: KeyDate & { kind: DeadlineKind };
  today: IsoDate;
}

const longDate = (date: IsoDate) => formatLongDate(date) ?? date;

/** 'is today', 'is tomorrow', 'is in 3 days'. */
const isWhen = (reminder: DeadlineReminder) =>
  `is ${describeDayDistance(reminder.deadline.date, reminder.today)}`;

/**
 * To the artist, a few days before a deadline: which date, for what, what it means and
 * where all the dates are (with the calendar file).
 */
export function composeArtistDeadlineReminder(
  config: AppConfig,
  to: string,
  artistName: string,
  reminder: DeadlineReminder,
): ComposedMail {
  const label = config.label.name;
  const { deadline } = reminder;
  const name = getKeyDateLabel(deadline.kind);
  const paragraphs = [
    `Hi ${artistName},`,
    `A friendly reminder: the ${name.toLowerCase()} for ${deadline.subject} ${isWhen(reminder)}, on ${longDate(deadline.date)}.`,
    explainKeyDate(deadline.kind, label),
    `If anything is still missing or you have a question, reply to this e-mail and we will help. All the key dates of "${reminder.releaseTitle}", with a calendar file to add them to yours: ${config.publicUrl}/submission/${reminder.itemId}`,
    `— The ${label} team`,
  ];
  return {
    kind: 'reminders',
    to,
    subject: `Reminder: ${name.toLowerCase()} ${isWhen(reminder)} (${deadline.subject})`,
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
    replyTo: config.label.contactEmail,
  };
}

/** To the reviewer assigned to the submission: the same date, and where to follow it up. */
export function composeReviewerDeadlineReminder(
  config: AppConfig,
  to: string,
  itemName: string,
  reminder: DeadlineReminder,
): ComposedMail {
  const { deadline } = reminder;
  const name = getKeyDateLabel(deadline.kind);
  const paragraphs = [
    `The ${name.toLowerCase()} of "${itemName}" (${deadline.subject}) ${isWhen(reminder)}, on ${longDate(deadline.date)}. You are its assigned reviewer.`,
    `The artist has been sent a reminder too. Review the submission and its key dates: ${config.publicUrl}/details/${reminder.itemId}`,
  ];
  return {
    kind: 'reminders',
    to,
    subject: `Deadline ${isWhen(reminder)}: ${name} for ${itemName}`,
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
  };
}
