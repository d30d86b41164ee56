import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  type Contributor,
  type MasterSplit,
  type ParentalAdvisory,
  type ReleaseDetailsTrack,
  sumSplitPercentages,
} from '../../../../domain';
import type { ReleaseDetails } from '../../../api/release-details';
import { ResponsiveImage } from '../../../components/responsive-image';
import { formatContributorName } from '../../../forms/track/contributor-format';

const ADVISORY_LABELS: Record<ParentalAdvisory, string> = {
  no: 'No',
  yes: 'Yes (explicit)',
  cleaned: 'Clean version',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0.25, sm: 2 } }}
    >
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function splitHolder(split: MasterSplit, contributors: readonly Contributor[]): string {
  const named = contributors.find((contributor) => contributor.id === split.contributorId);
  if (named) return formatContributorName(named);
  return `${split.firstName ?? ''} ${split.lastName ?? ''}`.trim() || 'Unnamed';
}

function TrackSummary({ track, number }: { track: ReleaseDetailsTrack; number: number }) {
  const headingId = useId();
  const { metadata } = track;
  const contributors = [...metadata.featuredArtists, ...metadata.producers, ...metadata.nonFeaturedArtists];
  const title = track.title.trim() || 'Untitled';
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h4" component="h3" sx={{ overflowWrap: 'anywhere', mb: 2 }}>
        {number}. {title}
      </Typography>
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
        <Row label="ISRC">{track.isrc || 'Not given: the label assigns one'}</Row>
        <Row label="Credits">
          {contributors.length > 0
            ? contributors.map((c) => `${formatContributorName(c)} (${c.roles.join(', ')})`).join('; ')
            : metadata.soloWork
              ? 'Solo work'
              : 'None'}
        </Row>
        <Row label="Master splits">
          {metadata.hasMasterSplit && metadata.masterSplits.length > 0
            ? `${metadata.masterSplits
                .map((split) => `${splitHolder(split, contributors)}: ${split.percentage}%`)
                .join('; ')} (total ${sumSplitPercentages(metadata.masterSplits)}%)`
            : 'None'}
        </Row>
        <Row label="Production year">{metadata.productionYear || 'Not given'}</Row>
        <Row label="Explicit content">{ADVISORY_LABELS[metadata.parentalAdvisory]}</Row>
        <Row label="Lyrics">
          {metadata.lyricsEnabled && metadata.lyrics?.trim() ? (
            <Box component="span" sx={{ whiteSpace: 'pre-line', display: 'block' }}>
              {metadata.lyrics}
            </Box>
          ) : (
            'None'
          )}
        </Row>
        <Row label="Social clips">
          {metadata.socialClipsEnabled && metadata.socialClips.length > 0
            ? metadata.socialClips
                .map(
                  (clip) =>
                    `${clip.startTime}-${clip.endTime}${clip.description ? ` (${clip.description})` : ''}`,
                )
                .join('; ')
            : 'None'}
        </Row>
      </Stack>
    </Paper>
  );
}

/** What the artist sent, read-only: the details are locked once submitted for review. */
export function SubmittedSummary({ details }: { details: ReleaseDetails }) {
  const tracksId = useId();
  const artworkId = useId();
  const tracks = [...details.tracks].sort((a, b) => a.position - b.position);
  return (
    <Stack spacing={4}>
      <Alert severity="success">
        <Box component="p" sx={{ m: 0 }}>
          The label has your release details and will review them before distribution. They are locked now; if
          something needs to change, contact the label.
        </Box>
        <Button
          component={RouterLink}
          to="/dashboard"
          color="inherit"
          variant="outlined"
          size="small"
          sx={{ mt: 1.5 }}
        >
          Go to the dashboard
        </Button>
      </Alert>
      <Box component="section" aria-labelledby={tracksId}>
        <Typography id={tracksId} variant="h3" component="h2" sx={{ mb: 2 }}>
          {tracks.length === 1 ? 'Track' : `Tracks (${tracks.length})`}
        </Typography>
        <Stack spacing={3}>
          {tracks.map((track, index) => (
            <TrackSummary key={track.trackId} track={track} number={index + 1} />
          ))}
        </Stack>
      </Box>
      <Paper component="section" variant="outlined" aria-labelledby={artworkId} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={artworkId} variant="h3" component="h2" sx={{ mb: 2 }}>
          Artwork
        </Typography>
        {details.artwork ? (
          <ResponsiveImage
            key={details.artwork.url}
            src={details.artwork.url}
            alt={`Artwork for ${details.releaseTitle}`}
            sizes="280px"
            width={280}
            height={280}
            sx={{
              width: '100%',
              maxWidth: 280,
              height: 'auto',
              aspectRatio: '1 / 1',
              objectFit: 'cover',
              borderRadius: 2,
              display: 'block',
            }}
          />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>No artwork.</Typography>
        )}
      </Paper>
    </Stack>
  );
}
