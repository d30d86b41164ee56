import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  type BoardItemDetail,
  type FieldTarget,
  getStatusLabel,
  SCHEDULED_RELEASE_STATUSES,
} from '../../../domain';
import { isBoardItemId, useBoardItem } from '../../api/board';
import { ApiError } from '../../api/client';
import { DeliverySection } from '../../components/delivery-section';
import { KeyDatesSection } from '../../components/key-dates';
import { PanelSection } from '../../components/panel-section';
import { ReleaseScheduleSection } from '../../components/release-schedule-section';
import { ResponseDueChip } from '../../components/response-due-chip';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { StatusChip } from '../../components/status-chip';
import { usePageTitle } from '../../components/use-page-title';
import { visuallyHidden } from '../../components/visually-hidden';
import { BOARD_PATH, formatSubmittedAt } from './board/board-format';
import { CatalogueList } from './board/catalogue-list';
import { ChangeStatusPanel } from './board/change-status-panel';
import { RecordNotFound } from './board/detail-parts';
import { PrivateReviewPanel } from './board/private-review-panel';
import { type ChangeRequestMark, RequestChangesPanel } from './board/request-changes-panel';
import { ReviewRounds } from './board/review-rounds';
import { SubmissionPlayer } from './board/submission-player';
import { ArtistDetails, ArtworkDetails, ReleaseDetails } from './board/submission-sections';
import { TimelineList } from './board/timeline-list';
import { TrackList } from './board/track-list';

export const SUBMISSION_NOT_FOUND_TITLE = 'Submission not found';

function BackToBoard() {
  return (
    <Link
      component={RouterLink}
      to={BOARD_PATH}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, fontWeight: 600 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      Back to the board
    </Link>
  );
}

function Loading() {
  usePageTitle('Submission review');
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        Loading submission...
      </Box>
      <Stack spacing={2} aria-hidden="true">
        <Skeleton variant="text" width="60%" height={64} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    </Box>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <>
      <StaffPageHeader title="Submission review" />
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        The submission could not be loaded: {message}
      </Alert>
    </>
  );
}

/** Where the artist is with the release details of an item in progress. */
function ReleaseDetailsLine({ item }: { item: BoardItemDetail }) {
  const details = item.releaseDetails;
  if (!details) return null;
  if (details.status === 'submitted' && details.submittedAt) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Release details: submitted on{' '}
        <time dateTime={details.submittedAt}>{formatSubmittedAt(details.submittedAt)}</time>
      </Typography>
    );
  }
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      Release details: draft saved, not submitted yet
    </Typography>
  );
}

/**
 * How the delivery checklist's "Request from artist" reaches the change request: it marks the field
 * in the panel above, or says why the artist cannot be asked now (an approved release goes back to
 * In Progress first; a live one no longer can).
 */
function deliveryRequest(item: BoardItemDetail, mark: (target: FieldTarget) => void) {
  if (item.canRequestChanges) return { onRequest: mark };
  return {
    unavailable: item.nextStatuses.includes('in_progress')
      ? 'To ask the artist, set the status back to In Progress, then request changes.'
      : `The artist cannot be asked for changes while the release is ${getStatusLabel(item.status)}.`,
  };
}

function SubmissionReview({ item }: { item: BoardItemDetail }) {
  usePageTitle(item.itemName);
  const [changeMark, setChangeMark] = useState<ChangeRequestMark | null>(null);
  const approvedRelease = item.uploadType !== 'transfer' && SCHEDULED_RELEASE_STATUSES.includes(item.status);
  return (
    <Stack spacing={3}>
      <StaffPageHeader title={item.itemName} documentTitle={false}>
        <Stack
          direction="row"
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
        >
          <StatusChip status={item.status} />
          <ResponseDueChip due={item.responseDue} direction="row" />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Submitted <time dateTime={item.createdAt}>{formatSubmittedAt(item.createdAt)}</time>
          </Typography>
          <ReleaseDetailsLine item={item} />
        </Stack>
      </StaffPageHeader>
      <SubmissionPlayer item={item} />
      <ChangeStatusPanel key={item.itemId} item={item} />
      <RequestChangesPanel key={`changes-${item.itemId}`} item={item} mark={changeMark} />
      <ReviewRounds itemId={item.itemId} />
      <PrivateReviewPanel item={item} />
      <PanelSection title="Artist">
        <ArtistDetails item={item} />
      </PanelSection>
      <PanelSection title="Release">
        <ReleaseDetails item={item} />
      </PanelSection>
      {item.uploadType !== 'transfer' && (
        <KeyDatesSection reader="staff" itemId={item.itemId} headingVariant="h3" />
      )}
      {item.uploadType !== 'transfer' && (
        <ReleaseScheduleSection
          reader="staff"
          submissionId={item.itemId}
          approved={SCHEDULED_RELEASE_STATUSES.includes(item.status)}
          headingVariant="h3"
        />
      )}
      {approvedRelease && (
        <DeliverySection
          submissionId={item.itemId}
          requestFromArtist={deliveryRequest(item, (target) => setChangeMark({ target }))}
        />
      )}
      {item.uploadType !== 'transfer' && (
        <>
          <PanelSection title="Artwork">
            <ArtworkDetails item={item} />
          </PanelSection>
          <PanelSection title={`Tracks (${item.tracks.length})`}>
            <TrackList item={item} />
          </PanelSection>
        </>
      )}
      {item.catalogueItems.length > 0 && (
        <PanelSection title={`Catalogue items (${item.catalogueItems.length})`}>
          <CatalogueList item={item} />
        </PanelSection>
      )}
      <TimelineList itemId={item.itemId} />
    </Stack>
  );
}

/**
 * Staff review of one submission (spec 001 §2, /details/:submissionId): its parts, the
 * decisions (status change, change request), the rounds of changes, the private review
 * and the timeline.
 */
export function SubmissionDetailsPage() {
  const { submissionId } = useParams();
  const query = useBoardItem(submissionId);
  const missing =
    !isBoardItemId(submissionId) || (query.error instanceof ApiError && query.error.status === 404);

  let content: ReactNode;
  if (missing) content = <RecordNotFound title={SUBMISSION_NOT_FOUND_TITLE} noun="submission" />;
  else if (query.data) content = <SubmissionReview item={query.data} />;
  else if (query.isError)
    content = <LoadFailed message={query.error.message} onRetry={() => void query.refetch()} />;
  else content = <Loading />;

  return (
    <StaffPage>
      <BackToBoard />
      {content}
    </StaffPage>
  );
}
