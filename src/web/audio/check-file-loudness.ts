import {
  type AudioWaveform,
  createWavLoudnessAnalyser,
  type LoudnessAdvice,
  type LoudnessMeasurement,
  listLoudnessAdvice,
  PICKER_WAVEFORM_BARS,
} from '../../domain/audio';

/**
 * The loudness and level check of one WAV file, read in slices so that memory stays
 * small on a phone: at most two slices of bytes (the one measured and the next one being read)
 * and one slice's samples at a time. The same pass measures the waveform the clip picker draws,
 * so the file is decoded once. Runs in the Web Worker (`loudness-worker.ts`); the
 * bench runs the same function in Node to compare.
 */

/** Bytes read at a time: 4 MiB, about 15 s of a 24-bit 48 kHz stereo master. */
export const LOUDNESS_CHUNK_BYTES = 4 * 1024 * 1024;

export type LoudnessCheckOutcome =
  | {
      ok: true;
      measurement: LoudnessMeasurement;
      /** The domain's advice, most important first; empty when the levels look good. */
      advice: LoudnessAdvice[];
      /** False when the file holds fewer samples than its header promised. */
      complete: boolean;
      /** The track's waveform for the clip picker, `PICKER_WAVEFORM_BARS` peaks. */
      waveform: AudioWaveform;
    }
  | { ok: false; reason: string };

export interface CheckFileLoudnessOptions {
  chunkBytes?: number;
  /** 0–1 of the file's bytes measured, after each slice. */
  onProgress?(fraction: number): void;
}

export async function checkFileLoudness(
  file: Blob,
  { chunkBytes = LOUDNESS_CHUNK_BYTES, onProgress }: CheckFileLoudnessOptions = {},
): Promise<LoudnessCheckOutcome> {
  const size = file.size;
  const analyser = createWavLoudnessAnalyser({ totalSize: size, waveformBars: PICKER_WAVEFORM_BARS });
  const read = (at: number) => file.slice(at, Math.min(size, at + chunkBytes)).arrayBuffer();
  let offset = 0;
  // The next slice is read while this one is measured.
  let next = size > 0 ? read(0) : undefined;
  while (next) {
    const bytes = new Uint8Array(await next);
    offset += bytes.length;
    next = offset < size && bytes.length > 0 ? read(offset) : undefined;
    const pushed = analyser.push(bytes);
    if (!pushed.ok) return pushed;
    onProgress?.(size > 0 ? offset / size : 1);
  }
  const result = analyser.result();
  if (!result.ok) return result;
  return {
    ok: true,
    measurement: result.measurement,
    advice: listLoudnessAdvice(result.measurement),
    complete: result.complete,
    waveform: result.waveform ?? { peaks: [], durationSeconds: result.header.durationSeconds },
  };
}
