import { parseWavHeader, WAVE_FORMAT_EXTENSIBLE, type WavHeader } from '../files/wav-header';

/**
 * A WAV file's samples as numbers: the loudness check decodes the artist's file in a
 * Web Worker before upload, and the server's job decodes the stored file the same way. Pure, and
 * incremental: bytes go in as they are read (a `File` slice, a storage stream) and each push gives
 * back the frames it completed, so an 86 MB master is measured without ever holding all of its
 * samples. The header is read by `parseWavHeader` (files/wav-header.ts), the one WAV header
 * reader of the domain: RIFF, RF64 and BW64, chunks in any order, odd chunks padded, PCM 8/16/24/32
 * bits, IEEE float 32/64 bits, WAVE_FORMAT_EXTENSIBLE.
 *
 * Samples come out as Float32Array per channel, full scale ±1: integer samples are divided by
 * 2^(container bits − 1) (so an extensible 24-in-32 file, whose valid bits sit at the top of each
 * 32-bit word, scales right too), 8-bit samples are unsigned around 128, float samples pass as
 * they are (a float file may go beyond ±1).
 */

/** The decoded samples of some frames: one array per channel, all the same length. */
export type PcmChannels = Float32Array[];

export type WavPcmPush =
  | {
      ok: true;
      /** Known once the bytes up to the data chunk have arrived (undefined before). */
      header: WavHeader | undefined;
      /** The frames this push completed, one array per channel (none before the header). */
      samples: PcmChannels;
    }
  | { ok: false; reason: string };

export type WavPcmEnd =
  | {
      ok: true;
      header: WavHeader;
      /** Frames decoded in all. */
      frames: number;
      /** Frames the header promised (no more than the file's size holds, when that was given). */
      expectedFrames: number;
      /** False when the bytes stopped before `expectedFrames`: a stream that broke off. */
      complete: boolean;
    }
  | { ok: false; reason: string };

export interface WavPcmDecoderOptions {
  /**
   * The whole file's size in bytes, when known (a `File`'s size, a stored object's length). It
   * lets the header reader tell a cut-off file from one still arriving, and is needed for a WAV
   * written by a streaming recorder, whose data chunk does not record its size.
   */
  totalSize?: number;
}

export interface WavPcmDecoder {
  /** Feed the next bytes of the file, in order, in pieces of any size (even one byte). */
  push(bytes: Uint8Array): WavPcmPush;
  /** The stream has ended: what was decoded, or why the file could not be read. */
  end(): WavPcmEnd;
  /** The header, once read. */
  readonly header: WavHeader | undefined;
  /** Frames decoded so far. */
  readonly frames: number;
}

export type WavPcmResult =
  | { ok: true; header: WavHeader; samples: PcmChannels; complete: boolean }
  | { ok: false; reason: string };

export const WAV_PCM_NOT_READ = 'The WAV file ended before its header could be read';

type FrameReader = (view: DataView, offset: number, out: PcmChannels, frame: number) => void;

/** One frame's samples from `view` at `offset`, for each supported sample format. */
function frameReader(header: WavHeader): FrameReader | string {
  const { channels, bitsPerSample: bits, encoding } = header;
  const bytesPerSample = bits / 8;
  const readers: Record<string, (view: DataView, at: number) => number> = {
    'pcm-8': (view, at) => (view.getUint8(at) - 128) / 128,
    'pcm-16': (view, at) => view.getInt16(at, true) / 32_768,
    'pcm-24': (view, at) =>
      (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8_388_608,
    'pcm-32': (view, at) => view.getInt32(at, true) / 2_147_483_648,
    'float-32': (view, at) => view.getFloat32(at, true),
    'float-64': (view, at) => view.getFloat64(at, true),
  };
  const read = readers[`${encoding}-${bits}`];
  if (!read) return `Samples of ${bits}-bit ${encoding === 'float' ? 'float' : 'PCM'} cannot be decoded`;
  if (channels === 1)
    return (view, offset, out, frame) => {
      (out[0] as Float32Array)[frame] = read(view, offset);
    };
  if (channels === 2)
    return (view, offset, out, frame) => {
      (out[0] as Float32Array)[frame] = read(view, offset);
      (out[1] as Float32Array)[frame] = read(view, offset + bytesPerSample);
    };
  return (view, offset, out, frame) => {
    for (let c = 0; c < channels; c++)
      (out[c] as Float32Array)[frame] = read(view, offset + c * bytesPerSample);
  };
}

/** Bytes kept until the header can be read: grows by doubling, so tiny pieces cost no copying. */
class ByteBuffer {
  private bytes = new Uint8Array(4096);
  length = 0;

  append(more: Uint8Array): void {
    if (this.length + more.length > this.bytes.length) {
      let size = this.bytes.length;
      while (size < this.length + more.length) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(more, this.length);
    this.length += more.length;
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/**
 * The incremental decoder. Bytes before the data chunk are kept until the header can be read
 * (usually the first few dozen bytes; a file that puts its fmt chunk after the samples, which the
 * format allows but no common writer does, is kept whole until the fmt chunk arrives). From then
 * on only a partial frame (at most one frame's bytes) is carried from one push to the next, and
 * bytes after the data chunk (LIST, id3 chunks at the end) are skipped.
 */
export function createWavPcmDecoder(options: WavPcmDecoderOptions = {}): WavPcmDecoder {
  const { totalSize } = options;
  let pending: ByteBuffer | undefined = new ByteBuffer();
  let failure: string | undefined;
  let lastHeaderReason = WAV_PCM_NOT_READ;
  let header: WavHeader | undefined;
  let read: FrameReader | undefined;
  let dataStart = 0;
  let dataEnd = 0;
  let position = 0;
  let frames = 0;
  let carry = new Uint8Array(0);
  let carryLength = 0;

  const empty = (): PcmChannels => [];

  /** Decodes the data-chunk bytes among `bytes`, which start at file offset `at`. */
  function decodeFrom(bytes: Uint8Array, at: number): PcmChannels {
    const h = header as WavHeader;
    const reader = read as FrameReader;
    const from = Math.max(dataStart, at);
    const to = Math.min(dataEnd, at + bytes.length);
    if (to <= from) return allocate(0);
    const data = bytes.subarray(from - at, to - at);
    const align = h.blockAlign;
    const fromCarry = carryLength > 0 ? Math.min(align - carryLength, data.length) : 0;
    const completesCarry = carryLength > 0 && carryLength + fromCarry === align;
    const whole = Math.floor((data.length - fromCarry) / align);
    const out = allocate(whole + (completesCarry ? 1 : 0));
    let frame = 0;
    if (carryLength > 0) {
      carry.set(data.subarray(0, fromCarry), carryLength);
      carryLength += fromCarry;
      if (completesCarry) {
        reader(new DataView(carry.buffer), 0, out, frame++);
        carryLength = 0;
      }
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let offset = fromCarry;
    for (let i = 0; i < whole; i++, offset += align) reader(view, offset, out, frame++);
    const rest = data.length - offset;
    if (rest > 0) {
      carry.set(data.subarray(offset), carryLength);
      carryLength += rest;
    }
    frames += frame;
    return out;
  }

  function allocate(count: number): PcmChannels {
    const channels = header?.channels ?? 0;
    return Array.from({ length: channels }, () => new Float32Array(count));
  }

  function push(bytes: Uint8Array): WavPcmPush {
    if (failure !== undefined) return { ok: false, reason: failure };
    const at = position;
    position += bytes.length;
    if (header) return { ok: true, header, samples: decodeFrom(bytes, at) };

    const buffer = pending as ByteBuffer;
    buffer.append(bytes);
    const parsed = parseWavHeader(buffer.view(), totalSize);
    if (!parsed.ok) {
      lastHeaderReason = parsed.reason;
      if (parsed.truncated && (totalSize === undefined || position < totalSize))
        return { ok: true, header: undefined, samples: empty() };
      failure = parsed.reason;
      return { ok: false, reason: failure };
    }
    const reader = frameReader(parsed.header);
    if (typeof reader === 'string') {
      failure = reader;
      return { ok: false, reason: failure };
    }
    header = parsed.header;
    read = reader;
    dataStart = header.dataOffset;
    dataEnd = header.dataOffset + header.dataBytes;
    carry = new Uint8Array(header.blockAlign);
    pending = undefined;
    return { ok: true, header, samples: decodeFrom(buffer.view(), 0) };
  }

  function end(): WavPcmEnd {
    if (failure !== undefined) return { ok: false, reason: failure };
    if (!header) return { ok: false, reason: lastHeaderReason };
    const expectedFrames = Math.floor(header.dataBytes / header.blockAlign);
    return { ok: true, header, frames, expectedFrames, complete: frames >= expectedFrames };
  }

  return {
    push,
    end,
    get header() {
      return header;
    },
    get frames() {
      return frames;
    },
  };
}

/** A whole WAV file in memory, decoded at once (the same decoder, given every byte in one push). */
export function decodeWav(bytes: Uint8Array): WavPcmResult {
  const decoder = createWavPcmDecoder({ totalSize: bytes.length });
  const pushed = decoder.push(bytes);
  if (!pushed.ok) return pushed;
  const ended = decoder.end();
  if (!ended.ok) return ended;
  return { ok: true, header: ended.header, samples: pushed.samples, complete: ended.complete };
}

export interface EncodeWavOptions {
  sampleRate: number;
  /** One array per channel, all the same length, full scale ±1. */
  samples: readonly Float32Array[];
  /** 8, 16, 24 or 32 for PCM; 32 or 64 for float. */
  bitsPerSample: 8 | 16 | 24 | 32 | 64;
  encoding?: 'pcm' | 'float';
  /** Write a WAVE_FORMAT_EXTENSIBLE fmt chunk (with e.g. 24 valid bits in a 32-bit container). */
  extensible?: { validBitsPerSample?: number; channelMask?: number };
}

const KSDATAFORMAT_GUID_TAIL = [
  0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
];

/**
 * Writes samples as a WAV file: RIFF, a fmt chunk, a data chunk (padded when odd). Integer
 * samples are rounded and held within full scale. For test signals and fixtures: the domain
 * never rewrites an artist's audio.
 */
export function encodeWav(options: EncodeWavOptions): Uint8Array {
  const { sampleRate, samples, bitsPerSample: bits, encoding = 'pcm', extensible } = options;
  const channels = samples.length;
  const frames = samples[0]?.length ?? 0;
  const bytesPerSample = bits / 8;
  const blockAlign = channels * bytesPerSample;
  const dataBytes = frames * blockAlign;
  const fmtBytes = extensible ? 40 : 16;
  const size = 12 + 8 + fmtBytes + 8 + dataBytes + (dataBytes % 2);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  const formatCode = encoding === 'float' ? 3 : 1;
  ascii(0, 'RIFF');
  view.setUint32(4, size - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, fmtBytes, true);
  view.setUint16(20, extensible ? WAVE_FORMAT_EXTENSIBLE : formatCode, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bits, true);
  const validBits = extensible?.validBitsPerSample ?? bits;
  if (extensible) {
    view.setUint16(36, 22, true);
    view.setUint16(38, validBits, true);
    view.setUint32(40, extensible.channelMask ?? 0, true);
    view.setUint16(44, formatCode, true);
    out.set(KSDATAFORMAT_GUID_TAIL, 46);
  }
  const dataAt = 20 + fmtBytes;
  ascii(dataAt, 'data');
  view.setUint32(dataAt + 4, dataBytes, true);

  const write = sampleWriter(view, bits, encoding, encoding === 'pcm' ? validBits : bits);
  let offset = dataAt + 8;
  for (let frame = 0; frame < frames; frame++)
    for (let c = 0; c < channels; c++, offset += bytesPerSample)
      write(offset, (samples[c] as Float32Array)[frame] ?? 0);
  return out;
}

function sampleWriter(
  view: DataView,
  bits: number,
  encoding: 'pcm' | 'float',
  validBits: number,
): (offset: number, value: number) => void {
  if (encoding === 'float')
    return bits === 64
      ? (offset, value) => view.setFloat64(offset, value, true)
      : (offset, value) => view.setFloat32(offset, value, true);
  const scale = 2 ** (validBits - 1);
  const shift = 2 ** (bits - validBits);
  const quantize = (value: number) =>
    Math.max(-scale, Math.min(scale - 1, Math.round(value * scale))) * shift;
  switch (bits) {
    case 8:
      return (offset, value) => view.setUint8(offset, quantize(value) + 128);
    case 16:
      return (offset, value) => view.setInt16(offset, quantize(value), true);
    case 24:
      return (offset, value) => {
        const q = quantize(value);
        view.setUint8(offset, q & 0xff);
        view.setUint8(offset + 1, (q >> 8) & 0xff);
        view.setUint8(offset + 2, (q >> 16) & 0xff);
      };
    default:
      return (offset, value) => view.setInt32(offset, quantize(value), true);
  }
}
