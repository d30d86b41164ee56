import { Readable, Transform, type TransformCallback } from 'node:stream';
import sharp from 'sharp';
import {
  AUDIO_FORMATS,
  type AudioFormat,
  BYTES_PER_MB,
  detectAudioFormat,
  detectImageFormat,
  IMAGE_FORMATS,
  IMAGE_TOO_LARGE,
  type ImageFormat,
  INVALID_AUDIO_FORMAT,
  INVALID_IMAGE_FORMAT,
  MAX_IMAGE_MB,
  parseWavHeader,
  readImageSize,
  type WavEncoding,
} from '../../../domain';

/**
 * Deciding what an upload is by its content (design.md §6), while it streams to storage: the
 * upload is piped through a HeaderCapture, and once it has been stored, inspectUpload looks at the
 * captured start of the file. Nothing here holds a whole file in memory except inspectImageFile,
 * which is for images (20 MB at most) whose header alone cannot settle it.
 */

// design.md §7: libvips' thread pool is sized for this machine's two shared cores.
sharp.concurrency(2);

/** How much of the start of a file is kept for inspection. */
export const DEFAULT_HEADER_BYTES = 1024 * 1024;

/**
 * The largest image, in pixels, that is read at all. An artwork of 100 megapixels is 10,000 ×
 * 10,000; anything larger is either a mistake or a decompression bomb (a small file that claims
 * a huge canvas to exhaust memory when decoded).
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * Passes every chunk through untouched and keeps a copy of the first `limit` bytes and the total
 * count, so the upload's type can be checked without buffering the file or reading it twice.
 */
export class HeaderCapture extends Transform {
  readonly limit: number;
  #parts: Buffer[] = [];
  #captured = 0;
  #total = 0;
  #header: Buffer | undefined;

  constructor(limit = DEFAULT_HEADER_BYTES) {
    super();
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`Invalid header limit: ${limit}`);
    this.limit = limit;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#total += chunk.length;
    if (this.#captured < this.limit) {
      const take = Math.min(chunk.length, this.limit - this.#captured);
      // A copy: the chunk itself goes on to storage, and whoever reads it may reuse its memory.
      this.#parts.push(Buffer.from(chunk.subarray(0, take)));
      this.#captured += take;
      this.#header = undefined;
    }
    callback(null, chunk);
  }

  /** The first `limit` bytes seen so far (all of them for a shorter file). */
  get header(): Buffer {
    if (!this.#header) {
      this.#header = Buffer.concat(this.#parts, this.#captured);
      this.#parts = [this.#header];
    }
    return this.#header;
  }

  /** Every byte that has passed through. */
  get totalBytes(): number {
    return this.#total;
  }
}

export type UploadMediaKind = 'audio' | 'image';

export interface WavInspection {
  kind: 'audio';
  format: 'wav';
  mime: string;
  extension: string;
  channels: number;
  sampleRate: number;
  /** The bits that carry signal: an extensible 24-in-32-bit file says 24. */
  bitDepth: number;
  encoding: WavEncoding;
  /** Bytes per sample frame, all channels: what a clip cutter steps by. */
  blockAlign: number;
  durationSeconds: number;
  dataOffset: number;
  dataBytes: number;
}

export interface CompressedAudioInspection {
  kind: 'audio';
  format: Exclude<AudioFormat, 'wav'>;
  mime: string;
  extension: string;
}

export type AudioInspection = WavInspection | CompressedAudioInspection;

export interface ImageInspection {
  kind: 'image';
  format: ImageFormat;
  mime: string;
  extension: string;
  width: number;
  height: number;
  /** libvips' name for the colour space: 'srgb', 'cmyk', 'b-w', ... */
  space: string;
}

export type UploadInspection = AudioInspection | ImageInspection;

export type InspectUploadResult<T extends UploadInspection = UploadInspection> =
  | { ok: true; inspection: T }
  | {
      ok: false;
      /** The spec's words for the artist: 'Invalid audio file format' or 'Invalid image file format'. */
      message: string;
      /** What exactly was wrong, for the log. */
      reason: string;
      /**
       * The captured start of the file was too short to decide (a WAV whose data chunk lies
       * beyond it, a JPEG with more than 1 MiB of metadata before its frame header). For an
       * image, inspectImageFile on the stored file gives the definite answer.
       */
      headerTooShort?: boolean;
    };

function refuse(
  message: string,
  reason: string,
  headerTooShort = false,
): { ok: false; message: string; reason: string; headerTooShort?: boolean } {
  return headerTooShort ? { ok: false, message, reason, headerTooShort } : { ok: false, message, reason };
}

function inspectAudio(header: Uint8Array, totalSize: number): InspectUploadResult<AudioInspection> {
  const format = detectAudioFormat(header);
  if (!format) return refuse(INVALID_AUDIO_FORMAT, 'No audio signature at the start of the file');
  const { mime, extension } = AUDIO_FORMATS[format];
  // Durations of compressed formats would need their frames or boxes walked; the spec only asks for WAV's.
  if (format !== 'wav') return { ok: true, inspection: { kind: 'audio', format, mime, extension } };
  const parsed = parseWavHeader(header, totalSize);
  if (!parsed.ok) return refuse(INVALID_AUDIO_FORMAT, parsed.reason, parsed.truncated);
  const wav = parsed.header;
  return {
    ok: true,
    inspection: {
      kind: 'audio',
      format,
      mime,
      extension,
      channels: wav.channels,
      sampleRate: wav.sampleRate,
      bitDepth: wav.validBitsPerSample || wav.bitsPerSample,
      encoding: wav.encoding,
      blockAlign: wav.blockAlign,
      durationSeconds: wav.durationSeconds,
      dataOffset: wav.dataOffset,
      dataBytes: wav.dataBytes,
    },
  };
}

/** GIF, WebP and BMP keep their width and height within their first 30 bytes. */
const SIZE_FIELDS_END = 30;

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

async function inspectImage(
  header: Uint8Array,
  totalSize: number,
): Promise<InspectUploadResult<ImageInspection>> {
  const format = detectImageFormat(header);
  if (!format) return refuse(INVALID_IMAGE_FORMAT, 'No image signature at the start of the file');
  const { mime, extension } = IMAGE_FORMATS[format];
  const complete = header.length >= totalSize;
  // What libvips can read from where: JPEG and PNG keep their size in the first bytes and their
  // loaders read a cut-off buffer; the GIF and WebP loaders need the whole file; there is no BMP
  // loader in sharp's build. Where sharp cannot help, the size comes from the header by hand, and
  // these three formats hold RGB only.
  const sharpReads = format !== 'bmp' && (complete || format === 'jpeg' || format === 'png');
  let width: number;
  let height: number;
  let space: string;
  if (sharpReads) {
    try {
      const metadata = await sharp(header, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      if (metadata.format !== format)
        return refuse(INVALID_IMAGE_FORMAT, `The ${format} signature holds a ${metadata.format} image`);
      ({ width, height, space } = metadata);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (isPixelLimitError(error))
        return refuse(INVALID_IMAGE_FORMAT, `The image exceeds ${MAX_IMAGE_PIXELS} pixels: ${detail}`);
      if (!complete && readImageSize(header) === undefined)
        return refuse(
          INVALID_IMAGE_FORMAT,
          `The ${format} header goes beyond the first ${header.length} bytes`,
          true,
        );
      return refuse(INVALID_IMAGE_FORMAT, `The ${format} image cannot be read: ${detail}`);
    }
  } else {
    const size = readImageSize(header);
    if (!size) {
      const cutShort = !complete && header.length < SIZE_FIELDS_END;
      return refuse(INVALID_IMAGE_FORMAT, `The ${format} header holds no image size`, cutShort);
    }
    ({ width, height } = size);
    space = 'srgb';
  }
  // sharp checks the limit itself; the hand-read sizes need the same bound.
  if (width * height > MAX_IMAGE_PIXELS)
    return refuse(INVALID_IMAGE_FORMAT, `The image is ${width} × ${height}, over ${MAX_IMAGE_PIXELS} pixels`);
  return { ok: true, inspection: { kind: 'image', format, mime, extension, width, height, space } };
}

/**
 * What an upload is, from the start of the file (`header`, e.g. HeaderCapture.header) and the
 * whole file's size. Audio: WAV (whose header must parse, fmt and data chunks both), MP3, FLAC,
 * M4A, AAC by signature. Images: JPEG, PNG, GIF, WebP, BMP by signature, with their size and
 * colour space, at most MAX_IMAGE_PIXELS. Anything else is refused in the spec's words.
 */
export function inspectUpload(
  header: Uint8Array,
  totalSize: number,
  expected: 'audio',
): Promise<InspectUploadResult<AudioInspection>>;
export function inspectUpload(
  header: Uint8Array,
  totalSize: number,
  expected: 'image',
): Promise<InspectUploadResult<ImageInspection>>;
export function inspectUpload(
  header: Uint8Array,
  totalSize: number,
  expected: UploadMediaKind,
): Promise<InspectUploadResult>;
export async function inspectUpload(
  header: Uint8Array,
  totalSize: number,
  expected: UploadMediaKind,
): Promise<InspectUploadResult> {
  return expected === 'audio' ? inspectAudio(header, totalSize) : inspectImage(header, totalSize);
}

/** The most inspectImageFile reads: the upload service's image limit. */
const MAX_IMAGE_FILE_BYTES = MAX_IMAGE_MB * BYTES_PER_MB;

/**
 * An image inspected from the whole file, for when the start was not enough (`headerTooShort`).
 * Reads at most the 20 MB image limit into memory; a longer stream is refused and destroyed.
 */
export async function inspectImageFile(
  source: Uint8Array | Readable,
): Promise<InspectUploadResult<ImageInspection>> {
  if (!(source instanceof Readable)) return inspectImage(source, source.length);
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > MAX_IMAGE_FILE_BYTES) {
      source.destroy();
      return refuse(IMAGE_TOO_LARGE, `The image is larger than ${MAX_IMAGE_MB} MB`);
    }
    parts.push(buffer);
  }
  const file = Buffer.concat(parts, total);
  return inspectImage(file, file.length);
}
