import { describe, expect, it } from 'vitest';
import { ascii, chunk, concat, u32 } from '../files/test-bytes';
import {
  createWavPcmDecoder,
  decodeWav,
  type EncodeWavOptions,
  encodeWav,
  WAV_PCM_NOT_READ,
} from './wav-pcm';

// Files are written byte by byte here where the test is about the bytes, and with encodeWav where
// it is about the decoder's bookkeeping (chunks, pieces, truncation).

function riff(...chunks: Uint8Array[]): Uint8Array {
  const body = concat(...chunks);
  return concat(ascii('RIFF'), u32(body.length + 4), ascii('WAVE'), body);
}

function fmtBody(tag: number, channels: number, rate: number, bits: number): Uint8Array {
  const body = new Uint8Array(16);
  const view = new DataView(body.buffer);
  view.setUint16(0, tag, true);
  view.setUint16(2, channels, true);
  view.setUint32(4, rate, true);
  view.setUint32(8, (rate * channels * bits) / 8, true);
  view.setUint16(12, (channels * bits) / 8, true);
  view.setUint16(14, bits, true);
  return body;
}

/** The fmt and data chunks of an encoded file (encodeWav writes RIFF, fmt, data in that order). */
function chunksOf(bytes: Uint8Array): { fmt: Uint8Array; data: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fmtSize = view.getUint32(16, true);
  const fmtEnd = 20 + fmtSize;
  return { fmt: bytes.subarray(12, fmtEnd), data: bytes.subarray(fmtEnd) };
}

function decoded(bytes: Uint8Array) {
  const result = decodeWav(bytes);
  if (!result.ok) throw new Error(`expected samples, got: ${result.reason}`);
  return result;
}

/** Feeds `bytes` in pieces of the given sizes (repeated) and joins what comes out, per channel. */
/** `totalSize` null: the decoder is not told the file's size. */
function decodeInPieces(bytes: Uint8Array, sizes: number[], totalSize: number | null = bytes.length) {
  const decoder = createWavPcmDecoder(totalSize === null ? {} : { totalSize });
  const pieces: Float32Array[][] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] as number;
    const pushed = decoder.push(bytes.subarray(at, at + size));
    if (!pushed.ok) throw new Error(pushed.reason);
    if (pushed.samples.length > 0) pieces.push(pushed.samples);
    at += size;
  }
  const channels = decoder.header?.channels ?? 0;
  const samples = Array.from({ length: channels }, (_, c) => {
    const parts = pieces.map((piece) => piece[c] as Float32Array);
    const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  });
  return { samples, end: decoder.end() };
}

/** A test signal that uses the whole range: a ramp from −1 to just under +1 and a sine. */
function signal(frames: number): Float32Array[] {
  const ramp = Float32Array.from({ length: frames }, (_, i) => -1 + (2 * i) / frames);
  const sine = Float32Array.from({ length: frames }, (_, i) => 0.8 * Math.sin(i / 3));
  return [ramp, sine];
}

describe('decodeWav: sample formats, read from bytes written by hand', () => {
  it('reads 16-bit PCM: signed, full scale 32768', () => {
    const data = new Uint8Array(8);
    const view = new DataView(data.buffer);
    [0, 16_384, -32_768, 32_767].forEach((value, i) => {
      view.setInt16(i * 2, value, true);
    });
    const result = decoded(riff(chunk('fmt ', fmtBody(1, 1, 44_100, 16)), chunk('data', data)));
    expect(Array.from(result.samples[0] as Float32Array)).toEqual([0, 0.5, -1, Math.fround(32_767 / 32_768)]);
    expect(result.complete).toBe(true);
  });

  it('reads 24-bit PCM: three little-endian bytes, sign from the top one', () => {
    const data = Uint8Array.of(0xff, 0xff, 0x7f, 0x00, 0x00, 0x80, 0x00, 0x00, 0x40, 0xff, 0xff, 0xff);
    const result = decoded(riff(chunk('fmt ', fmtBody(1, 2, 48_000, 24)), chunk('data', data)));
    expect(Array.from(result.samples[0] as Float32Array)).toEqual([Math.fround(8_388_607 / 8_388_608), 0.5]);
    expect(Array.from(result.samples[1] as Float32Array)).toEqual([-1, Math.fround(-1 / 8_388_608)]);
  });

  it('reads 32-bit PCM, 8-bit (unsigned) PCM, 32-bit and 64-bit float', () => {
    const int32 = new Uint8Array(8);
    new DataView(int32.buffer).setInt32(0, -1_073_741_824, true);
    new DataView(int32.buffer).setInt32(4, 2_147_483_647, true);
    expect(
      Array.from(
        decoded(riff(chunk('fmt ', fmtBody(1, 1, 48_000, 32)), chunk('data', int32)))
          .samples[0] as Float32Array,
      ),
    ).toEqual([-0.5, 1]);

    const uint8 = Uint8Array.of(0, 128, 192, 255);
    expect(
      Array.from(
        decoded(riff(chunk('fmt ', fmtBody(1, 1, 8000, 8)), chunk('data', uint8))).samples[0] as Float32Array,
      ),
    ).toEqual([-1, 0, 0.5, 127 / 128]);

    const float32 = new Uint8Array(8);
    new DataView(float32.buffer).setFloat32(0, -0.25, true);
    new DataView(float32.buffer).setFloat32(4, 1.5, true);
    expect(
      Array.from(
        decoded(riff(chunk('fmt ', fmtBody(3, 1, 48_000, 32)), chunk('data', float32)))
          .samples[0] as Float32Array,
      ),
    ).toEqual([-0.25, 1.5]);

    const float64 = new Uint8Array(16);
    new DataView(float64.buffer).setFloat64(0, 0.125, true);
    new DataView(float64.buffer).setFloat64(8, -2, true);
    expect(
      Array.from(
        decoded(riff(chunk('fmt ', fmtBody(3, 1, 48_000, 64)), chunk('data', float64)))
          .samples[0] as Float32Array,
      ),
    ).toEqual([0.125, -2]);
  });

  it('refuses 64-bit integer PCM, which the header allows but no player decodes', () => {
    const result = decodeWav(
      riff(chunk('fmt ', fmtBody(1, 1, 48_000, 64)), chunk('data', new Uint8Array(16))),
    );
    expect(result).toEqual({ ok: false, reason: 'Samples of 64-bit PCM cannot be decoded' });
  });
});

describe('decodeWav: files written by encodeWav', () => {
  const formats: { name: string; options: Omit<EncodeWavOptions, 'sampleRate' | 'samples'>; step: number }[] =
    [
      { name: '8-bit', options: { bitsPerSample: 8 }, step: 1 / 128 },
      { name: '16-bit', options: { bitsPerSample: 16 }, step: 1 / 32_768 },
      { name: '24-bit', options: { bitsPerSample: 24 }, step: 1 / 8_388_608 },
      { name: '32-bit', options: { bitsPerSample: 32 }, step: 1e-7 },
      { name: '32-bit float', options: { bitsPerSample: 32, encoding: 'float' }, step: 0 },
      { name: '64-bit float', options: { bitsPerSample: 64, encoding: 'float' }, step: 0 },
      {
        name: 'extensible 24-in-32',
        options: { bitsPerSample: 32, extensible: { validBitsPerSample: 24, channelMask: 3 } },
        step: 1 / 8_388_608,
      },
      {
        name: 'extensible float',
        options: { bitsPerSample: 32, encoding: 'float', extensible: { channelMask: 3 } },
        step: 0,
      },
    ];

  for (const { name, options, step } of formats) {
    const input = signal(1999);
    const bytes = encodeWav({ sampleRate: 48_000, samples: input, ...options });

    it(`gives back ${name} samples within one step of the format`, () => {
      const result = decoded(bytes);
      expect(result.header).toMatchObject({ channels: 2, sampleRate: 48_000 });
      for (let c = 0; c < 2; c++) {
        const out = result.samples[c] as Float32Array;
        expect(out).toHaveLength(1999);
        const worst = out.reduce(
          (max, value, i) => Math.max(max, Math.abs(value - ((input[c] as Float32Array)[i] as number))),
          0,
        );
        expect(worst).toBeLessThanOrEqual(step);
      }
    });

    it(`decodes ${name} fed in odd-sized pieces exactly as whole`, () => {
      const whole = decoded(bytes).samples;
      for (const sizes of [[1], [7, 3, 1001], [13, 4096, 5], [44], [bytes.length]]) {
        const { samples, end } = decodeInPieces(bytes, sizes);
        expect(samples).toEqual(whole);
        expect(end).toMatchObject({ ok: true, frames: 1999, expectedFrames: 1999, complete: true });
      }
    });
  }
});

describe('decodeWav: chunks', () => {
  const mono24 = encodeWav({
    sampleRate: 44_100,
    samples: [Float32Array.of(0.5, -0.25, 0.125)],
    bitsPerSample: 24,
  });
  const { fmt, data } = chunksOf(mono24);
  const expected = [0.5, -0.25, 0.125];

  it('pads an odd data chunk (3 frames of 24-bit mono: 9 bytes)', () => {
    expect(data.length).toBe(8 + 9 + 1);
    expect(Array.from(decoded(mono24).samples[0] as Float32Array)).toEqual(expected);
  });

  it('reads chunks in any order, odd-sized ones padded, and skips what follows the data', () => {
    const list = chunk('LIST', ascii('INFOx'));
    const junk = chunk('JUNK', new Uint8Array(3));
    const trailer = chunk('id3 ', ascii('TAG'));
    for (const bytes of [
      riff(list, fmt, junk, data, trailer),
      riff(junk, data, list, fmt),
      riff(fmt, data, trailer, list),
    ]) {
      expect(Array.from(decoded(bytes).samples[0] as Float32Array)).toEqual(expected);
      const { samples } = decodeInPieces(bytes, [1]);
      expect(Array.from(samples[0] as Float32Array)).toEqual(expected);
    }
  });

  it('reads a streamed WAV (data size not recorded) to the end when the size is given', () => {
    const body = data.subarray(8, 17);
    const bytes = riff(fmt, concat(ascii('data'), u32(0xffffffff), body));
    expect(Array.from(decodeInPieces(bytes, [5]).samples[0] as Float32Array)).toEqual(expected);
    const unknown = createWavPcmDecoder();
    expect(unknown.push(bytes)).toEqual({ ok: false, reason: expect.stringMatching(/not recorded/) });
  });
});

describe('decodeWav: files that are cut short or not WAV', () => {
  const bytes = encodeWav({ sampleRate: 48_000, samples: signal(100), bitsPerSample: 16 });

  it('decodes the frames that are there and drops half a frame', () => {
    const cut = bytes.subarray(0, 44 + 10 * 4 + 3);
    // Given the file's size, the header reader takes the data to stop where the file does.
    const result = decoded(cut);
    expect(result.complete).toBe(true);
    expect(result.samples[0]).toHaveLength(10);
    // Without the size, the stream just stops: the header promised more.
    const { samples, end } = decodeInPieces(cut, [9], null);
    expect(samples[1]).toHaveLength(10);
    expect(end).toMatchObject({ ok: true, frames: 10, expectedFrames: 100, complete: false });
  });

  it('says why when the header never arrives', () => {
    const decoder = createWavPcmDecoder();
    expect(decoder.push(bytes.subarray(0, 20))).toEqual({ ok: true, header: undefined, samples: [] });
    expect(decoder.end()).toEqual({ ok: false, reason: expect.stringMatching(/cut short/) });
    expect(createWavPcmDecoder().end()).toEqual({ ok: false, reason: WAV_PCM_NOT_READ });
    expect(decodeWav(bytes.subarray(0, 30))).toEqual({
      ok: false,
      reason: expect.stringMatching(/cut short/),
    });
  });

  it('refuses a file that is not a WAV, and keeps refusing', () => {
    const decoder = createWavPcmDecoder();
    const refusal = { ok: false, reason: 'Not a RIFF file: it does not start with RIFF, RF64 or BW64' };
    expect(decoder.push(ascii('OggS and then some bytes'))).toEqual(refusal);
    expect(decoder.push(bytes)).toEqual(refusal);
    expect(decoder.end()).toEqual(refusal);
  });
});
