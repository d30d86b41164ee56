import DownloadIcon from '@mui/icons-material/Download';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ReleaseScheduleSummary } from '../../../../domain';
import { useArtistSchedules } from '../../../api/release-schedules';
import { isSignedOutError } from '../../../auth/sign-in-path';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { ScheduleStateChip } from '../../../components/schedule-state-chip';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatSubmittedDate as formatDate } from '../common/format';
import { ReleaseScheduleListSkeleton } from './contract-panel-skeleton';

/** The release's page, where its schedule is read and signed. */
export function releasePagePath(submissionId: string): string {
  return `/submission/${encodeURIComponent(submissionId)}`;
}

const SIGNABLE: ReadonlySet<ReleaseScheduleSummary['state']> = new Set([
  'awaiting_signature',
  'declined',
  'expired',
]);

/**
 * An action's name with the schedule it belongs to, for a screen reader going through the page's
 * links: the visible label first, so a voice command that says it still finds it.
 */
function nameOf(label: string, schedule: ReleaseScheduleSummary): string {
  return `${label} of “${schedule.releaseTitle}”, version ${schedule.version}`;
}

/** One schedule: its release, version and state, the way to its release, and once sealed its proof. */
function ScheduleRow({ schedule }: { schedule: ReleaseScheduleSummary }) {
  const titleId = useId();
  const signable = SIGNABLE.has(schedule.state);
  const sealing = schedule.state === 'signed' && !schedule.documentUrl;
  const signLabel = signable ? "Sign on the release's page" : 'Open the release';
  return (
    <Box
      component="li"
      sx={{ py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 1 } }}
    >
      <Typography id={titleId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
        {schedule.releaseTitle || 'Untitled release'}
      </Typography>
      <Stack direction="row" sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <ScheduleStateChip state={schedule.state} reader="artist" />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Version {schedule.version}
          {schedule.signedAt ? ` · signed on ${formatDate(schedule.signedAt)}` : ''}
        </Typography>
      </Stack>
      {sealing && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <CircularProgress size={16} aria-hidden="true" />
          <Typography variant="body2">Preparing your signed copy…</Typography>
        </Stack>
      )}
      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {schedule.documentUrl && (
          <Button
            component="a"
            href={schedule.documentUrl}
            download
            variant="contained"
            size="small"
            startIcon={<DownloadIcon />}
            aria-label={nameOf('Download signed PDF', schedule)}
          >
            Download signed PDF
          </Button>
        )}
        {schedule.documentUrl && schedule.verifyPath && (
          <Button
            component={RouterLink}
            to={schedule.verifyPath}
            variant="outlined"
            size="small"
            startIcon={<FactCheckOutlinedIcon />}
            aria-label={nameOf('Verify', schedule)}
          >
            Verify
          </Button>
        )}
        <Button
          component={RouterLink}
          to={releasePagePath(schedule.submissionId)}
          variant={signable ? 'contained' : 'text'}
          size="small"
          aria-label={nameOf(signLabel, schedule)}
        >
          {signLabel}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The release schedules on the Contract Signing tab, beside the agreement: every
 * schedule of the artist's releases, superseded versions too, with its state and, once sealed,
 * its PDF and the verify page. A schedule is signed on its release's page.
 */
export function ReleaseScheduleList() {
  const headingId = useId();
  const query = useArtistSchedules();
  const schedules = query.data;

  if (query.isError) {
    return (
      <LoadFailedAlert
        signedOut={isSignedOutError(query.error)}
        returnTo="/dashboard?tab=1"
        onRetry={() => void query.refetch()}
      >
        Your release schedules could not be loaded: {query.error.message}
      </LoadFailedAlert>
    );
  }
  if (!schedules) {
    return (
      <>
        <ReleaseScheduleListSkeleton />
        <Box role="status" sx={visuallyHidden}>
          Loading your release schedules...
        </Box>
      </>
    );
  }
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography id={headingId} component="h2" variant="h4" sx={{ mb: 1 }}>
          Release schedules
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 640 }}>
          Each release the label approves adds a schedule to your agreement: what was approved, with a
          fingerprint of every file. You sign it on the release's page, and its sealed copy is kept here too.
        </Typography>
        {schedules.length === 0 ? (
          <Typography sx={{ mt: 2, fontWeight: 500 }}>
            No release schedules yet. When the label approves one of your releases, its schedule will appear
            here.
          </Typography>
        ) : (
          <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, mt: 2, p: 0 }}>
            {schedules.map((schedule) => (
              <ScheduleRow key={schedule.id} schedule={schedule} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
