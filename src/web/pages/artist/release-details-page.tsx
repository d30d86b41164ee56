import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isSubmissionId, useArtistProfile } from '../../api/artist';
import { ApiError } from '../../api/client';
import { type ReleaseDetails, useReleaseDetails } from '../../api/release-details';
import { KeyDatesSection } from '../../components/key-dates';
import {
  BackToDashboard,
  LoadFailedState,
  LoadingState,
  NotAuthenticatedState,
  NotFoundState,
  NotInProgressState,
  ReleaseHeader,
} from './release-details/page-states';
import { ReleaseDetailsEditor } from './release-details/release-details-editor';
import { describeStatus } from './release-details/release-details-form';
import { SubmittedSummary } from './release-details/submitted-summary';

/** Upload folders need a name; a profile without one still gets its artwork filed. */
const FALLBACK_ARTIST_NAME = 'Artist';

function ReleaseDetailsContent({ itemId, details }: { itemId: string; details: ReleaseDetails }) {
  const profile = useArtistProfile().data;
  const artistName = profile?.artistName?.trim() || FALLBACK_ARTIST_NAME;
  const submitted = details.status === 'submitted';
  return (
    <>
      <ReleaseHeader
        releaseTitle={details.releaseTitle}
        status={describeStatus(details)}
        explain={!submitted}
      />
      {submitted ? (
        <SubmittedSummary details={details} />
      ) : (
        <ReleaseDetailsEditor key={itemId} itemId={itemId} details={details} artistName={artistName} />
      )}
      {/* The delivery deadline is when these details must be final. */}
      <Box sx={{ mt: 4 }}>
        <KeyDatesSection reader="artist" itemId={itemId} />
      </Box>
    </>
  );
}

/**
 * `/release-details/:id`: what the label needs before distribution, completed by the
 * artist while the submission is in progress, saved as a draft and submitted for review; once
 * submitted, a read-only summary.
 */
export function ReleaseDetailsPage() {
  const { id } = useParams();
  const query = useReleaseDetails(id);
  const status = query.error instanceof ApiError ? query.error.status : undefined;

  let content: ReactNode;
  if (!isSubmissionId(id) || status === 404) content = <NotFoundState />;
  else if (query.data) content = <ReleaseDetailsContent itemId={id} details={query.data} />;
  else if (status === 409 && query.error)
    content = <NotInProgressState itemId={id} message={query.error.message} />;
  else if (status === 401) content = <NotAuthenticatedState />;
  else if (query.isError)
    content = <LoadFailedState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else content = <LoadingState />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <BackToDashboard />
      {content}
    </Container>
  );
}
