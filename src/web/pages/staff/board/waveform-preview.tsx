import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import type { BoardRow } from '../../../../domain';
import { usePreviewPlayer } from './preview-player';

// One bar per stored peak (120), so the list keeps room for its other columns at 1280 px.
const WIDTH = 120;
const HEIGHT = 32;
/** As wide as the board's dense rows leave the preview (the 120 bars drawn narrower). */
const LIST_WIDTH = 96;
/** Shown while the server has not measured the file yet: a low, even line. */
const FLAT = Array.from({ length: 60 }, () => 6);

/**
 * The waveform as bars, from peaks the server computed once (0–100 per slice), the
 * part already played in the primary colour. Drawn as SVG: no audio is decoded to draw it.
 */
export function Waveform({
  peaks,
  progress,
  width = WIDTH,
}: {
  peaks: number[] | null;
  progress: number;
  /** Drawn this wide: the bars keep their shares of it. */
  width?: number;
}) {
  const bars = peaks && peaks.length > 0 ? peaks : FLAT;
  const step = WIDTH / bars.length;
  const played = Math.round(progress * bars.length);
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={width}
      height={HEIGHT}
      preserveAspectRatio="none"
      aria-hidden="true"
      sx={{ display: 'block', flexShrink: 0 }}
      data-measured={peaks ? 'true' : 'false'}
    >
      {bars.map((peak, index) => {
        const height = Math.max(1.5, (Math.min(100, peak) / 100) * HEIGHT);
        return (
          <Box
            component="rect"
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions, never reordered
            key={index}
            x={index * step}
            y={(HEIGHT - height) / 2}
            width={Math.max(0.8, step * 0.7)}
            height={height}
            rx={0.5}
            sx={{
              fill: (theme) => (index < played ? theme.palette.primary.main : theme.palette.text.disabled),
            }}
          />
        );
      })}
    </Box>
  );
}

/** A row's preview: play/pause for its first track, and its waveform, which seeks when clicked. */
export function WaveformPreview({ row }: { row: BoardRow }) {
  const player = usePreviewPlayer();
  const preview = row.preview;
  if (!preview) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No audio
      </Typography>
    );
  }
  const current = player.currentId === row.itemId;
  const playing = current && player.playing;
  const title = preview.trackTitle.trim() || 'the first track';
  const seek = (event: MouseEvent<HTMLElement>) => {
    if (!current) return;
    const box = event.currentTarget.getBoundingClientRect();
    player.seek((event.clientX - box.left) / box.width);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label={`${playing ? 'Pause' : 'Play'} "${title}" by ${row.artistName || 'the artist'}`}
        aria-pressed={playing}
        onClick={(event) => {
          event.stopPropagation();
          player.toggle(row.itemId, preview.url);
        }}
        sx={{ position: 'relative', zIndex: 1 }}
      >
        {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
      </IconButton>
      <Box onClick={seek} sx={{ position: 'relative', zIndex: 1, cursor: current ? 'pointer' : 'default' }}>
        <Waveform peaks={preview.peaks} progress={current ? player.progress : 0} width={LIST_WIDTH} />
      </Box>
      {current && player.error && (
        <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
          {player.error}
        </Typography>
      )}
    </Stack>
  );
}
