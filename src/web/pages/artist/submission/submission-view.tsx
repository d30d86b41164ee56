import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import {
  formatDisplayDate,
  getReleaseTypeLabel,
  getStatusBanner,
  getStatusChipColour,
  NO_MEDIA_FILES,
  SCHEDULED_RELEASE_STATUSES,
  type StatusChipColour,
  type Submission,
} from '../../../../domain';
import { useArtistChangeRequest } from '../../../api/change-request';
import { KeyDatesSection } from '../../../components/key-dates';
import { ReleaseScheduleSection } from '../../../components/release-schedule-section';
import { ResponsiveImage } from '../../../components/responsive-image';
import { StatusChip } from '../../../components/status-chip';
import { usePageTitle } from '../../../components/use-page-title';
import { usePublicConfig } from '../../../config';
import { SubmissionArtwork } from '../common/artwork';
import { formatSubmittedDate } from '../common/format';
import type { Resubmitted } from './change-request-form';
import { ChangeRequestSection } from './change-request-section';
import { DecisionsSection } from './decision-ratings';

const BANNER_SEVERITY: Record<StatusChipColour, AlertColor> = {
  success: 'success',
  warning: 'info',
  error: 'error',
  default: 'info',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id={id} component="h2" variant="h4" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export interface MediaEntry {
  label: string;
  href: string;
  kind: 'audio' | 'image';
  /** A track's own cover (spec 001 §3): shown as a thumbnail, described by this text. */
  thumbnailAlt?: string;
}

/**
 * 'Track 1', 'Track 2', … then 'Artwork' (spec 000 §2). The media links list every file of the
 * submission, the artwork's among them, so the artwork's link is named once, as the artwork. A
 * track with its own cover has it listed right after it, as 'Track N artwork'.
 */
export function listMediaFiles(
  submission: Pick<Submission, 'mediaLinks' | 'artworkUrl' | 'trackArtworks'>,
): MediaEntry[] {
  const artwork = submission.artworkUrl?.trim();
  const entries: MediaEntry[] = submission.mediaLinks
    .filter((link) => link.trim() !== '' && link.trim() !== artwork)
    .flatMap((href, index): MediaEntry[] => {
      const own = submission.trackArtworks?.find((entry) => entry.trackNumber === index + 1);
      const track: MediaEntry = { label: `Track ${index + 1}`, href, kind: 'audio' };
      if (!own) return [track];
      const thumbnailAlt = `Custom artwork of ${own.title.trim() || track.label}`;
      return [track, { label: `Track ${index + 1} artwork`, href: own.url, kind: 'image', thumbnailAlt }];
    });
  if (artwork) entries.push({ label: 'Artwork', href: artwork, kind: 'image' });
  return entries;
}

function MediaIcon({ entry }: { entry: MediaEntry }) {
  if (entry.thumbnailAlt) {
    return (
      <ResponsiveImage
        src={entry.href}
        alt={entry.thumbnailAlt}
        sizes="32px"
        width={32}
        height={32}
        fallback={<ImageOutlinedIcon />}
        sx={{ width: 32, height: 32, display: 'block', objectFit: 'cover', borderRadius: '4px' }}
      />
    );
  }
  return entry.kind === 'audio' ? <AudiotrackIcon /> : <ImageOutlinedIcon />;
}

function MediaFiles({ submission }: { submission: Submission }) {
  const entries = listMediaFiles(submission);
  if (entries.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{NO_MEDIA_FILES}</Typography>;
  return (
    <List disablePadding>
      {entries.map((entry) => (
        <ListItem
          key={`${entry.label}-${entry.href}`}
          divider
          disableGutters
          secondaryAction={
            <Button
              component="a"
              href={entry.href}
              target="_blank"
              rel="noopener noreferrer"
              size="small"
              variant="outlined"
              endIcon={<OpenInNewIcon />}
              aria-label={`Open ${entry.label} (opens in a new tab)`}
            >
              Open
            </Button>
          }
          sx={{ pr: 12 }}
        >
          <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>
            <MediaIcon entry={entry} />
          </ListItemIcon>
          <ListItemText primary={entry.label} />
        </ListItem>
      ))}
    </List>
  );
}

function ContactSupport({ releaseTitle }: { releaseTitle: string }) {
  const { contactEmail, labelName } = usePublicConfig();
  const subject = `Question about my submission "${releaseTitle}"`;
  return (
    <>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        A question about this release? Write to {labelName} and name the release, and we will get back to you.
      </Typography>
      <Button
        component="a"
        href={`mailto:${contactEmail}?subject=${encodeURIComponent(subject)}`}
        variant="contained"
        startIcon={<MailOutlinedIcon />}
      >
        Contact Support
      </Button>
    </>
  );
}

/** The message the label sent with its change request, as the banner shows it. */
function ReviewerMessage({ itemId }: { itemId: string }) {
  const { labelName } = usePublicConfig();
  const message = useArtistChangeRequest(itemId).data?.changeRequest?.message;
  if (!message) return null;
  return (
    <Box
      component="blockquote"
      sx={{
        m: 0,
        mt: 1.5,
        pl: 1.5,
        borderLeft: 3,
        borderColor: 'divider',
        whiteSpace: 'pre-line',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
        Message from {labelName}:
      </Typography>
      {message}
    </Box>
  );
}

function ResubmittedNotice({ resubmitted, onClose }: { resubmitted: Resubmitted; onClose(): void }) {
  const { labelName } = usePublicConfig();
  const changed = resubmitted.changedFields;
  return (
    <Alert severity="success" onClose={onClose}>
      <AlertTitle component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        Sent back for review
      </AlertTitle>
      {labelName} has your changes and will review the submission again.{' '}
      {changed.length > 0 ? `Changed: ${changed.join('; ')}.` : 'You sent every field back as it was.'}
    </Alert>
  );
}

/** One submission as its artist sees it (spec 000 §2 Submission Details, plus an open change request). */
export function SubmissionView({ submission }: { submission: Submission }) {
  usePageTitle(submission.releaseTitle);
  const banner = getStatusBanner(submission.status);
  const [resubmitted, setResubmitted] = useState<Resubmitted | null>(null);
  const changesRequested = submission.status === 'changes_requested';
  return (
    <Stack spacing={3}>
      <Stack
        component="header"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 2, sm: 3 }}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <SubmissionArtwork submission={submission} size={{ xs: 160, md: 200 }} priority />
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, overflowWrap: 'anywhere', mb: 1.5 }}
          >
            {submission.releaseTitle}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Chip label={getReleaseTypeLabel(submission.releaseType)} size="small" variant="outlined" />
            <StatusChip status={submission.status} />
          </Stack>
        </Box>
      </Stack>

      <Alert severity={BANNER_SEVERITY[getStatusChipColour(submission.status)]} role="status">
        <AlertTitle component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {banner.title}
        </AlertTitle>
        {banner.text}
        {changesRequested && <ReviewerMessage itemId={submission.itemId} />}
      </Alert>

      {resubmitted && <ResubmittedNotice resubmitted={resubmitted} onClose={() => setResubmitted(null)} />}

      {changesRequested && <ChangeRequestSection submission={submission} onResubmitted={setResubmitted} />}

      {submission.decisions && (
        <DecisionsSection itemId={submission.itemId} decisions={submission.decisions} />
      )}

      <Section title="Important Dates">
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, rowGap: 1 }}
        >
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            Submitted
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {formatSubmittedDate(submission.createdAt)}
          </Typography>
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            Release Date
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {formatDisplayDate(submission.releaseDate)}
          </Typography>
        </Box>
      </Section>

      {/* A declined submission has no dates ahead of it. */}
      {submission.status !== 'rejected' && <KeyDatesSection reader="artist" itemId={submission.itemId} />}

      <ReleaseScheduleSection
        reader="artist"
        submissionId={submission.itemId}
        approved={SCHEDULED_RELEASE_STATUSES.includes(submission.status)}
      />

      <Section title="Media Files">
        <MediaFiles submission={submission} />
      </Section>

      <Section title="Support">
        <ContactSupport releaseTitle={submission.releaseTitle} />
      </Section>
    </Stack>
  );
}
