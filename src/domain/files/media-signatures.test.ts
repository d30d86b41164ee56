import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUDIO_FORMATS,
  detectAudioFormat,
  detectImageFormat,
  IMAGE_FORMATS,
  readImageSize,
} from './media-signatures';
import { ascii, concat, hex } from './test-bytes';

// The starts of real files, byte for byte as encoders write them (LAME, ffmpeg, iTunes, libFLAC,
// libjpeg, libpng, libwebp, giflib, Windows Paint), padded with what follows in such a file.

/** `count` MPEG audio frames of `length` bytes, each starting with `header`. */
function mpegFrames(header: string, length: number, count = 3): Uint8Array {
  const frame = new Uint8Array(length);
  frame.set(hex(header));
  return concat(...Array.from({ length: count }, () => frame));
}

/** ADTS frames: AAC LC, 44.1 kHz, stereo, no CRC, `length` bytes each. */
function adtsFrames(length: number, count = 3): Uint8Array {
  const frame = new Uint8Array(length);
  frame.set([
    0xff,
    0xf1,
    0x50,
    0x80 | (length >> 11),
    (length >> 3) & 0xff,
    ((length & 7) << 5) | 0x1f,
    0xfc,
  ]);
  return concat(...Array.from({ length: count }, () => frame));
}

/** ID3v2.4 tag (LAME/ffmpeg style: a TSSE frame naming the encoder), 35 bytes after its header. */
const ID3_TAG = concat(
  hex('49 44 33 04 00 00 00 00 00 23'),
  ascii('TSSE'),
  hex('00 00 00 0E 00 00 03'),
  ascii('Lavf60.16.100'),
  new Uint8Array(11),
);

const MP3_MPEG1_128K = mpegFrames('FF FB 90 64', 417); // MPEG-1 layer III, 128 kbit/s, 44.1 kHz
const MP3_MPEG1_320K_PADDED = mpegFrames('FF FB E2 64', 1045); // 320 kbit/s, 44.1 kHz, padding bit set
const MP3_MPEG2_64K = mpegFrames('FF F3 80 C4', 208); // MPEG-2 layer III, 64 kbit/s, 22.05 kHz
const MP3_MPEG25_8K = mpegFrames('FF E3 18 C4', 72); // MPEG-2.5 layer III, 8 kbit/s, 8 kHz
const MP2_MPEG1 = mpegFrames('FF FD A0 04', 626); // MPEG-1 layer II, 192 kbit/s, 44.1 kHz
const FLAC = concat(ascii('fLaC'), hex('00 00 00 22 10 00 10 00 00 00 0E 00 35 A3 0A C4 42 F0 00 5E 8B 20'));
const M4A_ITUNES = hex(
  '00 00 00 20 66 74 79 70 4D 34 41 20 00 00 00 00 4D 34 41 20 6D 70 34 32 69 73 6F 6D 00 00 00 00 00 00 00 08 66 72 65 65',
);
const M4A_FFMPEG = hex('00 00 00 1C 66 74 79 70 69 73 6F 6D 00 00 02 00 69 73 6F 6D 69 73 6F 32 6D 70 34 31');
const M4B = hex('00 00 00 1C 66 74 79 70 4D 34 42 20 00 00 00 00 4D 34 42 20 69 73 6F 6D 6D 70 34 32');
const MP4_MP42 = hex('00 00 00 18 66 74 79 70 6D 70 34 32 00 00 00 00 69 73 6F 6D 6D 70 34 32');
const HEIC = hex('00 00 00 18 66 74 79 70 68 65 69 63 00 00 00 00 6D 69 66 31 68 65 69 63');
const AVIF = hex('00 00 00 1C 66 74 79 70 61 76 69 66 00 00 00 00 61 76 69 66 6D 69 66 31 6D 69 61 66');
const WAV = concat(
  ascii('RIFF'),
  hex('24 10 00 00'),
  ascii('WAVEfmt '),
  hex('10 00 00 00 01 00 02 00 44 AC 00 00 10 B1 02 00 04 00 10 00'),
  ascii('data'),
  hex('00 10 00 00'),
);
const RF64 = concat(ascii('RF64'), hex('FF FF FF FF'), ascii('WAVEds64'), hex('1C 00 00 00'));

const JPEG_JFIF = hex(
  'FF D8 FF E0 00 10 4A 46 49 46 00 01 01 00 00 48 00 48 00 00 ' +
    'FF DB 00 07 00 10 0B 0C 0E ' + // a (shortened) quantisation table segment
    'FF C0 00 11 08 01 E0 02 80 03 01 22 00 02 11 01 03 11 01 FF C4',
);
const JPEG_EXIF = hex(
  'FF D8 FF E1 00 0E 45 78 69 66 00 00 4D 4D 00 2A 00 08 ' +
    'FF C2 00 11 08 0B B8 0F A0 03 01 11 00 02 11 01 03 11 01',
);
const PNG = hex(
  '89 50 4E 47 0D 0A 1A 0A 00 00 00 0D 49 48 44 52 00 00 0B B8 00 00 07 D0 08 06 00 00 00 5C 72 A8 66',
);
const GIF89 = concat(ascii('GIF89a'), hex('40 01 F0 00 F7 00 00'));
const GIF87 = concat(ascii('GIF87a'), hex('0A 00 0A 00 91 00 00'));
const BMP_V3 = hex(
  '42 4D 36 00 0C 00 00 00 00 00 36 00 00 00 28 00 00 00 20 03 00 00 58 02 00 00 01 00 18 00 00 00 00 00',
);
const BMP_TOP_DOWN = hex(
  '42 4D 8A 00 00 00 00 00 00 00 8A 00 00 00 7C 00 00 00 10 00 00 00 F0 FF FF FF 01 00 20 00 03 00 00 00',
);
const BMP_CORE = hex('42 4D 1A 00 00 00 00 00 00 00 1A 00 00 00 0C 00 00 00 40 00 30 00 01 00 18 00');
const WEBP_LOSSY = concat(
  ascii('RIFF'),
  hex('24 00 00 00'),
  ascii('WEBPVP8 '),
  hex('18 00 00 00 30 01 00 9D 01 2A 80 02 E0 01'),
);
const WEBP_LOSSLESS = concat(
  ascii('RIFF'),
  hex('1A 00 00 00'),
  ascii('WEBPVP8L'),
  hex('0D 00 00 00 2F 7F C2 77 00'),
);
const WEBP_EXTENDED = concat(
  ascii('RIFF'),
  hex('4A 00 00 00'),
  ascii('WEBPVP8X'),
  hex('0A 00 00 00 10 00 00 00 7F 02 00 DF 01 00'),
);

const TEXT = ascii('hello world\n');
const HTML = ascii(
  '<!DOCTYPE html>\n<html lang="en"><head><title>Not a song</title></head><body></body></html>\n',
);
const NOT_MEDIA: [string, Uint8Array][] = [
  ['empty', new Uint8Array(0)],
  ['"hello world"', TEXT],
  ['an HTML page', HTML],
  ['JSON', ascii('{"id3": "ID3", "riff": "RIFF"}')],
  ['UTF-8 text with a BOM', concat(hex('EF BB BF'), ascii('Lyrics, verse one'))],
  ['UTF-16 text', hex('FF FE 68 00 65 00 6C 00 6C 00 6F 00')],
  ['a PDF', ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')],
  ['a ZIP', hex('50 4B 03 04 14 00 00 00 08 00')],
  ['text that starts with "ID3"', ascii('ID3 tags hold the title and artist')],
  ['text that starts with "BM"', ascii('BMW owners club newsletter, spring edition')],
  ['text that starts with "RIFF"', ascii('RIFF: a guitar riff, in four bars')],
  ['a RIFF AVI', concat(ascii('RIFF'), hex('00 10 00 00'), ascii('AVI LIST'))],
  ['a single stray frame sync', concat(hex('FF FB 90 64'), new Uint8Array(413), ascii('not another frame'))],
  ['one MPEG frame header and nothing after it', hex('FF FB 90 64 00 00 00 00')],
  ['one ADTS header and nothing after it', hex('FF F1 50 80 2E 7F FC 00')],
];

describe('detectAudioFormat', () => {
  it.each([
    ['WAV (RIFF/WAVE)', WAV, 'wav'],
    ['WAV (RF64)', RF64, 'wav'],
    ['MP3 with an ID3v2.4 tag', concat(ID3_TAG, MP3_MPEG1_128K), 'mp3'],
    ['MP3 whose ID3 tag runs past the bytes given', hex('49 44 33 03 00 00 00 07 76 23 54 49 54 32'), 'mp3'],
    ['MP3, MPEG-1 layer III frames', MP3_MPEG1_128K, 'mp3'],
    ['MP3, MPEG-1 padded frames', MP3_MPEG1_320K_PADDED, 'mp3'],
    ['MP3, MPEG-2 layer III', MP3_MPEG2_64K, 'mp3'],
    ['MP3, MPEG-2.5 layer III', MP3_MPEG25_8K, 'mp3'],
    ['MPEG-1 layer II', MP2_MPEG1, 'mp3'],
    ['FLAC', FLAC, 'flac'],
    ['FLAC behind an ID3 tag', concat(ID3_TAG, FLAC), 'flac'],
    ['M4A (iTunes)', M4A_ITUNES, 'm4a'],
    ['M4A (ffmpeg, isom)', M4A_FFMPEG, 'm4a'],
    ['M4B audiobook', M4B, 'm4a'],
    ['MP4 with major brand mp42', MP4_MP42, 'm4a'],
    ['AAC (ADTS)', adtsFrames(371), 'aac'],
    ['AAC (ADTS) behind an ID3 tag', concat(ID3_TAG, adtsFrames(200)), 'aac'],
  ])('%s → %s', (_name, bytes, format) => {
    expect(detectAudioFormat(bytes)).toBe(format);
  });

  it.each([
    ...NOT_MEDIA,
    ['HEIC', HEIC],
    ['AVIF', AVIF],
    ['JPEG', JPEG_JFIF],
    ['PNG', PNG],
    ['WebP', WEBP_LOSSY],
    ['an MPEG header with reserved layer bits', hex('FF F9 90 64 00 00')],
    ['an MPEG header with a reserved version', hex('FF EB 90 64 00 00')],
    ['an MPEG header with a bad bitrate index', hex('FF FB F0 64 00 00')],
    ['an ADTS header with a reserved sample rate', hex('FF F1 74 80 2E 7F FC')],
  ] satisfies [string, Uint8Array][])('%s → nothing', (_name, bytes) => {
    expect(detectAudioFormat(bytes)).toBeUndefined();
  });

  it('gives a MIME type and extension for every format', () => {
    expect(AUDIO_FORMATS).toEqual({
      wav: { mime: 'audio/wav', extension: 'wav' },
      mp3: { mime: 'audio/mpeg', extension: 'mp3' },
      flac: { mime: 'audio/flac', extension: 'flac' },
      m4a: { mime: 'audio/mp4', extension: 'm4a' },
      aac: { mime: 'audio/aac', extension: 'aac' },
    });
  });
});

describe('detectImageFormat and readImageSize', () => {
  it.each([
    ['JPEG (JFIF, baseline)', JPEG_JFIF, 'jpeg', { width: 640, height: 480 }],
    ['JPEG (Exif, progressive)', JPEG_EXIF, 'jpeg', { width: 4000, height: 3000 }],
    ['PNG', PNG, 'png', { width: 3000, height: 2000 }],
    ['GIF89a', GIF89, 'gif', { width: 320, height: 240 }],
    ['GIF87a', GIF87, 'gif', { width: 10, height: 10 }],
    ['BMP (BITMAPINFOHEADER)', BMP_V3, 'bmp', { width: 800, height: 600 }],
    ['BMP (V5, top-down)', BMP_TOP_DOWN, 'bmp', { width: 16, height: 16 }],
    ['BMP (OS/2 core header)', BMP_CORE, 'bmp', { width: 64, height: 48 }],
    ['WebP (lossy)', WEBP_LOSSY, 'webp', { width: 640, height: 480 }],
    ['WebP (lossless)', WEBP_LOSSLESS, 'webp', { width: 640, height: 480 }],
    ['WebP (extended)', WEBP_EXTENDED, 'webp', { width: 640, height: 480 }],
  ])('%s → %s', (_name, bytes, format, size) => {
    expect(detectImageFormat(bytes)).toBe(format);
    expect(readImageSize(bytes)).toEqual(size);
  });

  it.each([
    ...NOT_MEDIA,
    ['WAV', WAV],
    ['MP3', MP3_MPEG1_128K],
    ['HEIC', HEIC],
    ['AVIF', AVIF],
    [
      'a BMP signature with a bad DIB header size',
      hex('42 4D 36 00 0C 00 00 00 00 00 36 00 00 00 29 00 00 00'),
    ],
  ] satisfies [string, Uint8Array][])('%s → nothing', (_name, bytes) => {
    expect(detectImageFormat(bytes)).toBeUndefined();
    expect(readImageSize(bytes)).toBeUndefined();
  });

  it('gives no size when the header is cut before it, or the size is zero', () => {
    expect(readImageSize(JPEG_JFIF.subarray(0, 30))).toBeUndefined();
    expect(readImageSize(PNG.subarray(0, 20))).toBeUndefined();
    expect(readImageSize(WEBP_EXTENDED.subarray(0, 26))).toBeUndefined();
    expect(readImageSize(concat(ascii('GIF89a'), hex('00 00 F0 00')))).toBeUndefined();
  });

  it('gives a MIME type and extension for every format', () => {
    expect(IMAGE_FORMATS.jpeg).toEqual({ mime: 'image/jpeg', extension: 'jpg' });
    expect(Object.keys(IMAGE_FORMATS).sort()).toEqual(['bmp', 'gif', 'jpeg', 'png', 'webp']);
  });
});

describe('robustness', () => {
  it('never throws on arbitrary bytes or on real headers cut anywhere', () => {
    const real = fc.constantFrom(
      JPEG_JFIF,
      JPEG_EXIF,
      PNG,
      BMP_V3,
      WEBP_EXTENDED,
      M4A_ITUNES,
      concat(ID3_TAG, FLAC),
    );
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      real.chain((b) => fc.nat(b.length).map((n) => b.subarray(0, n))),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        detectAudioFormat(b);
        detectImageFormat(b);
        readImageSize(b);
      }),
      { numRuns: 2000 },
    );
  });
});
