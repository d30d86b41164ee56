import type { PcmChannels } from './wav-pcm';

/**
 * A track's waveform for the staff board's preview (issue 20 §5): the peak level of equal slices
 * of the file, 0–100 (100 is full scale), computed once on the server from the stored WAV while
 * it streams past, and drawn by the list as bars. Pure and incremental, like the decoder it reads.
 */

/** Bars in a waveform: enough for a row's 160–240 px strip. */
export const WAVEFORM_BARS = 120;

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
