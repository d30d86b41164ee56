import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  formatDisplayDate,
  getReleaseTypeLabel,
  getSubmissionPath,
  isAwaitingReleaseDetails,
  NO_SUBMISSIONS,
  type Submission,
} from '../../../../domain';
import { StatusChip } from '../../../components/status-chip';
import { useReaderTimeZone } from '../../../components/use-reader-time-zone';
import { SubmissionArtwork } from '../common/artwork';
import { formatSubmittedDate } from '../common/format';

export function releaseDetailsPath(itemId: string): string {
  return `/release-details/${encodeURIComponent(itemId)}`;
}

/**
 * The day a submission was made, in the reader's time zone: a component of its own, so that only
 * this text is rendered again after a page the server rendered is hydrated (`useReaderTimeZone`).
 */
function SubmittedDate({ createdAt }: { createdAt: string | null | undefined }) {
  return formatSubmittedDate(createdAt, useReaderTimeZone());
}

function DateRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </>
  );
}

/** One submission: artwork, title, type, status, dates, and where to go next (spec 000 §2). */
export function SubmissionCard({ submission }: { submission: Submission }) {
  const titleId = useId();
  const awaitingDetails = isAwaitingReleaseDetails(submission.status);
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={{ xs: 2, sm: 2.5 }} sx={{ alignItems: 'flex-start' }}>
        <SubmissionArtwork submission={submission} size={{ xs: 72, sm: 112, md: 112 }} />
        <Box sx={{ minWidth: 0, flexGrow: 1, display: 'grid', gap: 1 }}>
          <Typography id={titleId} component="h3" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
            {submission.releaseTitle}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {getReleaseTypeLabel(submission.releaseType)}
            </Typography>
            <StatusChip status={submission.status} />
          </Stack>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}
          >
            <DateRow label="Release Date">{formatDisplayDate(submission.releaseDate)}</DateRow>
            <DateRow label="Submitted">
              <SubmittedDate createdAt={submission.createdAt} />
            </DateRow>
          </Box>
        </Box>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        {awaitingDetails && (
          <Button
            component={RouterLink}
            to={releaseDetailsPath(submission.itemId)}
            variant="contained"
            aria-describedby={titleId}
          >
            Complete Release Details
          </Button>
        )}
        <Button
          component={RouterLink}
          to={getSubmissionPath(submission)}
          variant="outlined"
          aria-describedby={titleId}
        >
          View Details
        </Button>
      </Stack>
    </Card>
  );
}

/** 'Your Submissions': a card per submission, newest first, or the spec's empty text. */
export function SubmissionList({ submissions }: { submissions: Submission[] }) {
  if (submissions.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{NO_SUBMISSIONS}</Typography>
        <Button component={RouterLink} to="/submit" variant="contained" startIcon={<AddIcon />}>
          Submit Music
        </Button>
      </Paper>
    );
  }
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {submissions.map((submission) => (
        <li key={submission.itemId}>
          <SubmissionCard submission={submission} />
        </li>
      ))}
    </Stack>
  );
}

/** The list's shape while it loads: three cards. */
export function SubmissionListSkeleton() {
  return (
    <Stack spacing={2} aria-hidden="true">
      {[0, 1, 2].map((key) => (
        <Card key={key} sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Stack direction="row" spacing={{ xs: 2, sm: 2.5 }}>
            <Skeleton variant="rounded" sx={{ width: { xs: 72, sm: 112 }, height: { xs: 72, sm: 112 } }} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton variant="text" width="55%" height={32} />
              <Skeleton variant="text" width="35%" />
              <Skeleton variant="text" width="45%" />
              <Skeleton variant="text" width="40%" />
            </Box>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Skeleton variant="rounded" width={120} height={36} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
