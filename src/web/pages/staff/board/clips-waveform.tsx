import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { type AudioWaveform, type BoardTrack, downsamplePeaks, getClipRegion } from '../../../../domain';

const WIDTH = 600;
const HEIGHT = 56;
/** Bars drawn: one per 3 units of the 600-wide drawing, from the stored 1000. */
const BARS = 200;

/**
 * Where the artist's social clips sit in the track, for staff: the waveform the
 * server measured once (`uploads.audio_waveform`), nothing decoded in the browser, each clip a
 * shaded span in the colour the artist's picker gave it. The list below it says the same in
 * words, so the drawing is hidden from screen readers.
 */
export function ClipsWaveform({ waveform, clips }: { waveform: AudioWaveform; clips: BoardTrack['clips'] }) {
  const theme = useTheme();
  const bars = downsamplePeaks(waveform.peaks, BARS);
  const loudest = Math.max(1, ...bars);
  const step = WIDTH / Math.max(1, bars.length);
  const colours = [theme.palette.primary.main, theme.palette.secondary.main];
  const x = (seconds: number) => (seconds / waveform.durationSeconds) * WIDTH;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="clips-waveform"
      sx={{ display: 'block', width: '100%', maxWidth: WIDTH, height: HEIGHT, mb: 1 }}
    >
      {clips.map((clip, index) => {
        const region = getClipRegion(clip, waveform.durationSeconds);
        if (!region) return null;
        const colour = colours[index % colours.length] ?? theme.palette.primary.main;
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: clips keep the artist's order
            key={index}
            x={x(region.start)}
            y={0}
            width={Math.max(1, x(region.end) - x(region.start))}
            height={HEIGHT}
            fill={alpha(colour, 0.25)}
            stroke={colour}
          />
        );
      })}
      {bars.map((peak, index) => {
        const height = Math.max(1, (peak / loudest) * (HEIGHT - 4));
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions, never reordered
            key={index}
            x={index * step}
            y={(HEIGHT - height) / 2}
            width={Math.max(0.8, step * 0.6)}
            height={height}
            fill={theme.palette.text.secondary}
          />
        );
      })}
    </Box>
  );
}
