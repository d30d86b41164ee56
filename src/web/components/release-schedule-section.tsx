import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDisplayDate, formatLongDate, getReleaseTypeLabel, type ReleaseSchedule } from '../../domain';
import { requestScheduleSignUrl, useSubmissionSchedule } from '../api/release-schedules';
import { QueryFailedAlert } from './load-failed-alert';
import { ScheduleStateChip } from './schedule-state-chip';

type Reader = 'artist' | 'staff';

/** The artist's dashboard tab that keeps every signed copy, the agreement's and each schedule's. */
const CONTRACT_SIGNING_TAB = '/dashboard?tab=1';

/** A SHA-256 written whole, breaking anywhere on a phone. */
function Fingerprint({ value }: { value: string }) {
  return (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' }}>
      {value}
    </Box>
  );
}

/** What the schedule lists: each track with its ISRC, credits, splits, audio and own cover's fingerprints, and the artwork's. */
function ScheduleContents({ schedule }: { schedule: ReleaseSchedule }) {
  const { content } = schedule;
  return (
    <Box component="ol" aria-label="What the schedule lists" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {content.tracks.map((track) => (
        <Box
          key={track.position}
          component="li"
          sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
        >
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {track.position}. {track.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            ISRC {track.isrc ?? 'not assigned yet'}
            {track.contributors.length > 0 &&
              ` · ${track.contributors
                .map((c) => (c.roles.length > 0 ? `${c.name} (${c.roles.join(', ')})` : c.name))
                .join('; ')}`}
            {track.splits.length > 0 &&
              ` · Master splits: ${track.splits.map((s) => `${s.name} ${Number(s.percentage.toFixed(2))}%`).join('; ')}`}
          </Typography>
          {track.audio && (
            <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
              Audio SHA-256: <Fingerprint value={track.audio.sha256} />
            </Typography>
          )}
          {track.artwork && (
            <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
              Track artwork SHA-256: <Fingerprint value={track.artwork.sha256} />
            </Typography>
          )}
        </Box>
      ))}
      {content.artwork && (
        <Box component="li" sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }}>
          <Typography sx={{ fontWeight: 700 }}>Artwork</Typography>
          <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
            SHA-256: <Fingerprint value={content.artwork.sha256} />
          </Typography>
        </Box>
      )}
    </Box>
  );
}

function SignButton({ schedule }: { schedule: ReleaseSchedule }) {
  const open = useMutation({
    mutationFn: () => requestScheduleSignUrl(schedule.id),
    // The signing page is Imprint's own; the link is made for this session and works once.
    onSuccess: (signUrl) => window.location.assign(signUrl),
  });
  return (
    <>
      <Button
        variant="contained"
        startIcon={<DrawOutlinedIcon />}
        loading={open.isPending}
        onClick={() => open.mutate()}
      >
        Sign the release schedule
      </Button>
      {open.isError && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {open.error.message}
        </Alert>
      )}
    </>
  );
}

function ScheduleBody({ schedule, reader }: { schedule: ReleaseSchedule; reader: Reader }) {
  const canSign =
    reader === 'artist' && ['awaiting_signature', 'declined', 'expired'].includes(schedule.state);
  const prepared = formatLongDate(schedule.createdAt.slice(0, 10)) ?? schedule.createdAt;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <ScheduleStateChip state={schedule.state} reader={reader} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Version {schedule.version}, prepared {prepared}
        </Typography>
      </Stack>
      <Typography sx={{ color: 'text.secondary' }}>
        {reader === 'artist'
          ? 'Your artist agreement gets a schedule for this release: what the label approved, with the SHA-256 fingerprint of each approved file, so anyone can check later that a file is the one approved.'
          : 'The schedule to the artist agreement for this release: what was approved, with the SHA-256 fingerprint of each approved file.'}{' '}
        {getReleaseTypeLabel(schedule.content.releaseType)} “{schedule.content.releaseTitle}”, release date{' '}
        {formatDisplayDate(schedule.content.releaseDate)}.
      </Typography>
      {schedule.state === 'superseded' && (
        <Alert severity="info">
          A file or a detail it lists changed after approval, so this schedule no longer applies. A new one is
          prepared when the label approves the release again.
        </Alert>
      )}
      <ScheduleContents schedule={schedule} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {canSign && <SignButton schedule={schedule} />}
        {schedule.documentUrl && (
          <Button
            component="a"
            href={schedule.documentUrl}
            download
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
          >
            Download the signed schedule
          </Button>
        )}
        {schedule.verifyPath && schedule.state !== 'superseded' && (
          <Button component={RouterLink} to={schedule.verifyPath} startIcon={<FactCheckOutlinedIcon />}>
            Check a file against it
          </Button>
        )}
      </Stack>
      {reader === 'artist' && schedule.state === 'signed' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {schedule.documentUrl
            ? 'Your signed copy is also kept under '
            : 'Your signed copy is being sealed: it will be here and under '}
          <Link component={RouterLink} to={CONTRACT_SIGNING_TAB}>
            Dashboard → Contract Signing
          </Link>
          , beside your artist agreement.
        </Typography>
      )}
    </Stack>
  );
}

/**
 * "Release schedule" of a submission: on the artist's submission page with "Sign
 * the release schedule", and on staff's details page with its state. Nothing is shown before the
 * release is approved; right after an approval the schedule is being prepared (its files hashed),
 * which `waitForSchedule` waits for.
 */
export function ReleaseScheduleSection({
  reader,
  submissionId,
  approved,
  headingVariant = 'h4',
}: {
  reader: Reader;
  submissionId: string;
  /** The submission is approved (or further): a schedule is on its way when none is shown yet. */
  approved: boolean;
  headingVariant?: TypographyProps['variant'];
}) {
  const headingId = useId();
  const query = useSubmissionSchedule(submissionId, { waitForSchedule: approved });
  const schedule = query.data;
  // Before approval there is nothing to wait for: no schedule, or none read (a failed read included),
  // shows nothing.
  if (!approved && !schedule) return null;

  let content: ReactNode;
  if (schedule) content = <ScheduleBody schedule={schedule} reader={reader} />;
  else if (query.isError) content = <QueryFailedAlert query={query} what="The release schedule" />;
  else
    content = (
      <Typography role="status" sx={{ color: 'text.secondary' }}>
        Preparing the release schedule: the approved files are being fingerprinted.
      </Typography>
    );

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id={headingId} component="h2" variant={headingVariant} sx={{ mb: 1.5 }}>
        Release schedule
      </Typography>
      {content}
    </Paper>
  );
}
