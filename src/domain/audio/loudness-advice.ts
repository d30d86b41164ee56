import type { LoudnessMeasurement } from './loudness';

/**
 * What the loudness check found, in an artist's words. Advice, never a block: the
 * form shows it beside the file and lets the artist go on, and staff see the same words beside the
 * stored measurement. Each item is a finding (what was measured, with the number) and a piece of
 * advice (a fixed sentence, exported so the web app and the server say the same thing).
 */

/** Streaming services' usual ceiling for true peak. */
export const TRUE_PEAK_CEILING_DBTP = -1;
/** The level most streaming services play music at. */
export const STREAMING_LOUDNESS_LUFS = -14;
/** Louder than this (integrated), a master is turned down a lot. */
export const VERY_LOUD_LUFS = -9;
/** Quieter than this (integrated), a master plays quieter than most of a playlist. */
export const QUIET_LUFS = -20;
/** Silence longer than this before the music starts is worth a look. */
export const LONG_LEADING_SILENCE_SECONDS = 2;
/** Silence longer than this after the music ends is worth a look. */
export const LONG_TRAILING_SILENCE_SECONDS = 5;

export const LOUDNESS_ADVICE_SILENT =
  'Check that this is the right file: there is nothing to hear in it, or almost nothing.';
export const LOUDNESS_ADVICE_CLIPPING =
  'Clipping usually sounds like crackle or harshness on the loudest moments. Check the master and its export settings (a limiter, or exporting in 24-bit or 32-bit float, often fixes it).';
export const LOUDNESS_ADVICE_TRUE_PEAK =
  'Streaming services will turn it down, and it may distort when they convert it to their formats. A true-peak limit of −1 dBTP on the master leaves the headroom they need.';
export const LOUDNESS_ADVICE_VERY_LOUD =
  'Streaming services play music at about −14 LUFS, so they will turn this master down, and it may lose punch next to more dynamic tracks. If the loudness is not a deliberate choice, ask your mastering engineer about a more dynamic version.';
export const LOUDNESS_ADVICE_QUIET =
  'Some streaming services turn quiet tracks up and others do not, so it may sound quieter than the tracks around it in a playlist. If that is not intended, ask your mastering engineer about it.';
export const LOUDNESS_ADVICE_LEADING_SILENCE =
  'Listeners hear that silence before the music starts. Trim it unless it is part of the track.';
export const LOUDNESS_ADVICE_TRAILING_SILENCE =
  'Listeners hear that silence before the next track starts. Trim it unless it is part of the track.';
export const LOUDNESS_NO_ADVICE =
  'Levels look good for streaming: no clipping, enough headroom, and a loudness streaming services will not change much.';

export type LoudnessAdviceKind =
  | 'silent'
  | 'clipping'
  | 'true-peak'
  | 'very-loud'
  | 'quiet'
  | 'leading-silence'
  | 'trailing-silence';

export interface LoudnessAdvice {
  kind: LoudnessAdviceKind;
  /** What was measured, with the number. */
  finding: string;
  /** What it means and what the artist may do (one of the constants above). */
  advice: string;
}

/** '−14.2 LUFS' (one decimal, a real minus sign); 'no measurable loudness' for silence. */
export function formatLufs(lufs: number | null): string {
  return lufs === null ? 'no measurable loudness' : `${formatDecibels(lufs)} LUFS`;
}

/** '−0.3 dBTP'; 'silent' for digital silence. */
export function formatDbtp(dbtp: number | null): string {
  return dbtp === null ? 'silent' : `${formatDecibels(dbtp)} dBTP`;
}

function formatDecibels(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const text = Math.abs(rounded).toFixed(1);
  if (rounded < 0) return `−${text}`;
  return rounded > 0 ? `+${text}` : text;
}

function formatSeconds(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10;
  return `${rounded.toFixed(1)} seconds`;
}

export function formatClippingFinding(clippedSamples: number): string {
  return clippedSamples === 1
    ? 'The master clips: 1 sample is cut flat at full scale.'
    : `The master clips: ${clippedSamples.toLocaleString('en-GB')} samples are cut flat at full scale.`;
}

export function formatTruePeakFinding(truePeakDbtp: number): string {
  return `The true peak is ${formatDbtp(truePeakDbtp)}, above ${formatDbtp(TRUE_PEAK_CEILING_DBTP)}.`;
}

export function formatVeryLoudFinding(lufs: number): string {
  return `The master is very loud: ${formatLufs(lufs)}, against about ${formatLufs(STREAMING_LOUDNESS_LUFS)} on streaming services.`;
}

export function formatQuietFinding(lufs: number): string {
  return `The master is quiet: ${formatLufs(lufs)}, against about ${formatLufs(STREAMING_LOUDNESS_LUFS)} on streaming services.`;
}

export function formatLeadingSilenceFinding(seconds: number): string {
  return `There are ${formatSeconds(seconds)} of silence at the start.`;
}

export function formatTrailingSilenceFinding(seconds: number): string {
  return `There are ${formatSeconds(seconds)} of silence at the end.`;
}

export const LOUDNESS_SILENT_FINDING = 'The file is silent.';

/**
 * The advice for a measurement, most important first; an empty list when there is nothing to
 * say (show `LOUDNESS_NO_ADVICE` then). A file with nothing above the silence threshold (−60 dBFS)
 * gets only the silent-file advice.
 */
export function listLoudnessAdvice(measurement: LoudnessMeasurement): LoudnessAdvice[] {
  const { integratedLufs, truePeakDbtp, clippedSamples, leadingSilenceSeconds, trailingSilenceSeconds } =
    measurement;
  if (truePeakDbtp === null || leadingSilenceSeconds >= measurement.durationSeconds)
    return [{ kind: 'silent', finding: LOUDNESS_SILENT_FINDING, advice: LOUDNESS_ADVICE_SILENT }];

  const advice: LoudnessAdvice[] = [];
  if (clippedSamples > 0)
    advice.push({
      kind: 'clipping',
      finding: formatClippingFinding(clippedSamples),
      advice: LOUDNESS_ADVICE_CLIPPING,
    });
  if (truePeakDbtp !== null && truePeakDbtp > TRUE_PEAK_CEILING_DBTP)
    advice.push({
      kind: 'true-peak',
      finding: formatTruePeakFinding(truePeakDbtp),
      advice: LOUDNESS_ADVICE_TRUE_PEAK,
    });
  if (integratedLufs !== null && integratedLufs > VERY_LOUD_LUFS)
    advice.push({
      kind: 'very-loud',
      finding: formatVeryLoudFinding(integratedLufs),
      advice: LOUDNESS_ADVICE_VERY_LOUD,
    });
  if (integratedLufs !== null && integratedLufs < QUIET_LUFS)
    advice.push({
      kind: 'quiet',
      finding: formatQuietFinding(integratedLufs),
      advice: LOUDNESS_ADVICE_QUIET,
    });
  if (leadingSilenceSeconds > LONG_LEADING_SILENCE_SECONDS)
    advice.push({
      kind: 'leading-silence',
      finding: formatLeadingSilenceFinding(leadingSilenceSeconds),
      advice: LOUDNESS_ADVICE_LEADING_SILENCE,
    });
  if (trailingSilenceSeconds > LONG_TRAILING_SILENCE_SECONDS)
    advice.push({
      kind: 'trailing-silence',
      finding: formatTrailingSilenceFinding(trailingSilenceSeconds),
      advice: LOUDNESS_ADVICE_TRAILING_SILENCE,
    });
  return advice;
}
