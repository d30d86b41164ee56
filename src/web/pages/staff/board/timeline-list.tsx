import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  describeSubmissionEvent,
  describeSubmissionEventDetails,
  type TimelineEvent,
} from '../../../../domain';
import { releaseAuditLinks } from '../../../api/audit-exports';
import { useTimeline } from '../../../api/review';
import { AuditDownloadMenu } from '../../../components/audit-download-menu';
import { LoadMore, pagedListState } from '../../../components/load-more';
import { PanelSection } from '../../../components/panel-section';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatSubmittedAt } from './board-format';

function text(data: TimelineEvent['data'], key: string): string | null {
  const value = data?.[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

function actorOf(event: TimelineEvent): string {
  if (event.actor) return event.actor;
  // The daily job that keeps the response promise.
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
  const lines = describeSubmissionEventDetails(event);
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
 * The audit trail of the submission, newest first: every status change, change
 * request, resubmission, note, rating, assignment and mail, with who and when, a page at a time;
 * the whole trail, with its schedules' signing and the files' hashes, as a download.
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
                {describeSubmissionEvent(event)}
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
  return (
    <PanelSection title="Timeline" action={<AuditDownloadMenu links={releaseAuditLinks(itemId)} />}>
      {body}
    </PanelSection>
  );
}
