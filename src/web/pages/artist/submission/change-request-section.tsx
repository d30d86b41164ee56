import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { Submission } from '../../../../domain';
import { useArtistProfile } from '../../../api/artist';
import { useArtistChangeRequest } from '../../../api/change-request';
import { visuallyHidden } from '../../../components/visually-hidden';
import { ChangeRequestForm, type Resubmitted } from './change-request-form';

/** Upload folders need a name; a profile without one still gets its files filed. */
const FALLBACK_ARTIST_NAME = 'Artist';

/**
 * The open change request of a submission in Changes requested: loaded, then the
 * form that opens only the marked fields.
 */
export function ChangeRequestSection({
  submission,
  onResubmitted,
}: {
  submission: Submission;
  onResubmitted(resubmitted: Resubmitted): void;
}) {
  const query = useArtistChangeRequest(submission.itemId);
  const profile = useArtistProfile().data;
  const artistName = profile?.artistName?.trim() || FALLBACK_ARTIST_NAME;

  if (query.isPending) {
    return (
      <Box role="status">
        <Box component="span" sx={visuallyHidden}>
          Loading what to change...
        </Box>
        <Skeleton variant="rounded" height={240} aria-hidden="true" />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        What to change could not be loaded: {query.error.message}
      </Alert>
    );
  }
  const request = query.data.changeRequest;
  if (!request) {
    return (
      <Alert severity="info">
        There is nothing to change any more: the label may have withdrawn the request. Reload the page to see
        the submission as it is now.
      </Alert>
    );
  }
  return (
    <ChangeRequestForm
      key={request.roundNumber}
      itemId={submission.itemId}
      request={request}
      releaseTitle={submission.releaseTitle}
      artistName={artistName}
      onResubmitted={onResubmitted}
    />
  );
}
