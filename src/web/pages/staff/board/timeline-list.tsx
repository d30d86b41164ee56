import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatLongDate, getStatusLabel, type TimelineEvent } from '../../../../domain';
import { useTimeline } from '../../../api/review';
import { LoadMore, pagedListState } from '../../../components/load-more';
import { PanelSection } from '../../../components/panel-section';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatSubmittedAt } from './board-format';

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

/** What happened, in words: the audit trail's types as staff read them. */
export function describeEvent(event: TimelineEvent): string {
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

function actorOf(event: TimelineEvent): string {
  if (event.actor) return event.actor;
  // The daily job that keeps the response promise (issue 20 §4).
  if (text(event.data, 'automatic') === 'response_promise') return 'the response promise job';
  if (event.type === 'created') return 'the artist, through the submission form';
  return 'the system';
}

function Quote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="blockquote"
      sx={{
        m: 0,
        mt: 1,
        p: 1.5,
        bgcolor: 'background.default',
        borderRadius: '8px',
        whiteSpace: 'pre-line',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** The details an event's data holds: the template, the fields, a note's text, a mail's subject. */
function EventDetails({ event }: { event: TimelineEvent }) {
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
  const note = event.type === 'note_added' ? text(event.data, 'body') : null;
  const comment = text(event.data, 'comment');
  return (
    <>
      {lines.map((line) => (
        <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
      {note && <Quote label="Private note:">{note}</Quote>}
      {comment && <Quote label="The artist's comment:">{comment}</Quote>}
      {event.message && <Quote label="Message to the artist:">{event.message}</Quote>}
    </>
  );
}

/**
 * The audit trail of the submission (issue 20 §6), newest first: every status change, change
 * request, resubmission, note, rating, assignment and mail, with who and when, a page at a time.
 */
export function TimelineList({ itemId }: { itemId: string }) {
  const query = useTimeline(itemId);
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Box role="status">
        <Box component="span" sx={visuallyHidden}>
          Loading the timeline...
        </Box>
        <Stack spacing={1} aria-hidden="true">
          <Skeleton variant="text" width="50%" />
          <Skeleton variant="text" width="40%" />
        </Stack>
      </Box>
    );
  } else if (query.isError && events.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        The timeline could not be loaded: {query.error.message}
      </Alert>
    );
  } else if (events.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>Nothing recorded yet.</Typography>;
  } else {
    body = (
      <>
        <Stack
          component="ol"
          spacing={2}
          aria-label="Events, newest first"
          sx={{ m: 0, p: 0, listStyle: 'none' }}
        >
          {events.map((event) => (
            <Box
              component="li"
              key={event.eventId}
              sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 2, minWidth: 0 }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {describeEvent(event)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                By {actorOf(event)} ·{' '}
                <time dateTime={event.createdAt}>{formatSubmittedAt(event.createdAt)}</time>
              </Typography>
              <EventDetails event={event} />
            </Box>
          ))}
        </Stack>
        <LoadMore noun="events" list={pagedListState(query, events.length)} />
      </>
    );
  }
  return <PanelSection title="Timeline">{body}</PanelSection>;
}
