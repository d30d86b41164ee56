import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BoardItemDetail, BoardTrack } from '../../../../domain';
import { formatDuration } from '../../../../domain/files/media-quality';
import { PanelSection } from '../../../components/panel-section';
import { type PlayerItem, usePlayerDetails } from '../../../components/player/player-context';
import { releaseTitleOf } from './board-format';

function durationOf(track: BoardTrack): number | undefined {
  const seconds = track.audio?.media?.durationSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : undefined;
}

/** The submission's tracks with audio, as the player plays them (each with its own cover, if any). */
export function playerItemsOf(item: BoardItemDetail): PlayerItem[] {
  return item.tracks.flatMap((track) =>
    track.audio
      ? [
          {
            submissionId: item.itemId,
            trackId: track.trackId,
            trackTitle: track.title || 'Untitled',
            artistName: item.artistName,
            releaseTitle: releaseTitleOf(item),
            audioUrl: track.audio.url,
            artworkUrl: track.customArtwork?.url ?? item.artwork?.url,
          },
        ]
      : [],
  );
}

/**
 * Plays one of the submission's tracks in the docked player, the rest of the release queued after
 * it; the track already playing is paused instead.
 */
export function useSubmissionTracks(item: BoardItemDetail) {
  const player = usePlayerDetails();
  const items = playerItemsOf(item);
  // An item from a board row names no track: it is the submission's first track with audio.
  const isCurrent = (trackId: string) =>
    player.current?.submissionId === item.itemId && (player.current.trackId ?? items[0]?.trackId) === trackId;
  return {
    items,
    playAll() {
      if (items.length > 0) player.play(items, 0, { label: releaseTitleOf(item) });
    },
    isPlaying: (trackId: string) => isCurrent(trackId) && player.playing,
    toggle(trackId: string) {
      if (isCurrent(trackId)) {
        player.toggle();
        return;
      }
      const at = items.findIndex((entry) => entry.trackId === trackId);
      if (at >= 0) player.play(items, at, { label: releaseTitleOf(item) });
    },
  };
}

/** A track's play button, for its card further down the page. */
export function PlayTrackButton({ item, track }: { item: BoardItemDetail; track: BoardTrack }) {
  const tracks = useSubmissionTracks(item);
  const playing = tracks.isPlaying(track.trackId);
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
      onClick={() => tracks.toggle(track.trackId)}
      aria-pressed={playing}
      sx={{ minHeight: 40, alignSelf: 'flex-start' }}
    >
      {playing ? 'Pause' : 'Play'} {track.title || 'Untitled'}
    </Button>
  );
}

/**
 * Listening first: the submission's tracks at the top of its page, each played in the docked
 * player, which stays at the bottom of the screen while staff read on.
 */
export function SubmissionPlayer({ item }: { item: BoardItemDetail }) {
  const tracks = useSubmissionTracks(item);
  const withAudio = new Set(tracks.items.map((entry) => entry.trackId));
  if (item.tracks.length === 0) return null;
  return (
    <PanelSection
      title="Listen"
      action={
        tracks.items.length > 1 && (
          <Button
            variant="contained"
            size="small"
            startIcon={<PlayArrowIcon />}
            onClick={tracks.playAll}
            sx={{ minHeight: 40 }}
          >
            Play all ({tracks.items.length})
          </Button>
        )
      }
    >
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', mt: -1 }}>
        {item.tracks.map((track, index) => {
          const title = track.title || 'Untitled';
          const audio = withAudio.has(track.trackId);
          const playing = tracks.isPlaying(track.trackId);
          const duration = durationOf(track);
          return (
            <Stack
              component="li"
              key={track.trackId}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', py: 0.75, borderTop: index > 0 ? 1 : 0, borderColor: 'divider' }}
            >
              <IconButton
                color="primary"
                disabled={!audio}
                onClick={() => tracks.toggle(track.trackId)}
                aria-label={audio ? `${playing ? 'Pause' : 'Play'} ${title}` : `No audio for ${title}`}
                aria-pressed={audio ? playing : undefined}
                sx={{ width: 44, height: 44, border: 1, borderColor: 'divider', flexShrink: 0 }}
              >
                {playing ? <PauseIcon /> : <PlayArrowIcon />}
              </IconButton>
              <Typography
                sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: playing ? 600 : 400 }}
              >
                {index + 1}. {title}
              </Typography>
              {duration !== undefined && (
                <Typography
                  variant="body2"
                  sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatDuration(duration)}
                </Typography>
              )}
            </Stack>
          );
        })}
      </Box>
    </PanelSection>
  );
}
