/**
 * What a file is, decided by its first bytes rather than its name or the browser's MIME guess
 * (design.md §6: a renamed text file must not pass as audio or artwork). Pure, so the browser and
 * the server decide alike. Each detector reads only the start of the file and checks every read
 * against the bytes it was given.
 */

export type AudioFormat = 'wav' | 'mp3' | 'flac' | 'm4a' | 'aac';
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'bmp' | 'webp';

export interface MediaTypeInfo {
  mime: string;
  /** Without the dot; the name a stored file gets, whatever the artist called it. */
  extension: string;
}

export const AUDIO_FORMATS: Readonly<Record<AudioFormat, MediaTypeInfo>> = {
  wav: { mime: 'audio/wav', extension: 'wav' },
  mp3: { mime: 'audio/mpeg', extension: 'mp3' },
  flac: { mime: 'audio/flac', extension: 'flac' },
  m4a: { mime: 'audio/mp4', extension: 'm4a' },
  aac: { mime: 'audio/aac', extension: 'aac' },
};

export const IMAGE_FORMATS: Readonly<Record<ImageFormat, MediaTypeInfo>> = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  gif: { mime: 'image/gif', extension: 'gif' },
  bmp: { mime: 'image/bmp', extension: 'bmp' },
  webp: { mime: 'image/webp', extension: 'webp' },
};

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (offset + length > bytes.length) return '';
  let text = '';
  for (let i = offset; i < offset + length; i++) text += String.fromCharCode(bytes[i] ?? 0);
  return text;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return (
    offset + signature.length <= bytes.length && signature.every((byte, i) => bytes[offset + i] === byte)
  );
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// --- MPEG audio (MP3) -------------------------------------------------------------------------

/** kbit/s by [MPEG-1 ? 0 : 1][layer 1..3 - 1][bitrate index]; index 0 (free format) and 15 are excluded. */
const MPEG_BITRATES: readonly (readonly (readonly number[])[])[] = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];
/** Hz by version bits (00 MPEG-2.5, 10 MPEG-2, 11 MPEG-1) and sample-rate index. */
const MPEG_SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};

/**
 * The length in bytes of the MPEG audio frame whose 4-byte header starts at `offset`, or undefined
 * when those bytes are not a valid frame header. An ADTS (AAC) header has the same 0xFFF sync but
 * layer bits 00, which MPEG audio reserves, so it is never taken for MP3 here.
 */
function mpegFrameLength(bytes: Uint8Array, offset: number): number | undefined {
  if (offset + 4 > bytes.length) return undefined;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const version = (b1 >> 3) & 0b11;
  const layerBits = (b1 >> 1) & 0b11;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0b11;
  if (version === 0b01 || layerBits === 0b00 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return undefined;
  const layer = 4 - layerBits;
  const isMpeg1 = version === 0b11;
  const bitrate = (MPEG_BITRATES[isMpeg1 ? 0 : 1]?.[layer - 1]?.[bitrateIndex] ?? 0) * 1000;
  const sampleRate = MPEG_SAMPLE_RATES[version]?.[rateIndex] ?? 0;
  if (bitrate === 0 || sampleRate === 0) return undefined;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) return (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  const samplesPerByte = layer === 3 && !isMpeg1 ? 72 : 144;
  return Math.floor((samplesPerByte * bitrate) / sampleRate) + padding;
}

/**
 * Two frame headers in a row: one alone is four bytes that other data matches too (a UTF-16 byte
 * order mark, FF FE, is a valid MPEG-1 layer I sync). A frame is at most 1,728 bytes, so a caller
 * that passes the first kilobytes of a real file always gives the second one.
 */
function isMpegAudioAt(bytes: Uint8Array, offset: number): boolean {
  const length = mpegFrameLength(bytes, offset);
  return length !== undefined && mpegFrameLength(bytes, offset + length) !== undefined;
}

// --- ADTS (raw AAC) ---------------------------------------------------------------------------

function adtsFrameLength(bytes: Uint8Array, offset: number): number | undefined {
  if (offset + 7 > bytes.length) return undefined;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  // 12 sync bits, then the MPEG-2/4 id bit, layer 00 and the CRC-absent bit.
  if (bytes[offset] !== 0xff || (b1 & 0xf6) !== 0xf0) return undefined;
  const rateIndex = (b2 >> 2) & 0x0f;
  if (rateIndex > 12) return undefined;
  const length =
    (((bytes[offset + 3] ?? 0) & 0x03) << 11) |
    ((bytes[offset + 4] ?? 0) << 3) |
    ((bytes[offset + 5] ?? 0) >> 5);
  const headerLength = (b1 & 0x01) === 1 ? 7 : 9;
  return length < headerLength ? undefined : length;
}

/** Two ADTS headers in a row, for the same reason as MPEG audio (a frame is at most 8,191 bytes). */
function isAdtsAt(bytes: Uint8Array, offset: number): boolean {
  const length = adtsFrameLength(bytes, offset);
  return length !== undefined && adtsFrameLength(bytes, offset + length) !== undefined;
}

// --- ID3v2 -------------------------------------------------------------------------------------

/**
 * The size of an ID3v2 tag at the start, header included, or undefined when there is none. The
 * version and the sync-safe size bytes are checked, so a text file that begins "ID3" is not a tag.
 */
function id3TagLength(bytes: Uint8Array): number | undefined {
  if (ascii(bytes, 0, 3) !== 'ID3' || bytes.length < 10) return undefined;
  const major = bytes[3] ?? 0;
  if (major < 2 || major > 4 || bytes[4] === 0xff) return undefined;
  let size = 0;
  for (let i = 6; i < 10; i++) {
    const byte = bytes[i] ?? 0;
    if (byte & 0x80) return undefined;
    size = (size << 7) | byte;
  }
  const hasFooter = major === 4 && ((bytes[5] ?? 0) & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

// --- ISO base media (M4A) -----------------------------------------------------------------------

/**
 * Major brands of MP4 files that carry audio. Generic brands (isom, mp41, mp42, dash) also head
 * video files; the upload service only sees these as audio uploads, and which tracks the movie
 * holds is beyond a signature check. Image brands (avif, heic, mif1) are deliberately absent.
 */
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ', 'mp41', 'mp42', 'isom', 'iso2', 'dash']);

function isM4a(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 4) !== 'ftyp' || bytes.length < 12) return false;
  const boxSize = viewOf(bytes).getUint32(0, false);
  // An ftyp box holds at least its header, the major brand and the minor version.
  if (boxSize < 16 || boxSize > 4096) return false;
  return M4A_BRANDS.has(ascii(bytes, 8, 4));
}

// --- detectors ----------------------------------------------------------------------------------

function isWave(bytes: Uint8Array): boolean {
  const container = ascii(bytes, 0, 4);
  return (
    (container === 'RIFF' || container === 'RF64' || container === 'BW64') && ascii(bytes, 8, 4) === 'WAVE'
  );
}

/** The audio format the bytes start with, by signature; undefined for anything else. */
export function detectAudioFormat(bytes: Uint8Array): AudioFormat | undefined {
  if (isWave(bytes)) return 'wav';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (isM4a(bytes)) return 'm4a';
  const tagLength = id3TagLength(bytes);
  if (tagLength !== undefined) {
    // ID3 tags head MP3s mostly, but some tools put one before FLAC or raw AAC too.
    if (ascii(bytes, tagLength, 4) === 'fLaC') return 'flac';
    if (isAdtsAt(bytes, tagLength)) return 'aac';
    return 'mp3';
  }
  if (isAdtsAt(bytes, 0)) return 'aac';
  if (isMpegAudioAt(bytes, 0)) return 'mp3';
  return undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** DIB header sizes of the BMP versions in use (core, info, v2, v3, v4, v5). */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/** 'BM' alone would take any text starting "BM" for a bitmap; the reserved bytes and DIB size pin it down. */
function isBmp(bytes: Uint8Array): boolean {
  if (ascii(bytes, 0, 2) !== 'BM' || bytes.length < 18) return false;
  const view = viewOf(bytes);
  return view.getUint32(6, true) === 0 && BMP_DIB_SIZES.has(view.getUint32(14, true));
}

/** The image format the bytes start with, by signature; undefined for anything else. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (isBmp(bytes)) return 'bmp';
  return undefined;
}

// --- image dimensions ---------------------------------------------------------------------------

export interface ImageSize {
  width: number;
  height: number;
}

function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  const view = viewOf(bytes);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes may repeat 0xFF before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) return undefined;
      return { height: view.getUint16(offset + 5, false), width: view.getUint16(offset + 7, false) };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    offset += 2 + view.getUint16(offset + 2, false);
  }
  return undefined;
}

function webpSize(bytes: Uint8Array): ImageSize | undefined {
  const view = viewOf(bytes);
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const width = 1 + ((bytes[24] ?? 0) | ((bytes[25] ?? 0) << 8) | ((bytes[26] ?? 0) << 16));
    const height = 1 + ((bytes[27] ?? 0) | ((bytes[28] ?? 0) << 8) | ((bytes[29] ?? 0) << 16));
    return { width, height };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
  if (chunk === 'VP8 ' && bytes.length >= 30 && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return undefined;
}

function bmpSize(bytes: Uint8Array): ImageSize | undefined {
  const view = viewOf(bytes);
  if (view.getUint32(14, true) === 12) {
    if (bytes.length < 22) return undefined;
    return { width: view.getUint16(18, true), height: view.getUint16(20, true) };
  }
  if (bytes.length < 26) return undefined;
  // A negative height means the rows are stored top-down; the size is the same.
  return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
}

/**
 * Width and height from the image's header alone, without decoding, for the five formats above;
 * undefined when the bytes do not reach the part that holds them. Sizes come from the file and are
 * not to be trusted beyond bounding what a decoder may allocate.
 */
export function readImageSize(bytes: Uint8Array): ImageSize | undefined {
  const format = detectImageFormat(bytes);
  let size: ImageSize | undefined;
  switch (format) {
    case 'jpeg':
      size = jpegSize(bytes);
      break;
    case 'png':
      // The IHDR chunk must come first: width and height are its first two fields.
      if (bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR') {
        const view = viewOf(bytes);
        size = { width: view.getUint32(16, false), height: view.getUint32(20, false) };
      }
      break;
    case 'gif':
      if (bytes.length >= 10) {
        const view = viewOf(bytes);
        size = { width: view.getUint16(6, true), height: view.getUint16(8, true) };
      }
      break;
    case 'webp':
      size = webpSize(bytes);
      break;
    case 'bmp':
      size = bmpSize(bytes);
      break;
    case undefined:
      break;
  }
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
