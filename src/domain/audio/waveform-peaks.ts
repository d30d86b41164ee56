import { z } from 'zod';
import type { PcmChannels } from './wav-pcm';

/**
 * A track's waveform: the peak level of equal slices of the file, 0–100 (100 is full scale),
 * computed once from the WAV while it streams past (never by decoding again to draw it). The
 * staff board's preview draws 120 bars; the social clip picker draws
 * 1000 with the track's duration, computed in the browser's loudness pass and by the server's
 * `media.audio-peaks` job. Pure and incremental, like the decoder it reads.
 */

/** Bars in the board's preview: one per pixel of a row's 120 px strip. */
export const WAVEFORM_BARS = 120;

/** Bars of the clip picker's waveform: about a bar per pixel of a 1280 px screen, a second per bar of a 16-minute track. */
export const PICKER_WAVEFORM_BARS = 1000;

/** A waveform the clip picker can draw without decoding: its peaks and the track's duration. */
export const audioWaveformSchema = z.object({
  peaks: z.array(z.number().min(0).max(100)).max(PICKER_WAVEFORM_BARS),
  durationSeconds: z.number().nonnegative(),
});
export type AudioWaveform = z.infer<typeof audioWaveformSchema>;

/** Fewer bars for a narrower drawing: each the largest of the peaks it covers. */
export function downsamplePeaks(peaks: readonly number[], bars: number): number[] {
  if (peaks.length <= bars) return [...peaks];
  return Array.from({ length: bars }, (_, bar) => {
    const from = Math.floor((bar * peaks.length) / bars);
    const to = Math.floor(((bar + 1) * peaks.length) / bars);
    let peak = 0;
    for (let i = from; i < to; i++) peak = Math.max(peak, peaks[i] ?? 0);
    return peak;
  });
}

/** A waveform as stored (JSON): one that does not parse counts as not measured. */
export function parseStoredWaveform(stored: unknown): AudioWaveform | null {
  const parsed = audioWaveformSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export interface WaveformMeter {
  /** The next decoded frames, in order. */
  push(samples: PcmChannels): void;
  /** The peaks, one per bar, 0–100. */
  peaks(): number[];
}

/**
 * Peaks over `totalFrames` frames in `bars` slices: each bar is the largest absolute sample of any
 * channel in its slice. A file shorter than `bars` frames has as many bars as frames.
 */
export function createWaveformMeter(totalFrames: number, bars = WAVEFORM_BARS): WaveformMeter {
  const count = Math.max(0, Math.min(bars, Math.floor(totalFrames)));
  const levels = new Float64Array(count);
  const framesPerBar = count > 0 ? totalFrames / count : 1;
  let frame = 0;
  return {
    push(samples) {
      const length = samples[0]?.length ?? 0;
      for (let i = 0; i < length; i++, frame++) {
        const bar = Math.min(count - 1, Math.floor(frame / framesPerBar));
        if (bar < 0) return;
        let peak = levels[bar] ?? 0;
        for (const channel of samples) {
          const value = Math.abs(channel[i] ?? 0);
          if (value > peak) peak = value;
        }
        levels[bar] = peak;
      }
    },
    peaks() {
      return Array.from(levels, (level) => Math.min(100, Math.round(level * 100)));
    },
  };
}
