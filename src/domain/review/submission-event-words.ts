import { formatLongDate } from '../common/calendar-date';
import type { TimelineEvent } from '../schemas/review';
import { getStatusLabel } from '../status/submission-status';

/** What an event says of itself: the parts of a timeline event its words are made from. */
export type SubmissionEventFacts = Pick<TimelineEvent, 'type' | 'label' | 'fromStatus' | 'toStatus' | 'data'>;

function text(data: TimelineEvent['data'], key: string): string | null {
  const value = data?.[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

function number(data: TimelineEvent['data'], key: string): number | null {
  const value = data?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function list(data: TimelineEvent['data'], key: string): string[] {
  const value = data?.[key];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

const MAIL_PURPOSES: Record<string, string> = {
  submission_confirmation: 'the artist’s confirmation',
  new_submission_notice: 'the notice to staff',
  status_change: 'the status e-mail',
  change_request: 'the change request',
  resubmission_notice: 'the notice that changes came back',
  release_details_notice: 'the release details notice',
  deadline_reminder: 'a deadline reminder',
  release_schedule: 'the release schedule to sign',
};

/** What happened, in words: the audit trail's types as staff read them (the timeline, the export). */
export function describeSubmissionEvent(event: SubmissionEventFacts): string {
  const round = number(event.data, 'round');
  const inRound = round !== null ? ` (round ${round})` : '';
  switch (event.type) {
    case 'created':
      return 'Submitted';
    case 'status_changed':
      if (event.fromStatus && event.toStatus)
        return `Status changed from ${getStatusLabel(event.fromStatus)} to ${getStatusLabel(event.toStatus)}`;
      return event.toStatus ? `Status set to ${getStatusLabel(event.toStatus)}` : 'Status changed';
    case 'changes_requested':
      return `Changes requested${inRound}`;
    case 'resubmitted':
      return `Changes sent back for review${inRound}`;
    case 'change_request_withdrawn':
      return `Change request withdrawn${inRound}`;
    case 'release_details_submitted':
      return 'Release details submitted by the artist';
    case 'rating_changed': {
      const to = number(event.data, 'to');
      return to === null ? 'Rating cleared' : `Rated ${to} out of 5`;
    }
    case 'assigned': {
      const assignee = text(event.data, 'assignee');
      return assignee ? `Assigned to ${assignee}` : 'Reviewer unassigned';
    }
    case 'mail_queued':
    case 'mail_sent': {
      const purpose = MAIL_PURPOSES[text(event.data, 'purpose') ?? ''];
      const to = text(event.data, 'to');
      const verb = event.type === 'mail_sent' ? 'Mail sent' : 'Mail queued';
      return `${verb}${purpose ? `: ${purpose}` : ''}${to ? ` to ${to}` : ''}`;
    }
    default:
      return event.label;
  }
}

/** The details an event's data holds, one line each: the template, the fields, a mail's subject. */
export function describeSubmissionEventDetails(event: SubmissionEventFacts): string[] {
  const lines: string[] = [];
  const template = text(event.data, 'templateName');
  if (template) lines.push(`Template: ${template}`);
  const answerBy = text(event.data, 'answerBy');
  if (text(event.data, 'automatic') === 'response_promise' && answerBy)
    lines.push(
      `Declined automatically: no answer by ${formatLongDate(answerBy) ?? answerBy}, the response promise`,
    );
  const fields = list(event.data, 'fields');
  if (fields.length > 0) lines.push(`Marked: ${fields.join('; ')}`);
  const changed = list(event.data, 'changed');
  if (event.type === 'resubmitted') {
    lines.push(changed.length > 0 ? `Changed: ${changed.join('; ')}` : 'Nothing changed');
    const unchanged = list(event.data, 'unchanged');
    if (unchanged.length > 0) lines.push(`Sent back unchanged: ${unchanged.join('; ')}`);
  }
  const subject = text(event.data, 'subject');
  if (subject) lines.push(`Subject: ${subject}`);
  if (event.type === 'rating_changed') {
    const from = number(event.data, 'from');
    if (from !== null) lines.push(`Before: ${from} out of 5`);
  }
  return lines;
}
