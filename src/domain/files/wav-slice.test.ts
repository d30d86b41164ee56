import { describe, expect, it } from 'vitest';
import { ascii, chunk, concat, fmtBody, u32 } from './test-bytes';
import { parseWavHeader, WAVE_FORMAT_EXTENSIBLE } from './wav-header';
import {
  buildWavClipHeader,
  CLIP_ENDS_BEFORE_START,
  CLIP_SOURCE_NOT_WAV,
  CLIP_STARTS_AFTER_END,
  CLIP_TIME_UNREADABLE,
  computeWavSlice,
  findFmtChunk,
  formatClipTime,
  planWavClip,
} from './wav-slice';

// Each test writes the bytes it feeds in, field by field, so it says exactly which file it cuts.

function extensibleFmtBody(): Uint8Array {
  const body = new Uint8Array(40);
  body.set(fmtBody({ tag: WAVE_FORMAT_EXTENSIBLE, channels: 2, rate: 48_000, bits: 32 }));
  const view = new DataView(body.buffer);
  view.setUint16(16, 22, true);
  view.setUint16(18, 24, true);
  view.setUint32(20, 3, true);
  body.set([1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71], 24);
  return body;
}

/** Samples numbered by frame: byte i of the data is i % 251, so any offset can be checked. */
function numberedData(bytes: number): Uint8Array {
  return Uint8Array.from({ length: bytes }, (_, i) => i % 251);
}

function wav(fmt: Uint8Array, dataBytes: number, before: Uint8Array[] = []): Uint8Array {
  const body = concat(ascii('WAVE'), chunk('fmt ', fmt), ...before, chunk('data', numberedData(dataBytes)));
  return concat(ascii('RIFF'), u32(body.length), body);
}

function plan(file: Uint8Array, startTime: string, endTime: string) {
  const result = planWavClip(file, file.length, { startTime, endTime });
  if (!result.ok) throw new Error(`expected a plan, got: ${result.reason}`);
  return result.plan;
}

function refusal(file: Uint8Array, startTime: string, endTime: string) {
  const result = planWavClip(file, file.length, { startTime, endTime });
  if (result.ok) throw new Error('expected the clip to be refused');
  return result.reason;
}

/** The clip file the job writes: header, the sliced samples, the trailer. */
function assemble(file: Uint8Array, p: ReturnType<typeof plan>): Uint8Array {
  return concat(p.header, file.subarray(p.slice.sourceStart, p.slice.sourceEnd), p.trailer);
}

describe('computeWavSlice', () => {
  const header = { sampleRate: 44_100, blockAlign: 4, dataOffset: 44, dataBytes: 10 * 44_100 * 4 };

  it('starts and ends on the frames of the given seconds, in whole frames from the data chunk', () => {
    const result = computeWavSlice(header, 2, 5);
    expect(result).toEqual({
      ok: true,
      slice: {
        startFrame: 88_200,
        endFrame: 220_500,
        frames: 132_300,
        sourceStart: 44 + 88_200 * 4,
        sourceEnd: 44 + 220_500 * 4,
        dataBytes: 132_300 * 4,
        clamped: false,
        startSeconds: 2,
        endSeconds: 5,
      },
    });
  });

  it('rounds fractional times to the nearest frame', () => {
    const result = computeWavSlice({ ...header, sampleRate: 8000, blockAlign: 1 }, 0.00006, 0.00019);
    expect(result.ok && [result.slice.startFrame, result.slice.endFrame]).toEqual([0, 2]);
  });

  it('stops at the last whole frame when the clip runs past the end', () => {
    // 10 s of audio plus 3 stray bytes of a frame the writer never finished.
    const result = computeWavSlice({ ...header, dataBytes: header.dataBytes + 3 }, 8, 12);
    expect(result.ok && result.slice).toMatchObject({
      startFrame: 352_800,
      endFrame: 441_000,
      frames: 88_200,
      dataBytes: 88_200 * 4,
      clamped: true,
      endSeconds: 10,
    });
  });

  it('refuses a clip that starts at or after the end, or ends before it starts', () => {
    expect(computeWavSlice(header, 10, 20)).toEqual({ ok: false, reason: CLIP_STARTS_AFTER_END });
    expect(computeWavSlice(header, 11, 20)).toEqual({ ok: false, reason: CLIP_STARTS_AFTER_END });
    expect(computeWavSlice(header, 5, 5)).toEqual({ ok: false, reason: CLIP_ENDS_BEFORE_START });
    expect(computeWavSlice(header, 6, 5)).toEqual({ ok: false, reason: CLIP_ENDS_BEFORE_START });
    expect(CLIP_STARTS_AFTER_END).toBe('The clip starts after the end of the track');
  });
});

describe('planWavClip', () => {
  it('makes a canonical 44-byte header for 16-bit stereo PCM and slices whole frames', () => {
    const file = wav(fmtBody(), 3 * 44_100 * 4);
    const p = plan(file, '00:01', '00:02');
    expect(p.header.length).toBe(44);
    expect(p.trailer.length).toBe(0);
    expect(p.slice).toMatchObject({ startFrame: 44_100, endFrame: 88_200, dataBytes: 44_100 * 4 });
    expect(p.slice.sourceStart).toBe(44 + 44_100 * 4);

    const clip = assemble(file, p);
    expect(clip.length).toBe(p.fileBytes);
    const parsed = parseWavHeader(clip, clip.length);
    expect(parsed.ok && parsed.header).toMatchObject({
      container: 'RIFF',
      channels: 2,
      sampleRate: 44_100,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 44_100 * 4,
      durationSeconds: 1,
    });
    // The fmt chunk is the source's, byte for byte; the samples are the ones at second 1.
    expect(clip.subarray(12, 36)).toEqual(file.subarray(12, 36));
    expect(clip.subarray(44, 52)).toEqual(file.subarray(44 + 44_100 * 4, 44 + 44_100 * 4 + 8));
    expect(new DataView(clip.buffer).getUint32(4, true)).toBe(clip.length - 8);
  });

  it('finds the data past LIST and bext chunks, and leaves them out of the clip', () => {
    const list = chunk('LIST', concat(ascii('INFO'), chunk('INAM', ascii('Song 1\0'))));
    const bext = chunk('bext', new Uint8Array(603));
    const file = wav(fmtBody({ channels: 1, bits: 16, rate: 8000 }), 16_000, [list, bext]);
    const p = plan(file, '00:00', '00:01');
    expect(p.source.dataOffset).toBe(12 + 24 + list.length + bext.length + 8);
    expect(p.slice.sourceStart).toBe(p.source.dataOffset);
    const clip = assemble(file, p);
    expect(clip.length).toBe(44 + 16_000);
    expect(clip.subarray(44)).toEqual(file.subarray(p.source.dataOffset, p.source.dataOffset + 16_000));
  });

  it('keeps an extensible fmt chunk as it is, with a fact chunk giving the frame count', () => {
    const fmt = extensibleFmtBody();
    const file = wav(fmt, 2 * 48_000 * 8);
    const p = plan(file, '00:01', '00:02');
    expect(p.header.length).toBe(12 + 8 + 40 + 12 + 8);
    const clip = assemble(file, p);
    expect(findFmtChunk(clip)).toEqual(fmt);
    const view = new DataView(clip.buffer);
    expect(String.fromCharCode(...clip.subarray(60, 64))).toBe('fact');
    expect(view.getUint32(68, true)).toBe(48_000);
    const parsed = parseWavHeader(clip, clip.length);
    expect(parsed.ok && parsed.header).toMatchObject({
      audioFormat: WAVE_FORMAT_EXTENSIBLE,
      subFormat: 1,
      validBitsPerSample: 24,
      channelMask: 3,
      dataBytes: 48_000 * 8,
    });
  });

  it('pads an odd-sized data chunk, as RIFF chunks must be word-aligned', () => {
    // 24-bit mono: 3 bytes a frame, so an odd number of frames is an odd number of bytes.
    const file = wav(fmtBody({ channels: 1, bits: 24, rate: 8000 }), 3 * 8000 + 3);
    const p = plan(file, '00:00', '00:02');
    expect(p.slice).toMatchObject({ frames: 8001, dataBytes: 24_003, clamped: true });
    expect(p.trailer).toEqual(new Uint8Array(1));
    const clip = assemble(file, p);
    expect(clip.length).toBe(44 + 24_003 + 1);
    const parsed = parseWavHeader(clip, clip.length);
    expect(parsed.ok && parsed.header.dataBytes).toBe(24_003);
  });

  it('says why a clip cannot be cut', () => {
    const file = wav(fmtBody(), 44_100 * 4);
    expect(refusal(file, '00:02', '00:30')).toBe(CLIP_STARTS_AFTER_END);
    expect(refusal(file, '00:01', '00:01')).toBe(CLIP_ENDS_BEFORE_START);
    expect(refusal(file, '1:5', '00:30')).toBe(CLIP_TIME_UNREADABLE);
    const notWav = concat(ascii('ID3\u0004'), new Uint8Array(200));
    expect(refusal(notWav, '00:00', '00:30')).toBe(
      `${CLIP_SOURCE_NOT_WAV}: Not a RIFF file: it does not start with RIFF, RF64 or BW64`,
    );
    const mulaw = wav(fmtBody({ tag: 7, channels: 1, bits: 8, rate: 8000 }), 8000);
    expect(refusal(mulaw, '00:00', '00:01')).toBe(
      `${CLIP_SOURCE_NOT_WAV}: Unsupported WAV encoding 0x0007: only PCM and IEEE float are accepted`,
    );
  });
});

describe('buildWavClipHeader', () => {
  it('writes RIFF sizes that add up', () => {
    const built = buildWavClipHeader(fmtBody(), 1000, 4);
    const view = new DataView(built.header.buffer);
    expect(built.fileBytes).toBe(1044);
    expect(view.getUint32(4, true)).toBe(1036);
    expect(view.getUint32(40, true)).toBe(1000);
  });

  it('adds a fact chunk for IEEE float', () => {
    const built = buildWavClipHeader(fmtBody({ tag: 3, bits: 32 }), 800, 8);
    expect(built.header.length).toBe(56);
    expect(new DataView(built.header.buffer).getUint32(44, true)).toBe(100);
  });
});

describe('formatClipTime', () => {
  it('writes minutes and seconds, rounding down', () => {
    expect(formatClipTime(0)).toBe('00:00');
    expect(formatClipTime(59.9)).toBe('00:59');
    expect(formatClipTime(190)).toBe('03:10');
    expect(formatClipTime(6000)).toBe('100:00');
  });
});
