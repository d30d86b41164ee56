import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, INVALID_AUDIO_FORMAT, INVALID_IMAGE_FORMAT, parseWavHeader } from '../../../domain';
import {
  type CompressedAudioFormat,
  type FixtureImageFormat,
  makeBmp,
  makeCompressedAudio,
  makeImage,
  makeJpeg,
  makeOversizedJpeg,
  makePng,
  makeWav,
  renamedTextFile,
  sineAt,
  wavStream,
} from '../../test/media-fixtures';
import {
  DEFAULT_HEADER_BYTES,
  HeaderCapture,
  inspectImageFile,
  inspectUpload,
  MAX_IMAGE_PIXELS,
} from './inspect-upload';

const MB = 1024 * 1024;

/** A sink that hashes and counts what reaches it, standing in for storage. */
function hashingSink() {
  const hash = createHash('sha256');
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback();
    },
  });
  return { sink, digest: () => hash.digest('hex'), bytes: () => bytes };
}

async function sha256Of(stream: Readable) {
  const { sink, digest } = hashingSink();
  await pipeline(stream, sink);
  return digest();
}

describe('HeaderCapture', () => {
  it('passes every byte through unchanged and keeps only the first 1 MiB', async () => {
    const size = 3 * MB + 17;
    const capture = new HeaderCapture();
    const { sink, digest, bytes } = hashingSink();
    await pipeline(wavStream({ bytes: size }), capture, sink);
    expect(digest()).toBe(await sha256Of(wavStream({ bytes: size })));
    expect(bytes()).toBe(size);
    expect(capture.totalBytes).toBe(size);
    expect(capture.header.length).toBe(DEFAULT_HEADER_BYTES);
    expect(parseWavHeader(capture.header, capture.totalBytes)).toMatchObject({ ok: true });
  });

  it('cuts the header in the middle of a chunk and copies what it keeps', async () => {
    const source = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
    const chunks = Array.from({ length: 10 }, (_, i) => source.subarray(i * 1000, (i + 1) * 1000));
    const capture = new HeaderCapture(2500);
    const received: Buffer[] = [];
    await pipeline(
      Readable.from(chunks),
      capture,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          received.push(chunk);
          callback();
        },
      }),
    );
    expect(Buffer.concat(received).equals(source)).toBe(true);
    // The very chunk objects go through: nothing is copied on the way to storage.
    expect(received[0]).toBe(chunks[0]);
    expect(capture.header.equals(source.subarray(0, 2500))).toBe(true);
    source.fill(0);
    expect(capture.header[2499]).toBe(2499 % 251);
    expect(capture.totalBytes).toBe(10_000);
  });

  it('keeps the whole of a file shorter than its limit', async () => {
    const wav = makeWav({ seconds: 0.01 });
    const capture = new HeaderCapture();
    await pipeline(Readable.from([wav]), capture, hashingSink().sink);
    expect(capture.header.equals(wav)).toBe(true);
  });
});

describe('media fixtures', () => {
  it('makeWav writes the sine it promises', () => {
    const wav = makeWav({ channels: 2, sampleRate: 48_000, bitDepth: 16, seconds: 2 });
    const parsed = parseWavHeader(wav, wav.length);
    if (!parsed.ok) throw new Error(parsed.reason);
    const { dataOffset, blockAlign } = parsed.header;
    const frame = 48_000 + 7;
    const left = wav.readInt16LE(dataOffset + frame * blockAlign);
    const right = wav.readInt16LE(dataOffset + frame * blockAlign + 2);
    expect(left).toBe(Math.round(sineAt(frame, 48_000) * 32767));
    expect(right).toBe(left);
  });

  it.each([200 * MB, 200 * MB + 1])('wavStream produces exactly %d bytes, a valid WAV', async (bytes) => {
    const capture = new HeaderCapture();
    const { sink, bytes: received } = hashingSink();
    await pipeline(wavStream({ bytes }), capture, sink);
    expect(received()).toBe(bytes);
    const inspected = await inspectUpload(capture.header, bytes, 'audio');
    expect(inspected).toMatchObject({ ok: true, inspection: { format: 'wav', dataBytes: bytes - 44 } });
  });
});

describe('inspectUpload: audio', () => {
  const wavCases: [{ channels: number; sampleRate: number; bitDepth: number; float?: boolean }, number][] = [
    [{ channels: 2, sampleRate: 44_100, bitDepth: 16 }, 176_400],
    [{ channels: 2, sampleRate: 96_000, bitDepth: 24 }, 576_000],
    [{ channels: 1, sampleRate: 8_000, bitDepth: 8 }, 8_000],
    [{ channels: 2, sampleRate: 48_000, bitDepth: 32, float: true }, 384_000],
  ];
  it.each(wavCases)('reads a WAV: %j', async (options, byteRate) => {
    const wav = makeWav({ ...options, seconds: 0.25 });
    const result = await inspectUpload(wav, wav.length, 'audio');
    expect(result).toEqual({
      ok: true,
      inspection: {
        kind: 'audio',
        format: 'wav',
        mime: 'audio/wav',
        extension: 'wav',
        channels: options.channels,
        sampleRate: options.sampleRate,
        bitDepth: options.bitDepth,
        encoding: options.float ? 'float' : 'pcm',
        blockAlign: (options.channels * options.bitDepth) / 8,
        durationSeconds: 0.25,
        dataOffset: 44,
        dataBytes: byteRate / 4,
      },
    });
  });

  it('reads a WAV longer than its captured header, with metadata chunks before fmt and data', async () => {
    const wav = makeWav({
      seconds: 10,
      extraChunks: [
        { id: 'LIST', data: 'INFOINAM\x05\0\0\0Song\0\0', position: 'before-fmt' },
        { id: 'bext', data: Buffer.alloc(603) },
        { id: 'id3', data: 'ID3 tag', position: 'after-data' },
      ],
    });
    const header = wav.subarray(0, DEFAULT_HEADER_BYTES);
    const result = await inspectUpload(header, wav.length, 'audio');
    expect(result).toMatchObject({
      ok: true,
      inspection: { format: 'wav', durationSeconds: 10, dataBytes: 1_764_000 },
    });
  });

  it.each(['mp3', 'flac', 'm4a', 'aac'] satisfies CompressedAudioFormat[])(
    'recognises %s by its signature',
    async (format) => {
      const file = makeCompressedAudio(format);
      const result = await inspectUpload(file, file.length, 'audio');
      expect(result).toMatchObject({ ok: true, inspection: { kind: 'audio', format } });
    },
  );

  it.each([
    ['a text file', renamedTextFile()],
    ['an HTML page', renamedTextFile('html')],
    ['a PNG', makePng({ width: 8, height: 8 })],
    ['a JPEG', makeJpeg({ width: 8, height: 8 })],
  ])('refuses %s sent as audio with the spec message', async (_name, file) => {
    const bytes = await file;
    const result = await inspectUpload(bytes, bytes.length, 'audio');
    expect(result).toMatchObject({ ok: false, message: INVALID_AUDIO_FORMAT });
  });

  it('refuses a WAV without a data chunk, and one whose fmt chunk is inconsistent', async () => {
    const wav = makeWav({ seconds: 0.01 });
    const noData = Buffer.from(wav.subarray(0, 36));
    noData.writeUInt32LE(28, 4);
    expect(await inspectUpload(noData, noData.length, 'audio')).toEqual({
      ok: false,
      message: INVALID_AUDIO_FORMAT,
      reason: 'The WAV file has no data chunk',
    });
    const badRate = Buffer.from(wav);
    badRate.writeUInt32LE(1, 28);
    expect(await inspectUpload(badRate, badRate.length, 'audio')).toMatchObject({
      ok: false,
      message: INVALID_AUDIO_FORMAT,
      reason: expect.stringMatching(/byte rate/),
    });
  });

  it('says when the data chunk lies beyond the captured header', async () => {
    const wav = makeWav({ seconds: 0.01, extraChunks: [{ id: 'JUNK', data: Buffer.alloc(2 * MB) }] });
    const result = await inspectUpload(wav.subarray(0, DEFAULT_HEADER_BYTES), wav.length, 'audio');
    expect(result).toMatchObject({ ok: false, message: INVALID_AUDIO_FORMAT, headerTooShort: true });
  });
});

describe('inspectUpload: images', () => {
  it.each([
    ['srgb', 'srgb'],
    ['cmyk', 'cmyk'],
    ['b-w', 'b-w'],
  ] as const)('reads a JPEG’s width, height and colour space (%s)', async (space, expected) => {
    const jpeg = await makeJpeg({ width: 640, height: 480, space });
    expect(await inspectUpload(jpeg, jpeg.length, 'image')).toEqual({
      ok: true,
      inspection: {
        kind: 'image',
        format: 'jpeg',
        mime: 'image/jpeg',
        extension: 'jpg',
        width: 640,
        height: 480,
        space: expected,
      },
    });
  });

  it.each(['jpeg', 'png', 'gif', 'webp', 'bmp'] satisfies FixtureImageFormat[])(
    'accepts %s',
    async (format) => {
      const image = await makeImage(format, { width: 300, height: 200 });
      const result = await inspectUpload(image, image.length, 'image');
      expect(result).toMatchObject({
        ok: true,
        inspection: { format, width: 300, height: 200, space: 'srgb' },
      });
    },
  );

  it.each(['jpeg', 'png', 'gif', 'webp', 'bmp'] satisfies FixtureImageFormat[])(
    'reads %s from the first bytes of a longer file',
    async (format) => {
      const image = await makeImage(format, { width: 1200, height: 900 });
      const header = image.subarray(0, format === 'jpeg' ? 1024 : 64);
      expect(header.length).toBeLessThan(image.length);
      const result = await inspectUpload(header, image.length, 'image');
      expect(result).toMatchObject({ ok: true, inspection: { format, width: 1200, height: 900 } });
    },
  );

  it('reads a PNG with an alpha channel', async () => {
    const png = await makePng({ width: 40, height: 30, alpha: true });
    expect(await inspectUpload(png, png.length, 'image')).toMatchObject({
      ok: true,
      inspection: { format: 'png', mime: 'image/png', width: 40, height: 30 },
    });
  });

  it.each([
    ['a text file', renamedTextFile()],
    ['an HTML page', renamedTextFile('html')],
    ['a WAV', makeWav({ seconds: 0.01 })],
  ])('refuses %s sent as an image with the spec message', async (_name, file) => {
    const result = await inspectUpload(file, file.length, 'image');
    expect(result).toMatchObject({ ok: false, message: INVALID_IMAGE_FORMAT });
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const bomb = await makeOversizedJpeg({ width: 30_000, height: 30_000 });
    expect(bomb.length).toBeLessThan(2000);
    const result = await inspectUpload(bomb, bomb.length, 'image');
    expect(result).toMatchObject({
      ok: false,
      message: INVALID_IMAGE_FORMAT,
      reason: expect.stringMatching(/pixel/),
    });
  });

  it('applies the pixel limit to sizes read by hand too (BMP)', async () => {
    const bmp = makeBmp({ width: 2, height: 2 });
    bmp.writeInt32LE(20_000, 18);
    bmp.writeInt32LE(20_000, 22);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(await inspectUpload(bmp, bmp.length, 'image')).toMatchObject({
      ok: false,
      message: INVALID_IMAGE_FORMAT,
      reason: expect.stringMatching(/over 100000000 pixels/),
    });
  });

  it('refuses a complete file whose signature is followed by garbage', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      renamedTextFile(),
    ]);
    expect(await inspectUpload(fake, fake.length, 'image')).toMatchObject({
      ok: false,
      message: INVALID_IMAGE_FORMAT,
    });
  });

  it('asks for the whole file when a JPEG’s frame header lies beyond the captured start', async () => {
    const jpeg = await makeJpeg({ width: 320, height: 200 });
    const first = await inspectUpload(jpeg.subarray(0, 20), jpeg.length, 'image');
    expect(first).toMatchObject({ ok: false, message: INVALID_IMAGE_FORMAT, headerTooShort: true });
    const whole = await inspectImageFile(Readable.from([jpeg.subarray(0, 100), jpeg.subarray(100)]));
    expect(whole).toMatchObject({ ok: true, inspection: { format: 'jpeg', width: 320, height: 200 } });
  });

  it('inspectImageFile reads buffers, and refuses streams over the 20 MB image limit', async () => {
    const gif = await makeImage('gif', { width: 50, height: 60 });
    expect(await inspectImageFile(gif)).toMatchObject({
      ok: true,
      inspection: { format: 'gif', width: 50, height: 60 },
    });
    const tooLarge = wavStream({ bytes: 21 * MB });
    expect(await inspectImageFile(tooLarge)).toMatchObject({ ok: false, message: IMAGE_TOO_LARGE });
    expect(tooLarge.destroyed).toBe(true);
  });
});
