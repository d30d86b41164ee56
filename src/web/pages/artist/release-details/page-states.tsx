import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { FAILED_TO_LOAD_SUBMISSION, NOT_AUTHENTICATED } from '../../../../domain';
import { usePageTitle } from '../../../components/use-page-title';
import { visuallyHidden } from '../../../components/visually-hidden';

export const RELEASE_DETAILS_TITLE = 'Release details';
export const SUBMISSION_NOT_FOUND = 'Submission not found';

export function BackToDashboard() {
  return (
    <Link
      component={RouterLink}
      to="/dashboard"
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 3, fontWeight: 600 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      Back to dashboard
    </Link>
  );
}

interface ReleaseHeaderProps {
  releaseTitle?: string | undefined;
  /** Where the details stand ('Draft saved at 3:04 PM'). */
  status?: string | undefined;
  /** The explanation of what the label needs; left out where the page cannot be used. */
  explain?: boolean;
}

/** The h1, the release it is about, why the label asks, and where the details stand. */
export function ReleaseHeader({ releaseTitle, status, explain = false }: ReleaseHeaderProps) {
  usePageTitle(releaseTitle ? `${RELEASE_DETAILS_TITLE}: ${releaseTitle}` : RELEASE_DETAILS_TITLE);
  return (
    <Box component="header" sx={{ mb: 4 }}>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {RELEASE_DETAILS_TITLE}
      </Typography>
      {releaseTitle && (
        <Typography variant="h5" component="p" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {releaseTitle}
        </Typography>
      )}
      {explain && (
        <Typography sx={{ color: 'text.secondary', mt: 2, maxWidth: 720 }}>
          Before your release goes to stores, the label needs a few more details: each track's ISRC if you
          already have one, everyone who worked on it and how the master royalties are shared, its lyrics and
          whether it is explicit, any social clips, and the final artwork. Stores and collecting societies use
          them to show your credits and pay everyone their share. Save a draft whenever you like, and submit
          the details for review when they are complete.
        </Typography>
      )}
      {status && (
        <Typography variant="body2" sx={{ mt: 2, fontWeight: 600 }}>
          {status}
        </Typography>
      )}
    </Box>
  );
}

export function LoadingState() {
  usePageTitle(RELEASE_DETAILS_TITLE);
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        Loading release details...
      </Box>
      <Stack spacing={2} aria-hidden="true">
        <Skeleton variant="text" width="50%" height={64} />
        <Skeleton variant="text" width="35%" height={36} />
        <Skeleton variant="text" width="90%" />
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    </Box>
  );
}

export function NotFoundState() {
  usePageTitle(SUBMISSION_NOT_FOUND);
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {SUBMISSION_NOT_FOUND}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        There is no submission of yours at this address. The link may be mistyped or out of date; your
        dashboard lists all your submissions.
      </Typography>
    </>
  );
}

/** The submission is not in progress and nothing was submitted: the server's words, and where to look. */
export function NotInProgressState({ itemId, message }: { itemId: string; message: string }) {
  return (
    <>
      <ReleaseHeader />
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={`/submission/${itemId}`} color="inherit" size="small">
            View submission
          </Button>
        }
      >
        {message}
      </Alert>
    </>
  );
}

export function NotAuthenticatedState() {
  return (
    <>
      <ReleaseHeader />
      <Alert severity="error">{NOT_AUTHENTICATED}</Alert>
    </>
  );
}

export function LoadFailedState({ onRetry, retrying }: { onRetry(): void; retrying: boolean }): ReactNode {
  return (
    <>
      <ReleaseHeader />
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
            Retry
          </Button>
        }
      >
        {FAILED_TO_LOAD_SUBMISSION}
      </Alert>
    </>
  );
}
