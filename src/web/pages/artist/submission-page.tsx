import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import {
  FAILED_TO_LOAD_SUBMISSION,
  isAwaitingReleaseDetails,
  NO_SUBMISSION_ID,
  NOT_AUTHENTICATED,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import { isSubmissionId, useArtistSubmission } from '../../api/artist';
import { ApiError } from '../../api/client';
import { signInPath } from '../../auth/sign-in-path';
import { usePageTitle } from '../../components/use-page-title';
import { visuallyHidden } from '../../components/visually-hidden';
import { releaseDetailsPath } from './dashboard/submission-list';
import { SubmissionView } from './submission/submission-view';

const PAGE_TITLE = 'Submission details';

function PageHeading({ children }: { children: string }) {
  usePageTitle(children);
  return (
    <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: 2 }}>
      {children}
    </Typography>
  );
}

function NotFound() {
  return (
    <>
      <PageHeading>{SUBMISSION_NOT_FOUND}</PageHeading>
      <Typography sx={{ color: 'text.secondary' }}>
        There is no submission of yours at this address. The link may be mistyped or out of date; your
        submissions are listed on your dashboard.
      </Typography>
    </>
  );
}

/** An error of spec 000 §8 in an error alert, with the way forward that fits it. */
function Failed({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <>
      <PageHeading>{PAGE_TITLE}</PageHeading>
      <Alert severity="error" action={action}>
        {message}
      </Alert>
    </>
  );
}

function Loading() {
  usePageTitle(PAGE_TITLE);
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        Loading submission...
      </Box>
      <Stack spacing={3} aria-hidden="true">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Skeleton variant="rounded" sx={{ width: { xs: 160, md: 200 }, height: { xs: 160, md: 200 } }} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" width="60%" height={56} />
            <Stack direction="row" spacing={1}>
              <Skeleton variant="rounded" width={64} height={24} />
              <Skeleton variant="rounded" width={80} height={24} />
            </Stack>
          </Box>
        </Stack>
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={140} />
        <Skeleton variant="rounded" height={180} />
      </Stack>
    </Box>
  );
}

/**
 * One of the artist's submissions (spec 000 §2, §8): `GET /api/profile/submissions/{itemId}`.
 * An in-progress submission opens its release details instead.
 */
export function SubmissionPage() {
  const { id } = useParams();
  const location = useLocation();
  const itemId = id?.trim() ? id : undefined;
  const query = useArtistSubmission(itemId);
  const status = query.error instanceof ApiError ? query.error.status : undefined;

  let content: ReactNode;
  if (!itemId) content = <Failed message={NO_SUBMISSION_ID} />;
  else if (!isSubmissionId(itemId) || status === 404) content = <NotFound />;
  else if (query.data) {
    if (isAwaitingReleaseDetails(query.data.status))
      return <Navigate to={releaseDetailsPath(itemId)} replace />;
    content = <SubmissionView submission={query.data} />;
  } else if (status === 401) {
    content = (
      <Failed
        message={NOT_AUTHENTICATED}
        action={
          <Button color="inherit" size="small" component={RouterLink} to={signInPath(location.pathname)}>
            Sign in
          </Button>
        }
      />
    );
  } else if (query.isError) {
    content = (
      <Failed
        message={FAILED_TO_LOAD_SUBMISSION}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else content = <Loading />;

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBackIcon />} sx={{ mb: 3, ml: -1 }}>
        Back to dashboard
      </Button>
      {content}
    </Container>
  );
}
