import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';

/**
 * Real media for tests, made on the spot: WAVs with a true RIFF header and PCM data, images
 * encoded by sharp, the first frames of compressed audio formats, and text posing as media. No
 * binary fixtures are checked in, so every test says what its file is.
 */

sharp.concurrency(2);

// --- WAV -------------------------------------------------------------------------------------

export interface WavOptions {
  channels?: number;
  sampleRate?: number;
  /** 8, 16, 24 or 32 (integer PCM), or 32 or 64 with `float`. */
  bitDepth?: number;
  float?: boolean;
  seconds?: number;
  /** The sine's pitch; every channel carries the same wave. */
  frequency?: number;
  /** Chunks besides fmt and data, where a real writer puts them (LIST, bext, iXML, JUNK...). */
  extraChunks?: ExtraChunk[];
}

export interface ExtraChunk {
  /** Four characters; shorter ids are padded with spaces. */
  id: string;
  data: Uint8Array | string;
  /** Default 'before-data'. */
  position?: 'before-fmt' | 'before-data' | 'after-data';
}

/** Peak of the test sine, as a fraction of full scale: loud enough to check, far from clipping. */
export const SINE_AMPLITUDE = 0.5;

/**
 * The value of the test sine at sample frame `frame`, in -1..1. A clip cut from `makeWav`'s output
 * at second t starts with frame t × sampleRate, so a test can check the clip's first samples.
 */
export function sineAt(frame: number, sampleRate = 44_100, frequency = 440): number {
  return SINE_AMPLITUDE * Math.sin((2 * Math.PI * frequency * frame) / sampleRate);
}

function wavChunk(id: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.write(id.padEnd(4, ' ').slice(0, 4), 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  // RIFF chunks are word-aligned: an odd-sized body is followed by a pad byte.
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

function fmtChunk(channels: number, sampleRate: number, bitDepth: number, float: boolean): Buffer {
  const blockAlign = (channels * bitDepth) / 8;
  const body = Buffer.alloc(16);
  body.writeUInt16LE(float ? 3 : 1, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(sampleRate, 4);
  body.writeUInt32LE(sampleRate * blockAlign, 8);
  body.writeUInt16LE(blockAlign, 12);
  body.writeUInt16LE(bitDepth, 14);
  return wavChunk('fmt ', body);
}

function writeSample(target: Buffer, offset: number, value: number, bitDepth: number, float: boolean): void {
  if (float) {
    if (bitDepth === 64) target.writeDoubleLE(value, offset);
    else target.writeFloatLE(value, offset);
    return;
  }
  const max = 2 ** (bitDepth - 1) - 1;
  const integer = Math.round(value * max);
  if (bitDepth === 8) target.writeUInt8(integer + 128, offset);
  else if (bitDepth === 16) target.writeInt16LE(integer, offset);
  else if (bitDepth === 24) target.writeIntLE(integer, offset, 3);
  else target.writeInt32LE(integer, offset);
}

/** A complete WAV file: RIFF header, fmt, any extra chunks, and a sine wave as PCM or float data. */
export function makeWav(options: WavOptions = {}): Buffer {
  const {
    channels = 2,
    sampleRate = 44_100,
    bitDepth = 16,
    float = false,
    seconds = 1,
    frequency = 440,
    extraChunks = [],
  } = options;
  const bytesPerSample = bitDepth / 8;
  const frames = Math.round(seconds * sampleRate);
  const samples = Buffer.alloc(frames * channels * bytesPerSample);
  for (let frame = 0; frame < frames; frame++) {
    const value = sineAt(frame, sampleRate, frequency);
    for (let channel = 0; channel < channels; channel++)
      writeSample(samples, (frame * channels + channel) * bytesPerSample, value, bitDepth, float);
  }
  const extras = (position: ExtraChunk['position']) =>
    extraChunks
      .filter((chunk) => (chunk.position ?? 'before-data') === position)
      .map((chunk) =>
        wavChunk(chunk.id, typeof chunk.data === 'string' ? Buffer.from(chunk.data) : chunk.data),
      );
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    ...extras('before-fmt'),
    fmtChunk(channels, sampleRate, bitDepth, float),
    ...extras('before-data'),
    wavChunk('data', samples),
    ...extras('after-data'),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

const STREAM_CHUNK_BYTES = 64 * 1024;
const CANONICAL_HEADER_BYTES = 44;

/**
 * A WAV of exactly `bytes` bytes, produced as it is read: a 44-byte header (16-bit stereo 44.1 kHz
 * by default) and then silence in 64 KiB chunks, so 200 MB uploads cost no memory. The data chunk
 * takes every byte after the header; when that is not a whole number of frames the last frame is
 * partial, which readers ignore (the 200 MB + 1 byte case).
 */
export function wavStream(options: {
  bytes: number;
  channels?: number;
  sampleRate?: number;
  bitDepth?: number;
}): Readable {
  const { bytes, channels = 2, sampleRate = 44_100, bitDepth = 16 } = options;
  if (bytes < CANONICAL_HEADER_BYTES || bytes > 0xffffffff)
    throw new RangeError(`A streamed WAV is 44 bytes to 4 GiB, not ${bytes}`);
  const header = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from('WAVE'),
    fmtChunk(channels, sampleRate, bitDepth, false),
    Buffer.from('data'),
    Buffer.alloc(4),
  ]);
  header.writeUInt32LE(bytes - 8, 4);
  header.writeUInt32LE(bytes - CANONICAL_HEADER_BYTES, 40);
  let sent = 0;
  return new Readable({
    highWaterMark: STREAM_CHUNK_BYTES,
    read() {
      if (sent === 0) {
        sent = header.length;
        this.push(header);
        return;
      }
      const size = Math.min(STREAM_CHUNK_BYTES, bytes - sent);
      if (size <= 0) {
        this.push(null);
        return;
      }
      sent += size;
      this.push(Buffer.alloc(size));
    },
  });
}

// --- other audio ---------------------------------------------------------------------------

export type CompressedAudioFormat = 'mp3' | 'flac' | 'm4a' | 'aac';

/**
 * The start of a real file of each compressed format the upload service accepts: the signature and
 * structure encoders write (an ID3 tag and silent MPEG frames, a FLAC STREAMINFO, an iTunes ftyp
 * box, ADTS frames), enough for detection by content; not meant for a player.
 */
export function makeCompressedAudio(format: CompressedAudioFormat): Buffer {
  switch (format) {
    case 'mp3': {
      // ID3v2.4 tag, then MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz: 417 bytes each.
      const tag = Buffer.concat([
        Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x17]),
        Buffer.from('TSSE'),
        Buffer.from([0x00, 0x00, 0x00, 0x0d, 0x00, 0x00, 0x03]),
        Buffer.from('Lavf60.16.1\0'),
      ]);
      const frame = Buffer.alloc(417);
      frame.set([0xff, 0xfb, 0x90, 0x64]);
      return Buffer.concat([tag, ...Array.from({ length: 8 }, () => frame)]);
    }
    case 'flac': {
      // fLaC, then the last-and-only metadata block: STREAMINFO for 44.1 kHz stereo 16-bit.
      const streamInfo = Buffer.from([
        0x10,
        0x00,
        0x10,
        0x00,
        0x00,
        0x00,
        0x0e,
        0x00,
        0x35,
        0xa3,
        0x0a,
        0xc4,
        0x42,
        0xf0,
        0x00,
        0x5e,
        0x8b,
        0x20,
        ...new Array<number>(16).fill(0),
      ]);
      return Buffer.concat([
        Buffer.from('fLaC'),
        Buffer.from([0x80, 0x00, 0x00, 0x22]),
        streamInfo,
        Buffer.alloc(64),
      ]);
    }
    case 'm4a': {
      const ftyp = Buffer.concat([
        Buffer.from([0x00, 0x00, 0x00, 0x20]),
        Buffer.from('ftypM4A '),
        Buffer.alloc(4),
        Buffer.from('M4A mp42isom'),
        Buffer.alloc(4),
      ]);
      return Buffer.concat([ftyp, Buffer.from([0x00, 0x00, 0x00, 0x08]), Buffer.from('free')]);
    }
    case 'aac': {
      // ADTS frames: MPEG-4 AAC LC, 44.1 kHz, stereo, no CRC.
      const length = 371;
      const frame = Buffer.alloc(length);
      frame.set([
        0xff,
        0xf1,
        0x50,
        0x80 | (length >> 11),
        (length >> 3) & 0xff,
        ((length & 7) << 5) | 0x1f,
        0xfc,
      ]);
      return Buffer.concat(Array.from({ length: 8 }, () => frame));
    }
  }
}

// --- images ----------------------------------------------------------------------------------

export type FixtureImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp';

export interface ImageOptions {
  width: number;
  height: number;
  /** JPEG only: the colour space the file is encoded in. */
  space?: 'srgb' | 'cmyk' | 'b-w';
  /** PNG only: add an alpha channel. */
  alpha?: boolean;
}

function canvas({ width, height, alpha }: ImageOptions): Sharp {
  return sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 200, g: 60, b: 30, alpha: 0.8 } },
  });
}

export async function makeJpeg(options: ImageOptions): Promise<Buffer> {
  // toColourspace, not greyscale(): greyscale() keeps three sRGB channels in the file.
  const image = canvas({ ...options, alpha: false }).toColourspace(options.space ?? 'srgb');
  return image.jpeg({ quality: 85 }).toBuffer();
}

export async function makePng(options: ImageOptions): Promise<Buffer> {
  return canvas(options).png().toBuffer();
}

/** A 24-bit BMP with a BITMAPINFOHEADER, written by hand: sharp has no BMP encoder. */
export function makeBmp({ width, height }: ImageOptions): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const pixelBytes = rowBytes * height;
  const file = Buffer.alloc(54 + pixelBytes);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(pixelBytes, 34);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) file.set([30, 60, 200], 54 + y * rowBytes + x * 3);
  return file;
}

export async function makeImage(format: FixtureImageFormat, options: ImageOptions): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return makeJpeg(options);
    case 'png':
      return makePng(options);
    case 'bmp':
      return makeBmp(options);
    case 'gif':
      return canvas(options).gif().toBuffer();
    case 'webp':
      return canvas(options).webp().toBuffer();
  }
}

/**
 * A small JPEG whose frame header claims `width` × `height`: the shape of a decompression bomb,
 * for testing that decoding is refused by its pixel count before any pixel is decoded.
 */
export async function makeOversizedJpeg({
  width,
  height,
}: {
  width: number;
  height: number;
}): Promise<Buffer> {
  const jpeg = await makeJpeg({ width: 16, height: 16 });
  for (let offset = 2; offset + 9 <= jpeg.length; ) {
    const marker = jpeg[offset + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc3) {
      jpeg.writeUInt16BE(height, offset + 5);
      jpeg.writeUInt16BE(width, offset + 7);
      return jpeg;
    }
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('sharp wrote a JPEG without a frame header');
}

// --- not media -------------------------------------------------------------------------------

/** Text an artist might rename to song.wav or cover.jpg: plain text or an HTML page. */
export function renamedTextFile(kind: 'text' | 'html' = 'text'): Buffer {
  if (kind === 'html')
    return Buffer.from(
      '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>My song</title></head>\n' +
        '<body><p>Not a song, just a page saved as song.wav.</p></body>\n</html>\n',
    );
  return Buffer.from('hello world\nThese are the lyrics, saved as a .wav by mistake.\n');
}
