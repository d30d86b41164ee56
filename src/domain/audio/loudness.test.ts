import { describe, expect, it } from 'vitest';
import {
  CLIP_LEVEL,
  CLIP_MIN_RUN,
  channelWeightsFor,
  createLoudnessMeter,
  createWavLoudnessAnalyser,
  gatedLoudness,
  kWeightingFilters,
  type LoudnessMeasurement,
  measureLoudness,
  measureWavLoudness,
  TRUE_PEAK_INTERPOLATOR,
} from './loudness';
import { encodeWav } from './wav-pcm';

// Every signal is generated here, at a level stated in dBFS (a sine's peak), as in EBU Tech 3341:
// a 1 kHz sine at X dBFS in both channels of a stereo file measures X LUFS.

interface ToneOptions {
  sampleRate?: number;
  seconds: number;
  dbfs: number;
  frequency?: number;
  phaseDegrees?: number;
}

function tone({ sampleRate = 48_000, seconds, dbfs, frequency = 1000, phaseDegrees = 0 }: ToneOptions) {
  const frames = Math.round(seconds * sampleRate);
  const amplitude = 10 ** (dbfs / 20);
  const phase = (phaseDegrees * Math.PI) / 180;
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate + phase);
  return out;
}

function silence(seconds: number, sampleRate = 48_000) {
  return new Float32Array(Math.round(seconds * sampleRate));
}

function join(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A tone sequence like Tech 3341's: [dBFS, seconds] in turn. */
function steps(sampleRate: number, ...levels: [number, number][]): Float32Array {
  return join(...levels.map(([dbfs, seconds]) => tone({ sampleRate, seconds, dbfs })));
}

/** Raised-cosine fades in and out, so a tone has no onset: its true peak is its amplitude. */
function faded(x: Float32Array, fadeFrames: number): Float32Array {
  const out = x.slice();
  for (let i = 0; i < fadeFrames; i++) {
    const gain = 0.5 - 0.5 * Math.cos((Math.PI * i) / fadeFrames);
    out[i] = (out[i] as number) * gain;
    out[out.length - 1 - i] = (out[out.length - 1 - i] as number) * gain;
  }
  return out;
}

/** Pushes the channels to a meter in chunks of `chunk` frames (the last one shorter). */
function measureInChunks(channels: Float32Array[], sampleRate: number, chunk: number): LoudnessMeasurement {
  const meter = createLoudnessMeter({ sampleRate, channels: channels.length });
  const frames = channels[0]?.length ?? 0;
  for (let start = 0; start < frames; start += chunk)
    meter.push(channels.map((x) => x.subarray(start, Math.min(frames, start + chunk))));
  return meter.result();
}

function lufsOf(channels: Float32Array[], sampleRate = 48_000): number {
  const { integratedLufs } = measureInChunks(channels, sampleRate, 4096);
  if (integratedLufs === null) throw new Error('expected a measurable loudness');
  return integratedLufs;
}

const stereo = (x: Float32Array) => [x, x.slice()];

describe('K-weighting', () => {
  it('gives the coefficients of BS.1770-4 Tables 1 and 2 at 48 kHz', () => {
    const { shelf, highPass } = kWeightingFilters(48_000);
    const close = (actual: number[], expected: number[]) => {
      for (const [i, value] of actual.entries()) expect(value).toBeCloseTo(expected[i] as number, 10);
    };
    close(shelf.b, [1.53512485958697, -2.69169618940638, 1.19839281085285]);
    close(shelf.a, [1, -1.69065929318241, 0.73248077421585]);
    close(highPass.b, [1, -2, 1]);
    close(highPass.a, [1, -1.99004745483398, 0.99007225036621]);
  });

  it('keeps the response at other sample rates: a 1 kHz tone measures the same at 44.1 and 96 kHz', () => {
    for (const sampleRate of [44_100, 48_000, 96_000]) {
      const x = tone({ sampleRate, seconds: 5, dbfs: -23 });
      expect(Math.abs(lufsOf(stereo(x), sampleRate) + 23)).toBeLessThan(0.05);
    }
  });
});

describe('integrated loudness: EBU Tech 3341 cases', () => {
  const within = (actual: number, expected: number, tolerance = 0.1) =>
    expect(Math.abs(actual - expected), `${actual} LUFS`).toBeLessThanOrEqual(tolerance);

  it('case 1: stereo 1 kHz at −23 dBFS, 20 s → −23.0 LUFS', () => {
    within(lufsOf(stereo(tone({ seconds: 20, dbfs: -23 }))), -23);
  });

  it('case 2: stereo 1 kHz at −33 dBFS, 20 s → −33.0 LUFS', () => {
    within(lufsOf(stereo(tone({ seconds: 20, dbfs: -33 }))), -33);
  });

  it('case 3: −36 / −23 / −36 dBFS for 10 / 60 / 10 s → −23.0 LUFS (relative gate)', () => {
    within(lufsOf(stereo(steps(48_000, [-36, 10], [-23, 60], [-36, 10]))), -23);
  });

  it('case 4: −72 / −36 / −23 / −36 / −72 dBFS for 10 / 10 / 60 / 10 / 10 s → −23.0 LUFS (both gates)', () => {
    const x = steps(48_000, [-72, 10], [-36, 10], [-23, 60], [-36, 10], [-72, 10]);
    within(lufsOf(stereo(x)), -23);
  });

  it('case 5: −26 / −20 / −26 dBFS for 20 / 20.1 / 20 s → −23.0 LUFS', () => {
    within(lufsOf(stereo(steps(48_000, [-26, 20], [-20, 20.1], [-26, 20]))), -23);
  });

  it('case 6: five channels L R C Ls Rs at −28 / −28 / −24 / −30 / −30 dBFS → −23.0 LUFS', () => {
    const channels = [-28, -28, -24, -30, -30].map((dbfs) => tone({ seconds: 20, dbfs }));
    within(lufsOf(channels), -23);
  });

  it('the −14 LUFS streaming level: stereo 1 kHz at −14 dBFS → −14.0 LUFS', () => {
    within(lufsOf(stereo(tone({ seconds: 10, dbfs: -14 }))), -14);
  });

  it('a −20 dBFS tone on one channel of a stereo file, and in a mono file → −23.0 LUFS', () => {
    const x = tone({ seconds: 10, dbfs: -20 });
    within(lufsOf([x, new Float32Array(x.length)]), -23);
    within(lufsOf([x]), -23);
  });

  it('a mono −23 dBFS tone is 3 LU quieter than the same tone on both channels', () => {
    within(lufsOf([tone({ seconds: 10, dbfs: -23 })]), -26.01);
  });

  it('at 44.1 kHz: the −23 dBFS case and the gated sequence of case 4', () => {
    within(lufsOf(stereo(tone({ sampleRate: 44_100, seconds: 20, dbfs: -23 })), 44_100), -23);
    const x = steps(44_100, [-72, 10], [-36, 10], [-23, 60], [-36, 10], [-72, 10]);
    within(lufsOf(stereo(x), 44_100), -23);
  });
});

describe('integrated loudness: gating and the incremental meter', () => {
  it('is null for digital silence, for a tone below the absolute gate and for under 400 ms', () => {
    expect(measureLoudness(stereo(silence(5)), { sampleRate: 48_000 }).integratedLufs).toBeNull();
    const quiet = tone({ seconds: 5, dbfs: -75 });
    expect(measureLoudness(stereo(quiet), { sampleRate: 48_000 }).integratedLufs).toBeNull();
    const short = tone({ seconds: 0.39, dbfs: -10 });
    expect(measureLoudness(stereo(short), { sampleRate: 48_000 }).integratedLufs).toBeNull();
    expect(
      measureLoudness(stereo(tone({ seconds: 0.4, dbfs: -10 })), { sampleRate: 48_000 }).integratedLufs,
    ).not.toBeNull();
  });

  it('gates blocks by BS.1770-4 eq. 7: absolute at −70 LUFS, relative 10 LU below', () => {
    const energy = (lufs: number) => 10 ** ((lufs + 0.691) / 10);
    // −80 is under the absolute gate; −40 is more than 10 LU under the mean of the rest (−20.6).
    const blocks = [energy(-80), energy(-40), energy(-20), energy(-20), energy(-30)];
    const kept = (energy(-20) * 2 + energy(-30)) / 3;
    expect(gatedLoudness(blocks)).toBeCloseTo(-0.691 + 10 * Math.log10(kept), 10);
    expect(gatedLoudness([energy(-80)])).toBeNull();
    expect(gatedLoudness([])).toBeNull();
  });

  it('gives the same measurement whatever the chunk size', () => {
    const x = join(silence(0.3), tone({ seconds: 3, dbfs: -12, frequency: 997 }), silence(0.2));
    const channels = [x, tone({ seconds: 3.5, dbfs: -18, frequency: 440 })];
    const whole = measureInChunks(channels, 48_000, x.length);
    for (const chunk of [1, 7, 1000, 4801]) {
      const chunked = measureInChunks(channels, 48_000, chunk);
      expect(chunked.integratedLufs).toBeCloseTo(whole.integratedLufs as number, 9);
      expect(chunked.truePeakDbtp).toBeCloseTo(whole.truePeakDbtp as number, 9);
      expect({ ...chunked, integratedLufs: 0, truePeakDbtp: 0 }).toEqual({
        ...whole,
        integratedLufs: 0,
        truePeakDbtp: 0,
      });
    }
  });

  it('reports progress against the frames expected', () => {
    const meter = createLoudnessMeter({ sampleRate: 48_000, channels: 1, expectedFrames: 96_000 });
    expect(meter.progress).toEqual({ frames: 0, seconds: 0, fraction: 0 });
    meter.push([new Float32Array(24_000)]);
    expect(meter.progress).toEqual({ frames: 24_000, seconds: 0.5, fraction: 0.25 });
    const unknown = createLoudnessMeter({ sampleRate: 48_000, channels: 1 });
    unknown.push([new Float32Array(480)]);
    expect(unknown.progress.fraction).toBeNull();
  });

  it('refuses chunks that do not match the channels', () => {
    const meter = createLoudnessMeter({ sampleRate: 48_000, channels: 2 });
    expect(() => meter.push([new Float32Array(4)])).toThrow(/2 channels/);
    expect(() => meter.push([new Float32Array(4), new Float32Array(5)])).toThrow(/same number/);
    expect(() => createLoudnessMeter({ sampleRate: 0, channels: 2 })).toThrow(RangeError);
  });
});

describe('channel weights', () => {
  it('weighs mono, stereo and L R C at 1.0', () => {
    expect(channelWeightsFor(1)).toEqual([1]);
    expect(channelWeightsFor(2)).toEqual([1, 1]);
    expect(channelWeightsFor(3)).toEqual([1, 1, 1]);
  });

  it('leaves out the LFE and weighs the surrounds 1.41, by position or by speaker mask', () => {
    expect(channelWeightsFor(6)).toEqual([1, 1, 1, 0, 1.41, 1.41]);
    expect(channelWeightsFor(6, 0x3f)).toEqual([1, 1, 1, 0, 1.41, 1.41]);
    expect(channelWeightsFor(6, 0x60f)).toEqual([1, 1, 1, 0, 1.41, 1.41]);
    expect(channelWeightsFor(8, 0x63f)).toEqual([1, 1, 1, 0, 1, 1, 1.41, 1.41]);
    expect(channelWeightsFor(2, 0x3)).toEqual([1, 1]);
  });
});

describe('true peak', () => {
  const db = (amplitude: number) => 20 * Math.log10(amplitude);

  it('uses an interpolator that passes the original samples and has unity gain', () => {
    expect(TRUE_PEAK_INTERPOLATOR).toHaveLength(3);
    for (const phase of TRUE_PEAK_INTERPOLATOR) {
      expect(phase).toHaveLength(12);
      expect(phase.reduce((sum, tap) => sum + tap, 0)).toBeCloseTo(1, 12);
    }
    const [first, second, third] = TRUE_PEAK_INTERPOLATOR as Float64Array[];
    for (let k = 0; k < 12; k++) {
      expect(third?.[k]).toBeCloseTo(first?.[11 - k] as number, 12);
      expect(second?.[k]).toBeCloseTo(second?.[11 - k] as number, 12);
    }
  });

  // Tech 3341 tests 15–18 put a tone's peaks half-way between samples: the samples read
  // 3 dB, 1.25 dB and 0.7 dB under the peak, which only the oversampled reading finds.
  const interSampleCases = [
    { frequency: 12_000, phaseDegrees: 45, name: 'fs/4 at 45°' },
    { frequency: 8000, phaseDegrees: 60, name: 'fs/6 at 60°' },
    { frequency: 6000, phaseDegrees: 67.5, name: 'fs/8 at 67.5°' },
  ];
  for (const { frequency, phaseDegrees, name } of interSampleCases)
    it(`finds the peak of a −6 dBFS tone at ${name} between the samples (48 kHz)`, () => {
      const x = faded(tone({ seconds: 1, dbfs: -6, frequency, phaseDegrees }), 960);
      const result = measureLoudness(stereo(x), { sampleRate: 48_000 });
      const expectedSamplePeak = -6 + db(Math.cos((((90 - phaseDegrees) % 360) * Math.PI) / 180));
      expect(result.samplePeakDbfs as number).toBeCloseTo(expectedSamplePeak, 2);
      expect(Math.abs((result.truePeakDbtp as number) - -6)).toBeLessThanOrEqual(0.2);
      // Started abruptly, the tone overshoots at its onset (as a band-limited wave does), so the
      // reading can only be higher, never lower.
      const abrupt = measureLoudness([tone({ seconds: 1, dbfs: -6, frequency, phaseDegrees })], {
        sampleRate: 48_000,
      });
      expect(abrupt.truePeakDbtp as number).toBeGreaterThan(-6.2);
    });

  it('reads a tone whose peaks fall on samples at its sample peak', () => {
    const x = faded(tone({ seconds: 1, dbfs: -6, frequency: 12_000, phaseDegrees: 90 }), 960);
    const result = measureLoudness([x], { sampleRate: 48_000 });
    expect(result.truePeakDbtp as number).toBeCloseTo(-6, 1);
    expect(result.samplePeakDbfs as number).toBeCloseTo(-6, 2);
  });

  it('finds an over above 0 dBTP in a file whose samples stay within full scale', () => {
    // Samples at ±0.999 of a tone at fs/4, 45°: the wave itself peaks 3 dB higher.
    const x = faded(
      tone({ seconds: 1, dbfs: db(0.999 * Math.SQRT2), frequency: 12_000, phaseDegrees: 45 }),
      960,
    );
    const result = measureLoudness(stereo(x), { sampleRate: 48_000 });
    expect(result.samplePeakDbfs as number).toBeLessThanOrEqual(0);
    expect(Math.abs((result.truePeakDbtp as number) - db(0.999 * Math.SQRT2))).toBeLessThanOrEqual(0.2);
  });

  it('at 44.1 kHz: a tone at fs/4 and 45° (11.025 kHz)', () => {
    const x = faded(
      tone({ sampleRate: 44_100, seconds: 1, dbfs: -6, frequency: 11_025, phaseDegrees: 45 }),
      882,
    );
    const result = measureLoudness([x], { sampleRate: 44_100 });
    expect(Math.abs((result.truePeakDbtp as number) - -6)).toBeLessThanOrEqual(0.2);
  });

  it('is never below the sample peak and is null for digital silence', () => {
    const spike = new Float32Array(48_000);
    spike[24_000] = 0.5;
    const result = measureLoudness([spike], { sampleRate: 48_000 });
    expect(result.samplePeakDbfs as number).toBeCloseTo(db(0.5), 6);
    expect(result.truePeakDbtp as number).toBeGreaterThanOrEqual(result.samplePeakDbfs as number);
    const quiet = measureLoudness([silence(1)], { sampleRate: 48_000 });
    expect(quiet.truePeakDbtp).toBeNull();
    expect(quiet.samplePeakDbfs).toBeNull();
  });

  it('sees the peak of the last samples of the file', () => {
    const end = tone({ seconds: 0.5, dbfs: -6, frequency: 12_000, phaseDegrees: 45 });
    const result = measureLoudness([join(silence(0.5), faded(end, 240))], { sampleRate: 48_000 });
    expect(Math.abs((result.truePeakDbtp as number) - -6)).toBeLessThanOrEqual(0.2);
  });
});

describe('clipping', () => {
  /** The clipped samples counted plainly: runs of CLIP_MIN_RUN or more at full scale. */
  function countClipped(x: Float32Array): number {
    let count = 0;
    let run = 0;
    for (let i = 0; i <= x.length; i++) {
      if (i < x.length && Math.abs(x[i] as number) >= CLIP_LEVEL) run++;
      else {
        if (run >= CLIP_MIN_RUN) count += run;
        run = 0;
      }
    }
    return count;
  }

  it('counts the flattened tops of a tone driven twice past full scale', () => {
    const driven = tone({ seconds: 1, dbfs: 6.02, frequency: 100 });
    const clipped = driven.map((value) => Math.max(-1, Math.min(1, value)));
    const expected = countClipped(clipped);
    // A third of each period sits at full scale: 100 periods × 2 tops × about 80 samples.
    expect(expected).toBeGreaterThan(15_000);
    const result = measureLoudness(stereo(clipped), { sampleRate: 48_000 });
    expect(result.clippedSamples).toBe(2 * expected);
    expect(result.samplePeakDbfs as number).toBeCloseTo(0, 6);
    // A clipped wave overshoots between its samples.
    expect(result.truePeakDbtp as number).toBeGreaterThan(0);
    expect(measureInChunks(stereo(clipped), 48_000, 7).clippedSamples).toBe(2 * expected);
  });

  it('counts a full-scale square wave (16-bit full scale, 32767/32768) at every sample', () => {
    const square = Float32Array.from({ length: 4800 }, (_, i) =>
      Math.floor(i / 24) % 2 === 0 ? 32_767 / 32_768 : -1,
    );
    expect(measureLoudness([square], { sampleRate: 48_000 }).clippedSamples).toBe(4800);
  });

  it('does not count single or paired full-scale samples (a peak normalised to 0 dBFS)', () => {
    const x = tone({ seconds: 1, dbfs: -12 });
    x[100] = 1;
    x[2000] = -1;
    x[2001] = -1;
    x[30_000] = 1;
    x[30_001] = 1;
    x[30_002] = 1;
    expect(measureLoudness([x], { sampleRate: 48_000 }).clippedSamples).toBe(3);
  });
});

describe('silence at the start and end', () => {
  it('measures the silence before and after the music, threshold −60 dBFS', () => {
    const x = join(silence(1.5), tone({ seconds: 3, dbfs: -20, phaseDegrees: 90 }), silence(2.25));
    const result = measureLoudness(stereo(x), { sampleRate: 48_000 });
    expect(result.leadingSilenceSeconds).toBeCloseTo(1.5, 3);
    expect(result.trailingSilenceSeconds).toBeCloseTo(2.25, 3);
    expect(result.durationSeconds).toBeCloseTo(6.75, 9);
  });

  it('counts hiss below −60 dBFS as silence, and takes the earliest channel', () => {
    const hiss = (seconds: number) => tone({ seconds, dbfs: -66, frequency: 3000 });
    const left = join(hiss(2), tone({ seconds: 2, dbfs: -10, phaseDegrees: 90 }), hiss(1));
    const right = join(hiss(1), tone({ seconds: 2, dbfs: -10, phaseDegrees: 90 }), hiss(2));
    const result = measureLoudness([left, right], { sampleRate: 48_000 });
    expect(result.leadingSilenceSeconds).toBeCloseTo(1, 3);
    expect(result.trailingSilenceSeconds).toBeCloseTo(1, 3);
  });

  it('gives the whole duration for a silent file', () => {
    const result = measureLoudness(stereo(silence(2)), { sampleRate: 48_000 });
    expect(result).toEqual({
      integratedLufs: null,
      truePeakDbtp: null,
      samplePeakDbfs: null,
      clippedSamples: 0,
      leadingSilenceSeconds: 2,
      trailingSilenceSeconds: 2,
      durationSeconds: 2,
    });
  });
});

describe('measuring WAV bytes', () => {
  const x = join(silence(0.5), tone({ seconds: 4, dbfs: -23 }), silence(0.25));
  const formats = [
    { name: '16-bit', bitsPerSample: 16 },
    { name: '24-bit', bitsPerSample: 24 },
    { name: '32-bit float', bitsPerSample: 32, encoding: 'float' },
    {
      name: '24-in-32 extensible',
      bitsPerSample: 32,
      extensible: { validBitsPerSample: 24, channelMask: 3 },
    },
  ] as const;

  for (const format of formats)
    it(`measures a ${format.name} file, whole or in odd-sized chunks, alike`, () => {
      const bytes = encodeWav({ sampleRate: 48_000, samples: stereo(x), ...format });
      const whole = measureWavLoudness(bytes);
      if (!whole.ok) throw new Error(whole.reason);
      expect(whole.complete).toBe(true);
      // The samples as written (rounded to the format), measured without the WAV in between.
      const reference = measureLoudness(stereo(x), { sampleRate: 48_000 });
      expect(whole.measurement.integratedLufs).toBeCloseTo(reference.integratedLufs as number, 3);
      expect(whole.measurement.truePeakDbtp).toBeCloseTo(reference.truePeakDbtp as number, 2);
      expect(whole.measurement.leadingSilenceSeconds).toBeCloseTo(0.5, 3);
      expect(whole.measurement.trailingSilenceSeconds).toBeCloseTo(0.25, 3);

      const analyser = createWavLoudnessAnalyser({ totalSize: bytes.length });
      const sizes = [1, 3, 44, 1001, 7777, 65_537];
      for (let at = 0, i = 0; at < bytes.length; i++) {
        const size = sizes[i % sizes.length] as number;
        expect(analyser.push(bytes.subarray(at, at + size)).ok).toBe(true);
        at += size;
      }
      expect(analyser.progress.fraction).toBe(1);
      const chunked = analyser.result();
      if (!chunked.ok) throw new Error(chunked.reason);
      expect(chunked.measurement.integratedLufs).toBeCloseTo(whole.measurement.integratedLufs as number, 9);
      expect(chunked.measurement.truePeakDbtp).toBeCloseTo(whole.measurement.truePeakDbtp as number, 9);
      expect(chunked.measurement.clippedSamples).toBe(whole.measurement.clippedSamples);
      expect(chunked.measurement.samplePeakDbfs).toBe(whole.measurement.samplePeakDbfs);
      expect(chunked.measurement.durationSeconds).toBe(whole.measurement.durationSeconds);
    });

  it('says why a file that is not a WAV cannot be measured', () => {
    const result = measureWavLoudness(new TextEncoder().encode('ID3 this is an mp3, honestly'));
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/RIFF/) });
  });

  it('reports progress only once the header is read', () => {
    const bytes = encodeWav({
      sampleRate: 48_000,
      samples: [tone({ seconds: 1, dbfs: -20 })],
      bitsPerSample: 16,
    });
    const analyser = createWavLoudnessAnalyser({ totalSize: bytes.length });
    analyser.push(bytes.subarray(0, 20));
    expect(analyser.header).toBeUndefined();
    expect(analyser.progress).toEqual({ frames: 0, seconds: 0, fraction: null });
    analyser.push(bytes.subarray(20, 44 + 48_000));
    expect(analyser.progress.fraction).toBeCloseTo(0.5, 6);
  });
});

describe('speed', () => {
  it('prints how long 5 minutes of 24-bit 48 kHz stereo take (decoding and measuring)', () => {
    const sampleRate = 48_000;
    const seconds = 300;
    // Music-like material: a few tones under a moving level, with noise; one 1 MiB-ish chunk of
    // bytes is made once and fed again and again, as a File is read in slices.
    const chunkFrames = 174_762;
    const left = new Float32Array(chunkFrames);
    const right = new Float32Array(chunkFrames);
    let seed = 1;
    const noise = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 1_073_741_824 - 1;
    };
    for (let i = 0; i < chunkFrames; i++) {
      const t = i / sampleRate;
      const level = 0.3 + 0.2 * Math.sin(2 * Math.PI * 0.5 * t);
      const music = Math.sin(2 * Math.PI * 110 * t) + 0.5 * Math.sin(2 * Math.PI * 440 * t) + 0.2 * noise();
      left[i] = 0.5 * level * music;
      right[i] = 0.5 * level * (music + 0.1 * noise());
    }
    const block = encodeWav({ sampleRate, samples: [left, right], bitsPerSample: 24 });
    const header = block.subarray(0, 44).slice();
    const data = block.subarray(44);
    const totalFrames = seconds * sampleRate;
    const dataBytes = totalFrames * 6;
    const view = new DataView(header.buffer);
    view.setUint32(4, 36 + dataBytes, true);
    view.setUint32(40, dataBytes, true);

    const started = performance.now();
    const analyser = createWavLoudnessAnalyser({ totalSize: 44 + dataBytes });
    analyser.push(header);
    for (let sent = 0; sent < dataBytes; sent += data.length)
      analyser.push(data.subarray(0, Math.min(data.length, dataBytes - sent)));
    const result = analyser.result();
    const elapsed = performance.now() - started;

    if (!result.ok) throw new Error(result.reason);
    expect(result.measurement.durationSeconds).toBe(seconds);
    console.info(
      `loudness check of 5 min 24-bit 48 kHz stereo (${(dataBytes / 1e6).toFixed(1)} MB) in Node: ` +
        `${(elapsed / 1000).toFixed(2)} s (${(seconds / (elapsed / 1000)).toFixed(0)}× real time); ` +
        `${result.measurement.integratedLufs?.toFixed(2)} LUFS, ${result.measurement.truePeakDbtp?.toFixed(2)} dBTP`,
    );
  }, 120_000);
});
