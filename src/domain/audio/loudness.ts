import type { WavHeader } from '../files/wav-header';
import { createWavPcmDecoder, type WavPcmDecoderOptions } from './wav-pcm';
import { type AudioWaveform, createWaveformMeter, type WaveformMeter } from './waveform-peaks';

/**
 * The loudness and level check of a master, run on the artist's file in a Web Worker
 * before upload and on the stored file by the server's job: the same numbers in both places.
 *
 * - Integrated loudness, ITU-R BS.1770-4: K-weighting (a high shelf and a high-pass, their
 *   coefficients derived for any sample rate from the analogue prototypes, as libebur128 does),
 *   mean square over 400 ms blocks every 100 ms (75% overlap), channel weights (L, R, C 1.0;
 *   surrounds 1.41; LFE left out), the absolute gate at −70 LUFS and the relative gate 10 LU
 *   below the loudness of the blocks above the absolute gate.
 * - True peak (dBTP), BS.1770-4 Annex 2: the signal oversampled 4× by a polyphase FIR
 *   interpolator, the largest magnitude of the original and interpolated samples. The
 *   interpolator is a Kaiser-windowed sinc (β 6, 49 taps, 12 per interpolating phase), which
 *   keeps the original samples exactly and is flatter than the 48-tap example of Annex 2 (within
 *   0.01 dB of a tone's real peak up to 17 kHz at 48 kHz, against ±0.2 dB). Floating point, so
 *   Annex 2's 12.04 dB attenuation for fixed-point headroom is not needed.
 * - Sample peak (dBFS), clipped samples (runs of `CLIP_MIN_RUN` or more consecutive samples of a
 *   channel at or beyond `CLIP_LEVEL`), and silence at the start and end (every channel at or
 *   below `SILENCE_THRESHOLD_DBFS`).
 *
 * Incremental: `createLoudnessMeter` takes the samples in chunks of any size and keeps only the
 * filters' state and one number per 400 ms block, so a long file is measured as it is decoded.
 * Everything is computed in double precision from Float32 samples.
 */

/** BS.1770-4 §5.1: blocks quieter than this are left out of the integrated loudness. */
export const ABSOLUTE_GATE_LUFS = -70;
/** BS.1770-4 §5.1: blocks more than this below the absolutely gated loudness are left out. */
export const RELATIVE_GATE_LU = -10;
/** A sample at or beyond this magnitude is at full scale: 32767/32768, the largest 16-bit value. */
export const CLIP_LEVEL = 32_767 / 32_768;
/** Full-scale samples count as clipped when this many or more follow each other on a channel. */
export const CLIP_MIN_RUN = 3;
/** Silence at the start and end: every channel at or below this level (−60 dBFS, 0.001). */
export const SILENCE_THRESHOLD_DBFS = -60;
export const TRUE_PEAK_OVERSAMPLING = 4;

/** BS.1770-4 eq. 2: the −0.691 dB that puts a 1 kHz tone's K-weighted level at its own level. */
const LOUDNESS_OFFSET = -0.691;
const SEGMENTS_PER_BLOCK = 4;
const SILENCE_AMPLITUDE = 10 ** (SILENCE_THRESHOLD_DBFS / 20);
/** Filter states below this are flushed to zero: subnormal numbers would slow the loop down. */
const FLUSH_BELOW = 1e-30;

export interface LoudnessMeasurement {
  /** LUFS; null when no 400 ms block rises above −70 LUFS (digital silence, or under 400 ms). */
  integratedLufs: number | null;
  /** dBTP; null for digital silence (every sample zero). */
  truePeakDbtp: number | null;
  /** dBFS; null for digital silence. */
  samplePeakDbfs: number | null;
  /** Samples (of all channels together) in runs of `CLIP_MIN_RUN` or more at full scale. */
  clippedSamples: number;
  /** Seconds before the first sample above −60 dBFS; the whole duration when none is. */
  leadingSilenceSeconds: number;
  /** Seconds after the last sample above −60 dBFS; the whole duration when none is. */
  trailingSilenceSeconds: number;
  durationSeconds: number;
}

export interface LoudnessProgress {
  frames: number;
  seconds: number;
  /** 0–1 of `expectedFrames`; null when the total is not known. */
  fraction: number | null;
}

export interface LoudnessMeterOptions {
  sampleRate: number;
  channels: number;
  /** BS.1770 weight of each channel; by default from `channelWeightsFor(channels, channelMask)`. */
  channelWeights?: readonly number[];
  /** A WAVE_FORMAT_EXTENSIBLE speaker mask, which says which channel is which. */
  channelMask?: number;
  /** The frames to expect in all, for `progress.fraction`. */
  expectedFrames?: number;
  /** Full scale for the clip count; `CLIP_LEVEL` unless the format's largest sample is lower. */
  clipLevel?: number;
}

export interface LoudnessMeter {
  /** The next frames: one array per channel, all the same length, full scale ±1. */
  push(channels: readonly Float32Array[]): void;
  readonly progress: LoudnessProgress;
  /** The measurement of everything pushed so far (can be asked at any time, changes nothing). */
  result(): LoudnessMeasurement;
}

export interface Biquad {
  /** Numerator b0, b1, b2. */
  b: [number, number, number];
  /** Denominator a0 (always 1), a1, a2. */
  a: [number, number, number];
}

/**
 * The two K-weighting stages of BS.1770-4 for a sample rate: stage 1 a high shelf (+4 dB above
 * about 1.7 kHz, the head's acoustic effect), stage 2 a high-pass (the RLB curve). The analogue
 * prototypes (shelf: f0 1681.97 Hz, gain 4.0 dB, Q 0.7072; high-pass: f0 38.135 Hz, Q 0.5003) are
 * the ones libebur128 fits to the standard's 48 kHz table, and are mapped to the sample rate by
 * the bilinear transform with the frequency prewarped: at 48 kHz they give the table's
 * coefficients, and at 44.1 or 96 kHz the same response.
 */
export function kWeightingFilters(sampleRate: number): { shelf: Biquad; highPass: Biquad } {
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b: [(vh + (vb * k) / q + k * k) / a0, (2 * (k * k - vh)) / a0, (vh - (vb * k) / q + k * k) / a0],
    a: [1, (2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0],
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = {
    b: [1, -2, 1],
    a: [1, (2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0],
  };
  return { shelf, highPass };
}

const SPEAKER_LFE = 0x8;
const SPEAKER_BACK_LEFT = 0x10;
const SPEAKER_BACK_RIGHT = 0x20;
const SPEAKER_SIDE_LEFT = 0x200;
const SPEAKER_SIDE_RIGHT = 0x400;
const SURROUND_WEIGHT = 1.41;

/**
 * BS.1770-4 channel weights (§ 2.4, Table 3): 1.0 for the front channels, 1.41 for the surrounds
 * (azimuth 60°–120°), 0 for the LFE, which is not measured. With a speaker mask each channel is
 * the mask's next speaker (back speakers are the surrounds of a 5.1 mask, and count 1.0 beside
 * side speakers in a 7.1 one). Without one: 1–3 channels all front; 4 L R Ls Rs; 5 L R C Ls Rs;
 * 6 L R C LFE Ls Rs; 8 L R C LFE Lb Rb Ls Rs; any other count all 1.0.
 */
export function channelWeightsFor(channels: number, channelMask?: number): number[] {
  if (channelMask) {
    const hasSides = (channelMask & (SPEAKER_SIDE_LEFT | SPEAKER_SIDE_RIGHT)) !== 0;
    const speakers: number[] = [];
    for (let bit = 1; bit <= 0x80000000 && speakers.length < channels; bit *= 2)
      if (channelMask & bit) speakers.push(bit);
    return Array.from({ length: channels }, (_, i) => {
      const speaker = speakers[i];
      if (speaker === SPEAKER_LFE) return 0;
      if (speaker === SPEAKER_SIDE_LEFT || speaker === SPEAKER_SIDE_RIGHT) return SURROUND_WEIGHT;
      if (speaker === SPEAKER_BACK_LEFT || speaker === SPEAKER_BACK_RIGHT)
        return hasSides ? 1 : SURROUND_WEIGHT;
      return 1;
    });
  }
  const s = SURROUND_WEIGHT;
  const layouts: Record<number, number[]> = {
    4: [1, 1, s, s],
    5: [1, 1, 1, s, s],
    6: [1, 1, 1, 0, s, s],
    8: [1, 1, 1, 0, 1, 1, s, s],
  };
  return layouts[channels] ?? Array.from({ length: channels }, () => 1);
}

// ---------------------------------------------------------------------------------------------
// True-peak interpolator

const TAPS_PER_PHASE = 12;
const KAISER_BETA = 6;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return sum;
}

/**
 * The 4× interpolator's phases 1–3 (phase 0 is the original sample): a sinc at the original
 * Nyquist frequency under a Kaiser window, 4 × 12 + 1 taps, each phase scaled to unity gain at DC.
 * Phase 2 is symmetric and phase 3 is phase 1 reversed, which the scan uses to halve its work.
 */
function designInterpolator(): Float64Array[] {
  const factor = TRUE_PEAK_OVERSAMPLING;
  const length = factor * TAPS_PER_PHASE + 1;
  const middle = (length - 1) / 2;
  const windowNorm = besselI0(KAISER_BETA);
  const tap = (n: number) => {
    const t = (n - middle) / factor;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    const r = (n - middle) / middle;
    return (sinc * besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - r * r)))) / windowNorm;
  };
  const phases: Float64Array[] = [];
  for (let phase = 1; phase < factor; phase++) {
    const taps = new Float64Array(TAPS_PER_PHASE);
    for (let k = 0; k < TAPS_PER_PHASE; k++) taps[k] = tap(phase + factor * k);
    const sum = taps.reduce((total, value) => total + value, 0);
    for (let k = 0; k < TAPS_PER_PHASE; k++) taps[k] = (taps[k] as number) / sum;
    phases.push(taps);
  }
  return phases;
}

/** The interpolator's taps (phases 1–3 of 4), for tests and for anyone checking the response. */
export const TRUE_PEAK_INTERPOLATOR: readonly Float64Array[] = designInterpolator();

/**
 * With s_k the k-th most recent sample and P_k = s_k + s_(11−k), Q_k = s_k − s_(11−k) (k < 6):
 * phase 2 = Σ M_k P_k, phase 1 = Σ E_k P_k + O_k Q_k, phase 3 = Σ E_k P_k − O_k Q_k.
 */
const [PHASE_1, PHASE_2] = TRUE_PEAK_INTERPOLATOR as [Float64Array, Float64Array, Float64Array];
const HALF = TAPS_PER_PHASE / 2;
const EVEN = Float64Array.from({ length: HALF }, (_, k) => {
  const a = PHASE_1[k] as number;
  const b = PHASE_1[TAPS_PER_PHASE - 1 - k] as number;
  return (a + b) / 2;
});
const ODD = Float64Array.from({ length: HALF }, (_, k) => {
  const a = PHASE_1[k] as number;
  const b = PHASE_1[TAPS_PER_PHASE - 1 - k] as number;
  return (a - b) / 2;
});
const MIDDLE = PHASE_2.slice(0, HALF);

/**
 * The largest magnitude of the interpolated samples between the pushed samples, given the 11
 * samples before them in `state` (most recent first), which it then updates. `x` is read up to
 * `length`; the interpolated samples come out 6 samples behind the input (the filter's delay).
 */
function scanInterSamplePeak(state: Float64Array, x: ArrayLike<number>, length: number): number {
  const e0 = EVEN[0] as number;
  const e1 = EVEN[1] as number;
  const e2 = EVEN[2] as number;
  const e3 = EVEN[3] as number;
  const e4 = EVEN[4] as number;
  const e5 = EVEN[5] as number;
  const o0 = ODD[0] as number;
  const o1 = ODD[1] as number;
  const o2 = ODD[2] as number;
  const o3 = ODD[3] as number;
  const o4 = ODD[4] as number;
  const o5 = ODD[5] as number;
  const m0 = MIDDLE[0] as number;
  const m1 = MIDDLE[1] as number;
  const m2 = MIDDLE[2] as number;
  const m3 = MIDDLE[3] as number;
  const m4 = MIDDLE[4] as number;
  const m5 = MIDDLE[5] as number;
  let s0 = state[0] as number;
  let s1 = state[1] as number;
  let s2 = state[2] as number;
  let s3 = state[3] as number;
  let s4 = state[4] as number;
  let s5 = state[5] as number;
  let s6 = state[6] as number;
  let s7 = state[7] as number;
  let s8 = state[8] as number;
  let s9 = state[9] as number;
  let s10 = state[10] as number;
  let s11: number;
  let peak = 0;
  for (let i = 0; i < length; i++) {
    s11 = s10;
    s10 = s9;
    s9 = s8;
    s8 = s7;
    s7 = s6;
    s6 = s5;
    s5 = s4;
    s4 = s3;
    s3 = s2;
    s2 = s1;
    s1 = s0;
    s0 = x[i] as number;
    const p0 = s0 + s11;
    const p1 = s1 + s10;
    const p2 = s2 + s9;
    const p3 = s3 + s8;
    const p4 = s4 + s7;
    const p5 = s5 + s6;
    const even = e0 * p0 + e1 * p1 + e2 * p2 + e3 * p3 + e4 * p4 + e5 * p5;
    const odd =
      o0 * (s0 - s11) + o1 * (s1 - s10) + o2 * (s2 - s9) + o3 * (s3 - s8) + o4 * (s4 - s7) + o5 * (s5 - s6);
    const middle = m0 * p0 + m1 * p1 + m2 * p2 + m3 * p3 + m4 * p4 + m5 * p5;
    const first = Math.abs(even + odd);
    const third = Math.abs(even - odd);
    const second = Math.abs(middle);
    if (first > peak) peak = first;
    if (second > peak) peak = second;
    if (third > peak) peak = third;
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
  state[4] = s4;
  state[5] = s5;
  state[6] = s6;
  state[7] = s7;
  state[8] = s8;
  state[9] = s9;
  state[10] = s10;
  return peak;
}

// ---------------------------------------------------------------------------------------------
// K-weighting

/** K-weights `x[from..to)` through both stages and returns the sum of the squared output. */
function kWeightedEnergy(
  state: Float64Array,
  filters: Float64Array,
  x: Float32Array,
  from: number,
  to: number,
): number {
  const sb0 = filters[0] as number;
  const sb1 = filters[1] as number;
  const sb2 = filters[2] as number;
  const sa1 = filters[3] as number;
  const sa2 = filters[4] as number;
  const hb0 = filters[5] as number;
  const hb1 = filters[6] as number;
  const hb2 = filters[7] as number;
  const ha1 = filters[8] as number;
  const ha2 = filters[9] as number;
  let x1 = state[0] as number;
  let x2 = state[1] as number;
  let m1 = state[2] as number;
  let m2 = state[3] as number;
  let y1 = state[4] as number;
  let y2 = state[5] as number;
  let energy = 0;
  for (let i = from; i < to; i++) {
    const input = x[i] as number;
    const m = sb0 * input + sb1 * x1 + sb2 * x2 - sa1 * m1 - sa2 * m2;
    const y = hb0 * m + hb1 * m1 + hb2 * m2 - ha1 * y1 - ha2 * y2;
    x2 = x1;
    x1 = input;
    m2 = m1;
    m1 = m;
    y2 = y1;
    y1 = y;
    energy += y * y;
  }
  state[0] = x1;
  state[1] = x2;
  state[2] = Math.abs(m1) < FLUSH_BELOW ? 0 : m1;
  state[3] = Math.abs(m2) < FLUSH_BELOW ? 0 : m2;
  state[4] = Math.abs(y1) < FLUSH_BELOW ? 0 : y1;
  state[5] = Math.abs(y2) < FLUSH_BELOW ? 0 : y2;
  return energy;
}

// ---------------------------------------------------------------------------------------------
// The meter

function toDecibels(amplitude: number): number | null {
  return amplitude > 0 ? 20 * Math.log10(amplitude) : null;
}

/** Integrated loudness of 400 ms block energies (weighted mean squares), BS.1770-4 eq. 7. */
export function gatedLoudness(blockEnergies: ArrayLike<number>, count = blockEnergies.length): number | null {
  const absoluteGate = 10 ** ((ABSOLUTE_GATE_LUFS - LOUDNESS_OFFSET) / 10);
  let sum = 0;
  let blocks = 0;
  for (let j = 0; j < count; j++) {
    const energy = blockEnergies[j] as number;
    if (energy > absoluteGate) {
      sum += energy;
      blocks++;
    }
  }
  if (blocks === 0) return null;
  const relativeGate = (sum / blocks) * 10 ** (RELATIVE_GATE_LU / 10);
  const gate = Math.max(absoluteGate, relativeGate);
  sum = 0;
  blocks = 0;
  for (let j = 0; j < count; j++) {
    const energy = blockEnergies[j] as number;
    if (energy > gate) {
      sum += energy;
      blocks++;
    }
  }
  return blocks === 0 ? null : LOUDNESS_OFFSET + 10 * Math.log10(sum / blocks);
}

export function createLoudnessMeter(options: LoudnessMeterOptions): LoudnessMeter {
  const { sampleRate, channels, expectedFrames, clipLevel = CLIP_LEVEL } = options;
  if (!(Number.isFinite(sampleRate) && sampleRate > 0))
    throw new RangeError(`The sample rate must be positive, not ${sampleRate}`);
  if (!(Number.isInteger(channels) && channels > 0))
    throw new RangeError(`The channel count must be a positive whole number, not ${channels}`);
  const weights = options.channelWeights ?? channelWeightsFor(channels, options.channelMask);
  if (weights.length !== channels)
    throw new RangeError(`${weights.length} channel weights were given for ${channels} channels`);

  const { shelf, highPass } = kWeightingFilters(sampleRate);
  const filters = Float64Array.of(
    ...shelf.b,
    shelf.a[1],
    shelf.a[2],
    ...highPass.b,
    highPass.a[1],
    highPass.a[2],
  );
  const filterStates = Array.from({ length: channels }, () => new Float64Array(6));
  const peakStates = Array.from({ length: channels }, () => new Float64Array(TAPS_PER_PHASE - 1));
  const clipRuns = new Array<number>(channels).fill(0);
  /** 100 ms: the step between blocks; a block is four of them. */
  const segmentFrames = Math.max(1, Math.round(sampleRate / 10));
  const blockFrames = segmentFrames * SEGMENTS_PER_BLOCK;
  const recentSegments = new Float64Array(SEGMENTS_PER_BLOCK);
  let segments = 0;
  let segmentFill = 0;
  let segmentEnergy = 0;
  let blockEnergies = new Float64Array(1024);
  let blockCount = 0;
  let frames = 0;
  let samplePeak = 0;
  let interSamplePeak = 0;
  let clippedSamples = 0;
  let firstLoudFrame = -1;
  let lastLoudFrame = -1;

  function closeSegment(): void {
    recentSegments[segments % SEGMENTS_PER_BLOCK] = segmentEnergy;
    segments++;
    segmentEnergy = 0;
    segmentFill = 0;
    if (segments < SEGMENTS_PER_BLOCK) return;
    let sum = 0;
    for (let i = 0; i < SEGMENTS_PER_BLOCK; i++) sum += recentSegments[i] as number;
    if (blockCount === blockEnergies.length) {
      const grown = new Float64Array(blockEnergies.length * 2);
      grown.set(blockEnergies);
      blockEnergies = grown;
    }
    blockEnergies[blockCount++] = sum / blockFrames;
  }

  /** Sample peak, clipped runs and the loud frames of one channel's chunk. */
  function scanLevels(channel: number, x: Float32Array): void {
    let peak = samplePeak;
    let run = clipRuns[channel] as number;
    let clipped = 0;
    let first = -1;
    let last = -1;
    for (let i = 0; i < x.length; i++) {
      const value = x[i] as number;
      const magnitude = value < 0 ? -value : value;
      if (magnitude > peak) peak = magnitude;
      if (magnitude >= clipLevel) {
        run++;
        if (run === CLIP_MIN_RUN) clipped += CLIP_MIN_RUN;
        else if (run > CLIP_MIN_RUN) clipped++;
      } else run = 0;
      if (magnitude > SILENCE_AMPLITUDE) {
        if (first < 0) first = i;
        last = i;
      }
    }
    samplePeak = peak;
    clipRuns[channel] = run;
    clippedSamples += clipped;
    if (first >= 0) {
      if (firstLoudFrame < 0 || frames + first < firstLoudFrame) firstLoudFrame = frames + first;
      if (frames + last > lastLoudFrame) lastLoudFrame = frames + last;
    }
  }

  function push(chunk: readonly Float32Array[]): void {
    if (chunk.length !== channels)
      throw new RangeError(`Expected ${channels} channels of samples, got ${chunk.length}`);
    const length = (chunk[0] as Float32Array).length;
    if (chunk.some((samples) => samples.length !== length))
      throw new RangeError('Every channel of a chunk must hold the same number of samples');

    let done = 0;
    while (done < length) {
      const take = Math.min(length - done, segmentFrames - segmentFill);
      for (let c = 0; c < channels; c++) {
        const weight = weights[c] as number;
        if (weight === 0) continue;
        const energy = kWeightedEnergy(
          filterStates[c] as Float64Array,
          filters,
          chunk[c] as Float32Array,
          done,
          done + take,
        );
        segmentEnergy += weight * energy;
      }
      segmentFill += take;
      done += take;
      if (segmentFill === segmentFrames) closeSegment();
    }

    for (let c = 0; c < channels; c++) {
      const x = chunk[c] as Float32Array;
      scanLevels(c, x);
      const peak = scanInterSamplePeak(peakStates[c] as Float64Array, x, length);
      if (peak > interSamplePeak) interSamplePeak = peak;
    }
    frames += length;
  }

  function result(): LoudnessMeasurement {
    // The interpolated samples around the last 6 samples need the ones after them: the signal
    // is taken to fall silent after its end, as it rises from silence before its start.
    let truePeak = Math.max(samplePeak, interSamplePeak);
    const silence = new Float64Array(TAPS_PER_PHASE - 1);
    for (const state of peakStates) {
      const tail = scanInterSamplePeak(state.slice(), silence, silence.length);
      if (tail > truePeak) truePeak = tail;
    }
    const durationSeconds = frames / sampleRate;
    const silent = lastLoudFrame < 0;
    return {
      integratedLufs: gatedLoudness(blockEnergies, blockCount),
      truePeakDbtp: toDecibels(truePeak),
      samplePeakDbfs: toDecibels(samplePeak),
      clippedSamples,
      leadingSilenceSeconds: silent ? durationSeconds : firstLoudFrame / sampleRate,
      trailingSilenceSeconds: silent ? durationSeconds : (frames - 1 - lastLoudFrame) / sampleRate,
      durationSeconds,
    };
  }

  return {
    push,
    result,
    get progress(): LoudnessProgress {
      return {
        frames,
        seconds: frames / sampleRate,
        fraction: expectedFrames && expectedFrames > 0 ? Math.min(1, frames / expectedFrames) : null,
      };
    },
  };
}

/** The measurement of samples held whole: one array per channel. */
export function measureLoudness(
  samples: readonly Float32Array[],
  options: Omit<LoudnessMeterOptions, 'channels'>,
): LoudnessMeasurement {
  const meter = createLoudnessMeter({ ...options, channels: samples.length });
  meter.push(samples);
  return meter.result();
}

// ---------------------------------------------------------------------------------------------
// WAV bytes in, measurement out

export type WavLoudnessResult =
  | {
      ok: true;
      header: WavHeader;
      measurement: LoudnessMeasurement;
      /** False when the bytes stopped before the samples the header promised (see `WavPcmEnd`). */
      complete: boolean;
      /** The waveform, measured in the same pass, when `waveformBars` asked for it. */
      waveform?: AudioWaveform;
    }
  | { ok: false; reason: string };

export interface WavLoudnessAnalyserOptions extends WavPcmDecoderOptions {
  /** Also measure the waveform in this many bars (the clip picker's): one decode for both. */
  waveformBars?: number;
}

export interface WavLoudnessAnalyser {
  /** The next bytes of the file, in order, in pieces of any size. */
  push(bytes: Uint8Array): { ok: true } | { ok: false; reason: string };
  readonly header: WavHeader | undefined;
  /** Frames measured so far; `fraction` once the header has said how many there are. */
  readonly progress: LoudnessProgress;
  result(): WavLoudnessResult;
}

/** The full scale of the clip count: an 8-bit file's largest sample is 127/128. */
function clipLevelFor(header: WavHeader): number {
  if (header.encoding === 'pcm' && header.bitsPerSample === 8) return 127 / 128;
  return CLIP_LEVEL;
}

/**
 * Decodes a WAV file as its bytes arrive and measures it on the way: what the Web Worker and the
 * server's job run, chunk by chunk, holding no more than one chunk's samples at a time.
 */
export function createWavLoudnessAnalyser(options: WavLoudnessAnalyserOptions = {}): WavLoudnessAnalyser {
  const { waveformBars, ...decoderOptions } = options;
  const decoder = createWavPcmDecoder(decoderOptions);
  let meter: LoudnessMeter | undefined;
  let waveform: WaveformMeter | undefined;

  function push(bytes: Uint8Array): { ok: true } | { ok: false; reason: string } {
    const pushed = decoder.push(bytes);
    if (!pushed.ok) return pushed;
    const { header } = pushed;
    if (!header) return { ok: true };
    if (!meter) {
      const expectedFrames = Math.floor(header.dataBytes / header.blockAlign);
      const meterOptions: LoudnessMeterOptions = {
        sampleRate: header.sampleRate,
        channels: header.channels,
        expectedFrames,
        clipLevel: clipLevelFor(header),
      };
      if (header.channelMask !== undefined) meterOptions.channelMask = header.channelMask;
      meter = createLoudnessMeter(meterOptions);
      if (waveformBars) waveform = createWaveformMeter(expectedFrames, waveformBars);
    }
    if ((pushed.samples[0]?.length ?? 0) > 0) {
      meter.push(pushed.samples);
      waveform?.push(pushed.samples);
    }
    return { ok: true };
  }

  function result(): WavLoudnessResult {
    const ended = decoder.end();
    if (!ended.ok) return ended;
    const measured = meter as LoudnessMeter;
    const measurement = measured.result();
    return {
      ok: true,
      header: ended.header,
      measurement,
      complete: ended.complete,
      ...(waveform
        ? {
            waveform: {
              peaks: waveform.peaks(),
              durationSeconds: ended.expectedFrames / ended.header.sampleRate,
            },
          }
        : {}),
    };
  }

  return {
    push,
    result,
    get header() {
      return decoder.header;
    },
    get progress(): LoudnessProgress {
      return meter ? meter.progress : { frames: 0, seconds: 0, fraction: null };
    },
  };
}

/** A whole WAV file in memory, measured. */
export function measureWavLoudness(bytes: Uint8Array): WavLoudnessResult {
  const analyser = createWavLoudnessAnalyser({ totalSize: bytes.length });
  const pushed = analyser.push(bytes);
  return pushed.ok ? analyser.result() : pushed;
}
