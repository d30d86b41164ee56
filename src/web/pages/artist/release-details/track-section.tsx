import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import type { AudioWaveform } from '../../../../domain';
import { TrackDetailsForm } from '../../../forms/track/track-details-form';
import { TrackDetailsSection } from '../../../forms/track/track-details-section';
import { IsrcField } from './isrc-field';

interface TrackSectionProps {
  index: number;
  title: string;
  audioUrl: string | null;
  /** Measured once by the server; null until its job has run. */
  waveform: AudioWaveform | null;
}

export const CLIP_WAVEFORM_PREPARING =
  'The waveform of this track is still being prepared. Use the start and end fields below, or come back later to choose the clips on it.';
export const CLIP_WAVEFORM_NO_AUDIO = 'This track has no audio to show. Use the start and end fields below.';

/**
 * One track of the release: its number and title (h3), a player to listen while filling in, the
 * ISRC, then the submission form's own per-track editor (credits, splits, year, explicit, lyrics,
 * clips) bound to `tracks.N.metadata` of this page's form.
 */
export function TrackSection({ index, title, audioUrl, waveform }: TrackSectionProps) {
  const headingId = useId();
  const shownTitle = title.trim() || 'Untitled';
  // The clips are played from the same signed link as the player above; nothing is decoded here.
  const clipAudio = useMemo(
    () => ({
      waveform,
      missing: audioUrl ? CLIP_WAVEFORM_PREPARING : CLIP_WAVEFORM_NO_AUDIO,
      url: audioUrl,
      trackName: shownTitle,
    }),
    [waveform, audioUrl, shownTitle],
  );
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h4" component="h3" sx={{ overflowWrap: 'anywhere', mb: 2 }}>
        {index + 1}. {shownTitle}
      </Typography>
      <Stack spacing={3} divider={<Divider flexItem />}>
        <Box>
          {audioUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: a master recording has no captions; the artist listens to their own track
            <audio
              controls
              preload="none"
              src={audioUrl}
              aria-label={`Play ${shownTitle}`}
              style={{ width: '100%', maxWidth: 480, display: 'block' }}
            />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              The audio of this track cannot be played here.
            </Typography>
          )}
        </Box>
        <TrackDetailsSection
          title="ISRC"
          description="The International Standard Recording Code identifies this recording in stores. Leave it empty and the label assigns one."
        >
          <IsrcField index={index} trackTitle={shownTitle} />
        </TrackDetailsSection>
        <TrackDetailsForm index={index} clipAudio={clipAudio} />
      </Stack>
    </Paper>
  );
}
