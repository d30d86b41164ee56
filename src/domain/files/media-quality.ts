import type { WavHeader } from './wav-header';

/**
 * Beyond the spec: what the form tells an artist about a file before it uploads, so a mono
 * bounce or a thumbnail-sized cover is caught while the artist still has the session open.
 * These are warnings, never refusals: the label decides.
 */
export const MIN_RECOMMENDED_SAMPLE_RATE = 44_100;
export const MIN_RECOMMENDED_BIT_DEPTH = 16;
export const MIN_RECOMMENDED_TRACK_SECONDS = 30;
export const MIN_RECOMMENDED_ARTWORK_PIXELS = 3000;

export const WAV_MONO_WARNING = 'This file is mono; stores expect a stereo master.';
export const WAV_LOW_SAMPLE_RATE_WARNING = 'The sample rate is below 44.1 kHz (CD quality).';
export const WAV_LOW_BIT_DEPTH_WARNING = 'The bit depth is below 16-bit (CD quality).';
export const WAV_SHORT_WARNING = 'The track is shorter than 30 seconds.';
export const ARTWORK_NOT_SQUARE_WARNING = 'The artwork is not square; stores need a square cover.';

export function formatArtworkTooSmallWarning(width: number, height: number): string {
  return `The artwork is ${width} x ${height} pixels; stores ask for at least ${MIN_RECOMMENDED_ARTWORK_PIXELS} x ${MIN_RECOMMENDED_ARTWORK_PIXELS}.`;
}

export function listWavWarnings(
  header: Pick<WavHeader, 'channels' | 'sampleRate' | 'bitsPerSample' | 'durationSeconds'>,
): string[] {
  const warnings: string[] = [];
  if (header.channels === 1) warnings.push(WAV_MONO_WARNING);
  if (header.sampleRate < MIN_RECOMMENDED_SAMPLE_RATE) warnings.push(WAV_LOW_SAMPLE_RATE_WARNING);
  if (header.bitsPerSample < MIN_RECOMMENDED_BIT_DEPTH) warnings.push(WAV_LOW_BIT_DEPTH_WARNING);
  if (header.durationSeconds < MIN_RECOMMENDED_TRACK_SECONDS) warnings.push(WAV_SHORT_WARNING);
  return warnings;
}

export function listArtworkWarnings(width: number, height: number): string[] {
  const warnings: string[] = [];
  if (width !== height) warnings.push(ARTWORK_NOT_SQUARE_WARNING);
  if (Math.min(width, height) < MIN_RECOMMENDED_ARTWORK_PIXELS)
    warnings.push(formatArtworkTooSmallWarning(width, height));
  return warnings;
}

/** '44.1 kHz', '48 kHz', '96 kHz'. */
export function formatSampleRate(sampleRate: number): string {
  const khz = sampleRate / 1000;
  return `${Number.isInteger(khz) ? khz : khz.toFixed(1)} kHz`;
}

/** 'm:ss' (or 'h:mm:ss' from an hour), for a track length. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** 'Stereo', 'Mono', or 'N channels'. */
export function formatChannels(channels: number): string {
  if (channels === 1) return 'Mono';
  if (channels === 2) return 'Stereo';
  return `${channels} channels`;
}
