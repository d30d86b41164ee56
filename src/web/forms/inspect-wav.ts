import { listWavWarnings, PLAYBACK_MESSAGES, parseWavHeader } from '../../domain';
import type { AudioSummary } from './form-values';

/** The fmt and data chunks sit in the first few kilobytes; 1 MiB also covers large metadata chunks before them. */
const HEADER_BYTES = 1024 * 1024;

export type Inspection =
  | { ok: true; summary: AudioSummary; warnings: string[] }
  | { ok: false; message: string };

/**
 * Reads a WAV's header in the browser, before a byte is uploaded: its format, or why it cannot be
 * read, and the quality warnings (mono, under 44.1 kHz or 16-bit, under 30 s). Shared by the
 * submission form's tracks and the artist's replacement audio.
 */
export async function inspectWav(file: File): Promise<Inspection> {
  const bytes = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  const parsed = parseWavHeader(bytes, file.size);
  if (!parsed.ok) return { ok: false, message: `${PLAYBACK_MESSAGES.processFailed}: ${parsed.reason}` };
  const { channels, sampleRate, bitsPerSample, durationSeconds } = parsed.header;
  const summary = { channels, sampleRate, bitsPerSample, durationSeconds };
  return { ok: true, summary, warnings: listWavWarnings(summary) };
}
