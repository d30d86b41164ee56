import { parseClipTime } from '../contributors/track-details';
import { parseWavHeader, WAVE_FORMAT_PCM, type WavHeader } from './wav-header';

/**
 * Social clips (spec 001 §3, §9) are cut from the track's WAV without decoding it: the clip is the
 * same fmt chunk, byte for byte, over a sample-accurate slice of the PCM data. Pure, so the server's
 * job runs it on the first bytes of a stored file and streams the slice itself from storage.
 */

export const CLIP_TIME_UNREADABLE = 'The clip times must be minutes and seconds, e.g. 01:30';
export const CLIP_ENDS_BEFORE_START = 'The clip must end after it starts';
export const CLIP_STARTS_AFTER_END = 'The clip starts after the end of the track';
export const CLIP_SOURCE_NOT_WAV = 'Social clips can only be cut from a WAV file';

/** Which sample frames of the track the clip holds, and where they lie in the file. */
export interface WavSlice {
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
  frames: number;
  /** Byte range of the samples in the source file: `sourceStart` inclusive, `sourceEnd` exclusive. */
  sourceStart: number;
  sourceEnd: number;
  dataBytes: number;
  /** The clip asked for more than the track holds and stops at its last frame. */
  clamped: boolean;
  startSeconds: number;
  endSeconds: number;
}

export type WavSliceResult = { ok: true; slice: WavSlice } | { ok: false; reason: string };

/**
 * The frames from `startSeconds` to `endSeconds` (each rounded to the nearest frame), clamped to
 * the frames the data chunk holds. A frame is `blockAlign` bytes: every channel's sample at one
 * instant, so a slice never splits a frame and the channels stay in step.
 */
export function computeWavSlice(
  header: Pick<WavHeader, 'sampleRate' | 'blockAlign' | 'dataOffset' | 'dataBytes'>,
  startSeconds: number,
  endSeconds: number,
): WavSliceResult {
  if (!(endSeconds > startSeconds)) return { ok: false, reason: CLIP_ENDS_BEFORE_START };
  // A cut-off file may end inside a frame: that partial frame is not audio.
  const totalFrames = Math.floor(header.dataBytes / header.blockAlign);
  const startFrame = Math.round(startSeconds * header.sampleRate);
  if (startFrame >= totalFrames) return { ok: false, reason: CLIP_STARTS_AFTER_END };
  const wantedEnd = Math.round(endSeconds * header.sampleRate);
  const endFrame = Math.min(wantedEnd, totalFrames);
  const frames = endFrame - startFrame;
  const sourceStart = header.dataOffset + startFrame * header.blockAlign;
  const dataBytes = frames * header.blockAlign;
  return {
    ok: true,
    slice: {
      startFrame,
      endFrame,
      frames,
      sourceStart,
      sourceEnd: sourceStart + dataBytes,
      dataBytes,
      clamped: wantedEnd > totalFrames,
      startSeconds: startFrame / header.sampleRate,
      endSeconds: endFrame / header.sampleRate,
    },
  };
}

const RIFF_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;

function fourCc(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

/** The body of the first `fmt ` chunk, as the file has it; undefined when it is not within `bytes`. */
export function findFmtChunk(bytes: Uint8Array): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = RIFF_HEADER_BYTES;
  while (offset + CHUNK_HEADER_BYTES <= bytes.length) {
    const size = view.getUint32(offset + 4, true);
    const body = offset + CHUNK_HEADER_BYTES;
    if (fourCc(bytes, offset) === 'fmt ') {
      return body + size <= bytes.length ? bytes.subarray(body, body + size) : undefined;
    }
    // RF64's data chunk says 0xFFFFFFFF here; fmt always precedes it in files we accept.
    offset = body + size + (size % 2);
  }
  return undefined;
}

/**
 * The header of a clip with `dataBytes` of samples: RIFF, the source's fmt chunk unchanged (so an
 * extensible file keeps its channel mask and sub-format), a fact chunk with the frame count where
 * the RIFF rules ask for one (any format but plain PCM), and the data chunk's header. For plain PCM
 * with a 16-byte fmt chunk that is the canonical 44 bytes. `trailer` is the pad byte an odd-sized
 * data chunk needs after the samples (8-bit or 24-bit mono), empty otherwise.
 */
export function buildWavClipHeader(
  fmtBody: Uint8Array,
  dataBytes: number,
  blockAlign: number,
): { header: Uint8Array; trailer: Uint8Array; fileBytes: number } {
  const fmtView = new DataView(fmtBody.buffer, fmtBody.byteOffset, fmtBody.byteLength);
  const needsFact = fmtBody.length >= 2 && fmtView.getUint16(0, true) !== WAVE_FORMAT_PCM;
  const fmtPadded = fmtBody.length + (fmtBody.length % 2);
  const factBytes = needsFact ? CHUNK_HEADER_BYTES + 4 : 0;
  const headerBytes = RIFF_HEADER_BYTES + CHUNK_HEADER_BYTES + fmtPadded + factBytes + CHUNK_HEADER_BYTES;
  const trailer = new Uint8Array(dataBytes % 2);
  const fileBytes = headerBytes + dataBytes + trailer.length;

  const header = new Uint8Array(headerBytes);
  const view = new DataView(header.buffer);
  const ascii = (text: string, at: number) => {
    for (let i = 0; i < 4; i++) header[at + i] = text.charCodeAt(i);
  };
  ascii('RIFF', 0);
  view.setUint32(4, fileBytes - 8, true);
  ascii('WAVE', 8);
  let at = RIFF_HEADER_BYTES;
  ascii('fmt ', at);
  view.setUint32(at + 4, fmtBody.length, true);
  header.set(fmtBody, at + CHUNK_HEADER_BYTES);
  at += CHUNK_HEADER_BYTES + fmtPadded;
  if (needsFact) {
    ascii('fact', at);
    view.setUint32(at + 4, 4, true);
    view.setUint32(at + 8, Math.floor(dataBytes / blockAlign), true);
    at += factBytes;
  }
  ascii('data', at);
  view.setUint32(at + 4, dataBytes, true);
  return { header, trailer, fileBytes };
}

/** What to copy for one clip, and what to write before and after it. */
export interface WavClipPlan {
  source: WavHeader;
  slice: WavSlice;
  header: Uint8Array;
  trailer: Uint8Array;
  /** The clip file's size: header + samples + trailer. */
  fileBytes: number;
}

export type WavClipPlanResult = { ok: true; plan: WavClipPlan } | { ok: false; reason: string };

/**
 * Everything the clip job needs for one clip, from the first bytes of the track (`fileStart`, up to
 * 1 MiB: enough for headers with LIST, bext or iXML chunks), the track's size, and the clip's
 * mm:ss times. A refusal says why in words fit for the clip's record.
 */
export function planWavClip(
  fileStart: Uint8Array,
  totalSize: number,
  clip: { startTime: string; endTime: string },
): WavClipPlanResult {
  const start = parseClipTime(clip.startTime);
  const end = parseClipTime(clip.endTime);
  if (start === null || end === null) return { ok: false, reason: CLIP_TIME_UNREADABLE };
  if (end <= start) return { ok: false, reason: CLIP_ENDS_BEFORE_START };
  const parsed = parseWavHeader(fileStart, totalSize);
  if (!parsed.ok) return { ok: false, reason: `${CLIP_SOURCE_NOT_WAV}: ${parsed.reason}` };
  const fmtBody = findFmtChunk(fileStart);
  if (!fmtBody) return { ok: false, reason: `${CLIP_SOURCE_NOT_WAV}: its fmt chunk could not be read` };
  const sliced = computeWavSlice(parsed.header, start, end);
  if (!sliced.ok) return sliced;
  const built = buildWavClipHeader(fmtBody, sliced.slice.dataBytes, parsed.header.blockAlign);
  return { ok: true, plan: { source: parsed.header, slice: sliced.slice, ...built } };
}

/** 'mm:ss' of a time in seconds, rounded down; minutes are not capped at 59. */
export function formatClipTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
