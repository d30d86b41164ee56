import { describe, expect, it } from 'vitest';
import { encodeWav, measureWavLoudness } from '../../domain/audio';
import { checkFileLoudness } from './check-file-loudness';

/**
 * What the loudness worker runs, on a Blob as the browser hands it a File: read in slices, the
 * same numbers as the whole file measured at once, progress to the end, the domain's advice.
 */
function toneWav({ dbfs, seconds, gain = 1 }: { dbfs: number; seconds: number; gain?: number }): Uint8Array {
  const sampleRate = 48_000;
  const amplitude = 10 ** (dbfs / 20) * gain;
  const channel = new Float32Array(seconds * sampleRate);
  for (let i = 0; i < channel.length; i++)
    channel[i] = amplitude * Math.sin((2 * Math.PI * 1000 * i) / sampleRate);
  return encodeWav({ sampleRate, samples: [channel, channel.slice()], bitsPerSample: 24 });
}

describe('checkFileLoudness', () => {
  it('measures a −14 LUFS tone in slices as the whole file at once, with progress to the end', async () => {
    const bytes = toneWav({ dbfs: -14, seconds: 3 });
    const progress: number[] = [];
    const outcome = await checkFileLoudness(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      chunkBytes: 64 * 1024 + 3,
      onProgress: (fraction) => progress.push(fraction),
    });
    if (!outcome.ok) throw new Error(outcome.reason);
    const whole = measureWavLoudness(bytes);
    if (!whole.ok) throw new Error(whole.reason);
    // The same numbers, but for the last bits of a sum taken in other pieces.
    // The clip picker's waveform, from the same pass: 1000 bars of a steady tone at −14 dBFS peak.
    expect(outcome.waveform.durationSeconds).toBe(3);
    expect(outcome.waveform.peaks).toHaveLength(1000);
    expect(new Set(outcome.waveform.peaks)).toEqual(new Set([Math.round(10 ** (-14 / 20) * 100)]));
    for (const [key, value] of Object.entries(whole.measurement))
      expect(outcome.measurement[key as keyof typeof whole.measurement], key).toBeCloseTo(value ?? 0, 9);
    expect(outcome.measurement.integratedLufs).toBeCloseTo(-14, 1);
    expect(outcome.advice).toEqual([]);
    expect(outcome.complete).toBe(true);
    expect(progress.length).toBe(Math.ceil(bytes.length / (64 * 1024 + 3)));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('gives the advice for a clipped, very loud tone', async () => {
    const outcome = await checkFileLoudness(
      new Blob([toneWav({ dbfs: 0, seconds: 2, gain: 1.5 }) as Uint8Array<ArrayBuffer>]),
    );
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.advice.map((item) => item.kind)).toEqual(['clipping', 'true-peak', 'very-loud']);
  });

  it('says why a file cannot be measured', async () => {
    const outcome = await checkFileLoudness(new Blob([new TextEncoder().encode('not a wav file at all')]));
    expect(outcome.ok).toBe(false);
  });
});
