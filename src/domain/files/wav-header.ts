/**
 * Reads a WAV file's header from its first bytes (spec 001 §5: a track must be a real WAV, decided
 * by content). Pure, so the browser reads the header as soon as the artist picks a file and the
 * server runs the same code on the first bytes of the upload stream. Only the start of the file is
 * given (the caller passes up to 1 MiB), so every read is bounds-checked and the file's full size
 * comes separately.
 */

export const WAVE_FORMAT_PCM = 0x0001;
export const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
export const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export type WavContainer = 'RIFF' | 'RF64' | 'BW64';
export type WavEncoding = 'pcm' | 'float';

/** What the fmt chunk says, plus where the samples are and how long they last. */
export interface WavHeader extends FmtChunk {
  /** RIFF for classic WAV (32-bit sizes); RF64 and BW64 carry 64-bit sizes in a ds64 chunk. */
  container: WavContainer;
  /** Byte offset of the first sample in the file. */
  dataOffset: number;
  /** Bytes of sample data (from the header, or from the file's size for a streamed WAV). */
  dataBytes: number;
  durationSeconds: number;
}

export type WavHeaderResult =
  | { ok: true; header: WavHeader }
  /** `truncated` says the bytes ran out before the answer: more of the file could settle it. */
  | { ok: false; reason: string; truncated?: boolean };

const RIFF_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;
const FMT_BASE_BYTES = 16;
const FMT_EXTENSIBLE_BYTES = 40;
/** ds64 body: RIFF size, data size, sample count (64-bit each), table length (32-bit). */
const DS64_BASE_BYTES = 28;
/** Writers that stream a WAV cannot know its length and leave one of these in the size field. */
const UNKNOWN_SIZES = new Set([0, 0xffffffff]);
/** The KSDATAFORMAT_SUBTYPE GUIDs share these 14 bytes after the two-byte format code. */
const SUBTYPE_GUID_TAIL = [
  0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
];
const VALID_BITS = new Set([8, 16, 24, 32, 64]);
const MIN_CHANNELS = 1;
const MAX_CHANNELS = 32;
const MIN_SAMPLE_RATE = 8000;
const MAX_SAMPLE_RATE = 768_000;

export interface FmtChunk {
  /** The fmt chunk's format tag: 1 PCM, 3 IEEE float, 0xFFFE extensible. */
  audioFormat: number;
  /** For an extensible WAV, the format code of its sub-format GUID (1 PCM, 3 float). */
  subFormat?: number;
  /** What the samples are, whichever way the fmt chunk says it. */
  encoding: WavEncoding;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  /** The container size of one sample (an extensible 24-in-32 file says 32 here). */
  bitsPerSample: number;
  /** Extensible only: the bits that carry signal, and the speaker mask. */
  validBitsPerSample?: number;
  channelMask?: number;
}

type Step<T> = { ok: true; value: T } | { ok: false; reason: string; truncated?: boolean };

function fourCc(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(
    bytes[offset] ?? 0,
    bytes[offset + 1] ?? 0,
    bytes[offset + 2] ?? 0,
    bytes[offset + 3] ?? 0,
  );
}

function hex(value: number, digits = 4): string {
  return `0x${value.toString(16).toUpperCase().padStart(digits, '0')}`;
}

/** A 64-bit little-endian size as a number; sizes above 2^53 are not real files and are refused. */
function readUint64(view: DataView, offset: number): number | undefined {
  const value = view.getBigUint64(offset, true);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(value);
}

function parseFmt(view: DataView, bytes: Uint8Array, body: number, size: number): Step<FmtChunk> {
  if (size < FMT_BASE_BYTES)
    return { ok: false, reason: `The fmt chunk is too short (${size} bytes, need 16)` };
  const cutShort = {
    ok: false,
    reason: 'The WAV header is cut short inside the fmt chunk',
    truncated: true,
  } as const;
  if (body + FMT_BASE_BYTES > bytes.length) return cutShort;
  const audioFormat = view.getUint16(body, true);
  if (audioFormat === WAVE_FORMAT_EXTENSIBLE) {
    if (size < FMT_EXTENSIBLE_BYTES)
      return { ok: false, reason: `The extensible fmt chunk is too short (${size} bytes, need 40)` };
    if (body + FMT_EXTENSIBLE_BYTES > bytes.length) return cutShort;
  }

  const fmt: FmtChunk = {
    audioFormat,
    encoding: 'pcm',
    channels: view.getUint16(body + 2, true),
    sampleRate: view.getUint32(body + 4, true),
    byteRate: view.getUint32(body + 8, true),
    blockAlign: view.getUint16(body + 12, true),
    bitsPerSample: view.getUint16(body + 14, true),
  };

  let code = audioFormat;
  if (audioFormat === WAVE_FORMAT_EXTENSIBLE) {
    const cbSize = view.getUint16(body + 16, true);
    if (cbSize < 22)
      return {
        ok: false,
        reason: `The extensible fmt chunk's extension is too short (${cbSize} bytes, need 22)`,
      };
    fmt.validBitsPerSample = view.getUint16(body + 18, true);
    fmt.channelMask = view.getUint32(body + 20, true);
    const guid = body + 24;
    code = view.getUint16(guid, true);
    const tailMatches = SUBTYPE_GUID_TAIL.every((byte, i) => bytes[guid + 2 + i] === byte);
    if (!tailMatches || view.getUint16(guid + 2, true) !== 0)
      return { ok: false, reason: 'The extensible WAV has a sub-format GUID that is not PCM or IEEE float' };
    fmt.subFormat = code;
  }

  if (code === WAVE_FORMAT_PCM) fmt.encoding = 'pcm';
  else if (code === WAVE_FORMAT_IEEE_FLOAT) fmt.encoding = 'float';
  else
    return {
      ok: false,
      reason: `Unsupported WAV encoding ${hex(code)}: only PCM and IEEE float are accepted`,
    };

  const problem = checkFmt(fmt);
  return problem ? { ok: false, reason: problem } : { ok: true, value: fmt };
}

/** The fmt chunk's fields must agree with each other, or the durations and clips cut from it are wrong. */
function checkFmt(fmt: FmtChunk): string | undefined {
  const { channels, sampleRate, bitsPerSample: bits, blockAlign, byteRate } = fmt;
  if (channels < MIN_CHANNELS || channels > MAX_CHANNELS)
    return `The channel count ${channels} is outside ${MIN_CHANNELS}–${MAX_CHANNELS}`;
  if (sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE)
    return `The sample rate ${sampleRate} Hz is outside ${MIN_SAMPLE_RATE}–${MAX_SAMPLE_RATE} Hz`;
  if (!VALID_BITS.has(bits)) return `${bits} bits per sample is not one of 8, 16, 24, 32 or 64`;
  if (fmt.encoding === 'float' && bits !== 32 && bits !== 64)
    return `A float WAV has 32 or 64 bits per sample, not ${bits}`;
  if (fmt.validBitsPerSample !== undefined && fmt.validBitsPerSample > bits)
    return `The valid bits per sample (${fmt.validBitsPerSample}) exceed the sample size (${bits})`;
  const expectedBlockAlign = (channels * bits) / 8;
  if (blockAlign !== expectedBlockAlign)
    return `The block align ${blockAlign} does not match ${channels} channels of ${bits} bits (${expectedBlockAlign})`;
  const expectedByteRate = sampleRate * blockAlign;
  if (byteRate !== expectedByteRate)
    return `The byte rate ${byteRate} does not match ${sampleRate} Hz × ${blockAlign} bytes (${expectedByteRate})`;
  return undefined;
}

function describeMissing(haveFmt: boolean, haveData: boolean): string {
  if (!haveFmt && !haveData) return 'fmt and data chunks';
  return haveFmt ? 'data chunk' : 'fmt chunk';
}

/**
 * Walks the RIFF chunks from the start of a WAV file until it has both `fmt ` and `data`, in any
 * order and past any other chunks (LIST, bext, iXML, JUNK, fact, ...). `bytes` is the start of the
 * file; `totalSize` is the whole file's size, used for streamed WAVs whose data size is unknown
 * and to tell "cut short" from "missing".
 */
export function parseWavHeader(bytes: Uint8Array, totalSize?: number): WavHeaderResult {
  // More bytes could only help when the file goes on beyond what we were given.
  const moreAvailable = totalSize === undefined || totalSize > bytes.length;
  if (bytes.length < RIFF_HEADER_BYTES)
    return moreAvailable
      ? { ok: false, reason: 'The WAV header is cut short before the RIFF header ends', truncated: true }
      : { ok: false, reason: 'The file is too short to be a WAV file' };

  const container = fourCc(bytes, 0);
  if (container !== 'RIFF' && container !== 'RF64' && container !== 'BW64')
    return { ok: false, reason: 'Not a RIFF file: it does not start with RIFF, RF64 or BW64' };
  if (fourCc(bytes, 8) !== 'WAVE')
    return { ok: false, reason: 'Not a WAVE file: the RIFF form type is not WAVE' };

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const is64 = container !== 'RIFF';
  let ds64DataSize: number | undefined;
  let fmt: FmtChunk | undefined;
  let data: { offset: number; size: number } | undefined;
  let offset = RIFF_HEADER_BYTES;

  while (!(fmt && data)) {
    if (offset + CHUNK_HEADER_BYTES > bytes.length) {
      const missing = describeMissing(fmt !== undefined, data !== undefined);
      if (totalSize !== undefined && offset >= totalSize)
        return { ok: false, reason: `The WAV file has no ${missing}` };
      return {
        ok: false,
        reason: `The WAV header is cut short: no ${missing} within the first ${bytes.length} bytes`,
        truncated: moreAvailable,
      };
    }
    const id = fourCc(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + CHUNK_HEADER_BYTES;

    // RF64/BW64 put the real RIFF and data sizes in a ds64 chunk that must come first.
    if (is64 && offset === RIFF_HEADER_BYTES && id !== 'ds64')
      return { ok: false, reason: `An ${container} file must start with a ds64 chunk` };

    if (id === 'ds64' && is64) {
      if (size < DS64_BASE_BYTES)
        return { ok: false, reason: `The ds64 chunk is too short (${size} bytes, need 28)` };
      if (body + DS64_BASE_BYTES > bytes.length)
        return { ok: false, reason: 'The WAV header is cut short inside the ds64 chunk', truncated: true };
      ds64DataSize = readUint64(view, body + 8);
      if (ds64DataSize === undefined)
        return { ok: false, reason: 'The ds64 chunk gives an impossible data size' };
    } else if (id === 'fmt ') {
      const parsed = parseFmt(view, bytes, body, size);
      if (!parsed.ok) return parsed;
      fmt = parsed.value;
    } else if (id === 'data') {
      let dataSize: number | undefined = size;
      if (is64 && size === 0xffffffff) dataSize = ds64DataSize;
      const recorded = dataSize !== undefined && !UNKNOWN_SIZES.has(dataSize);
      if (!recorded) {
        // A streamed WAV: its data runs to the end of the file.
        if (totalSize === undefined)
          return {
            ok: false,
            reason: "The data chunk's size is not recorded (a streamed WAV) and the file's size is unknown",
          };
        dataSize = Math.max(0, totalSize - body);
      }
      data = { offset: body, size: dataSize ?? 0 };
      if (fmt) break;
      // fmt after data is legal but rare; without a recorded size there is no way to step over the samples.
      if (!recorded)
        return { ok: false, reason: 'The fmt chunk must come before a data chunk of unrecorded size' };
      offset = body + data.size + (data.size % 2);
      continue;
    }

    // Chunks are word-aligned: an odd-sized chunk is followed by one pad byte.
    const next = body + size + (size % 2);
    if (totalSize !== undefined && body + size > totalSize)
      return { ok: false, reason: `The '${id.trim()}' chunk runs past the end of the file` };
    offset = next;
  }

  const dataOffset = data.offset;
  // A header that promises more samples than the file holds describes a cut-off file: the
  // duration reports what is really there.
  const available = totalSize === undefined ? data.size : Math.max(0, totalSize - dataOffset);
  const dataBytes = Math.min(data.size, available);
  const header: WavHeader = {
    container,
    audioFormat: fmt.audioFormat,
    encoding: fmt.encoding,
    channels: fmt.channels,
    sampleRate: fmt.sampleRate,
    byteRate: fmt.byteRate,
    blockAlign: fmt.blockAlign,
    bitsPerSample: fmt.bitsPerSample,
    dataOffset,
    dataBytes,
    durationSeconds: dataBytes / fmt.byteRate,
  };
  if (fmt.subFormat !== undefined) header.subFormat = fmt.subFormat;
  if (fmt.validBitsPerSample !== undefined) header.validBitsPerSample = fmt.validBitsPerSample;
  if (fmt.channelMask !== undefined) header.channelMask = fmt.channelMask;
  return { ok: true, header };
}
