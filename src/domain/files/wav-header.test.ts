import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascii, chunk, concat, type Fmt, fmtBody, u32 } from './test-bytes';
import {
  parseWavHeader,
  WAVE_FORMAT_EXTENSIBLE,
  WAVE_FORMAT_IEEE_FLOAT,
  WAVE_FORMAT_PCM,
} from './wav-header';

// The bytes are written field by field here, as a WAV writer does, so each test states exactly
// which header it feeds the parser.

/** KSDATAFORMAT_SUBTYPE_PCM / _IEEE_FLOAT: the code, then 00000000-0010-8000-00AA00389B71. */
function subtypeGuid(code: number): number[] {
  return [code, 0, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
}

function extensibleFmtBody(
  { channels = 2, rate = 48000, bits = 32, validBits = 24, mask = 3, subFormat = 1 } = {},
  guid = subtypeGuid(subFormat),
): Uint8Array {
  const body = new Uint8Array(40);
  body.set(fmtBody({ tag: WAVE_FORMAT_EXTENSIBLE, channels, rate, bits }));
  const view = new DataView(body.buffer);
  view.setUint16(16, 22, true);
  view.setUint16(18, validBits, true);
  view.setUint32(20, mask, true);
  body.set(guid, 24);
  return body;
}

function riff(chunks: Uint8Array[], container = 'RIFF', form = 'WAVE'): Uint8Array {
  const body = concat(...chunks);
  return concat(
    ascii(container),
    u32(container === 'RIFF' ? body.length + 4 : 0xffffffff),
    ascii(form),
    body,
  );
}

const fmt = (options?: Fmt) => chunk('fmt ', fmtBody(options));
const data = (bytes: number, declared = bytes) => chunk('data', new Uint8Array(bytes), declared);

function parsed(bytes: Uint8Array, totalSize?: number) {
  const result = parseWavHeader(bytes, totalSize);
  if (!result.ok) throw new Error(`expected a header, got: ${result.reason}`);
  return result.header;
}

function reasonOf(bytes: Uint8Array, totalSize?: number) {
  const result = parseWavHeader(bytes, totalSize);
  if (result.ok) throw new Error('expected the header to be refused');
  return result;
}

describe('parseWavHeader: well-formed files', () => {
  it('reads a canonical 44-byte header: 16-bit stereo 44.1 kHz, one second', () => {
    const bytes = riff([fmt(), data(176_400)]);
    expect(parsed(bytes, bytes.length)).toEqual({
      container: 'RIFF',
      audioFormat: WAVE_FORMAT_PCM,
      encoding: 'pcm',
      channels: 2,
      sampleRate: 44100,
      byteRate: 176_400,
      blockAlign: 4,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 176_400,
      durationSeconds: 1,
    });
  });

  it('reads 24-bit stereo at 96 kHz', () => {
    const bytes = riff([fmt({ bits: 24, rate: 96_000 }), data(288_000)]);
    const header = parsed(bytes);
    expect(header).toMatchObject({ bitsPerSample: 24, sampleRate: 96_000, blockAlign: 6, byteRate: 576_000 });
    expect(header.durationSeconds).toBe(0.5);
  });

  it('reads 32-bit IEEE float', () => {
    const header = parsed(riff([fmt({ tag: WAVE_FORMAT_IEEE_FLOAT, bits: 32, rate: 48_000 }), data(384)]));
    expect(header).toMatchObject({ audioFormat: 3, encoding: 'float', bitsPerSample: 32, blockAlign: 8 });
  });

  it('reads 64-bit float mono and 8-bit PCM', () => {
    expect(parsed(riff([fmt({ tag: 3, bits: 64, channels: 1 }), data(8)])).encoding).toBe('float');
    expect(parsed(riff([fmt({ bits: 8, channels: 1, rate: 8000 }), data(8000)])).durationSeconds).toBe(1);
  });

  it('reads WAVE_FORMAT_EXTENSIBLE with its sub-format, valid bits and channel mask', () => {
    const body = extensibleFmtBody({ channels: 6, rate: 48_000, bits: 24, validBits: 24, mask: 0x3f });
    const header = parsed(riff([chunk('fmt ', body), data(48_000 * 18)]));
    expect(header).toMatchObject({
      audioFormat: WAVE_FORMAT_EXTENSIBLE,
      subFormat: WAVE_FORMAT_PCM,
      encoding: 'pcm',
      channels: 6,
      bitsPerSample: 24,
      validBitsPerSample: 24,
      channelMask: 0x3f,
      blockAlign: 18,
      durationSeconds: 1,
    });
  });

  it('reads an extensible float file and 24-in-32-bit containers', () => {
    const float = parsed(riff([chunk('fmt ', extensibleFmtBody({ subFormat: 3, validBits: 32 })), data(8)]));
    expect(float).toMatchObject({ subFormat: 3, encoding: 'float' });
    const packed = parsed(riff([chunk('fmt ', extensibleFmtBody({ bits: 32, validBits: 24 })), data(8)]));
    expect(packed).toMatchObject({ bitsPerSample: 32, validBitsPerSample: 24, blockAlign: 8 });
  });

  it('walks past a LIST chunk before fmt', () => {
    const list = chunk('LIST', concat(ascii('INFO'), chunk('INAM', ascii('Title\0'))));
    const bytes = riff([list, fmt(), data(400)]);
    expect(parsed(bytes).dataOffset).toBe(12 + list.length + 24 + 8);
  });

  it('skips the pad byte after an odd-sized chunk', () => {
    const odd = chunk('iXML', ascii('<BWFXML/>'));
    expect(odd.length).toBe(8 + 9 + 1);
    const bytes = riff([fmt(), odd, data(4)]);
    expect(parsed(bytes)).toMatchObject({ dataOffset: 12 + 24 + 18 + 8, dataBytes: 4 });
  });

  it('finds fmt and data among bext, JUNK, fact and iXML chunks in any order', () => {
    const bytes = riff([
      chunk('JUNK', new Uint8Array(28)),
      chunk('bext', new Uint8Array(602)),
      fmt({ bits: 24 }),
      chunk('fact', u32(100)),
      chunk('iXML', ascii('<x/>')),
      data(600),
    ]);
    expect(parsed(bytes)).toMatchObject({ bitsPerSample: 24, dataBytes: 600 });
  });

  it('accepts fmt after a data chunk of recorded size', () => {
    const bytes = riff([data(40), fmt()]);
    expect(parsed(bytes)).toMatchObject({ dataOffset: 20, dataBytes: 40 });
  });

  it('reads a header given as a view into a larger buffer', () => {
    const whole = concat(new Uint8Array(7), riff([fmt(), data(8)]));
    expect(parsed(whole.subarray(7)).dataBytes).toBe(8);
  });
});

describe('parseWavHeader: sizes', () => {
  it.each([0, 0xffffffff])(
    'takes a streamed WAV (data size %d) to run to the end of the file',
    (declared) => {
      const head = riff([fmt(), chunk('data', new Uint8Array(0), declared)]);
      const header = parsed(head, head.length + 176_400 * 3);
      expect(header.dataBytes).toBe(176_400 * 3);
      expect(header.durationSeconds).toBe(3);
    },
  );

  it('refuses a streamed WAV when the file size is unknown', () => {
    const head = riff([fmt(), chunk('data', new Uint8Array(0), 0)]);
    expect(reasonOf(head).reason).toMatch(/not recorded/);
  });

  it('uses the size in the header when only the start of the file is given', () => {
    const head = riff([fmt(), data(0, 176_400 * 60)]);
    expect(parsed(head, 44 + 176_400 * 60).durationSeconds).toBe(60);
    expect(parsed(head).durationSeconds).toBe(60);
  });

  it('counts only the samples a cut-off file really holds', () => {
    const head = riff([fmt(), data(0, 176_400 * 60)]);
    expect(parsed(head, 44 + 176_400).dataBytes).toBe(176_400);
  });

  it('reads RF64 with 64-bit sizes from the ds64 chunk', () => {
    const dataSize = 5_000_000_000;
    const ds64 = new Uint8Array(28);
    const view = new DataView(ds64.buffer);
    view.setBigUint64(0, BigInt(dataSize + 100), true);
    view.setBigUint64(8, BigInt(dataSize), true);
    view.setBigUint64(16, BigInt(dataSize / 4), true);
    for (const container of ['RF64', 'BW64']) {
      const head = riff(
        [chunk('ds64', ds64), fmt(), chunk('data', new Uint8Array(0), 0xffffffff)],
        container,
      );
      const header = parsed(head, head.length + dataSize);
      expect(header).toMatchObject({ container, dataBytes: dataSize, dataOffset: head.length });
      expect(header.durationSeconds).toBeCloseTo(dataSize / 176_400, 6);
    }
  });

  it('refuses RF64 without a ds64 chunk first', () => {
    expect(reasonOf(riff([fmt(), data(4)], 'RF64')).reason).toMatch(/ds64/);
  });
});

describe('parseWavHeader: refusals', () => {
  it.each([
    ['an empty buffer', new Uint8Array(0)],
    ['eleven bytes', ascii('RIFF\0\0\0\0WAV')],
  ])('says %s is cut short', (_name, bytes) => {
    expect(reasonOf(bytes)).toMatchObject({ truncated: true });
  });

  it('refuses non-RIFF files and RIFF files of another form', () => {
    expect(reasonOf(ascii('hello world, this is text')).reason).toMatch(/Not a RIFF file/);
    expect(reasonOf(riff([chunk('avih', new Uint8Array(56))], 'RIFF', 'AVI ')).reason).toMatch(
      /Not a WAVE file/,
    );
  });

  it('refuses a file with no data chunk', () => {
    const bytes = riff([fmt(), chunk('LIST', ascii('INFO'))]);
    const result = reasonOf(bytes, bytes.length);
    expect(result.reason).toBe('The WAV file has no data chunk');
    expect(result.truncated).toBeFalsy();
  });

  it('refuses a file with no fmt chunk', () => {
    const bytes = riff([data(8)]);
    expect(reasonOf(bytes, bytes.length).reason).toBe('The WAV file has no fmt chunk');
  });

  it('says when the header is cut short inside the fmt chunk', () => {
    const bytes = riff([fmt(), data(8)]).subarray(0, 30);
    expect(reasonOf(bytes, 1000)).toMatchObject({ truncated: true, reason: expect.stringMatching(/fmt/) });
  });

  it('says when the data chunk lies beyond the bytes given', () => {
    const bytes = riff([fmt(), chunk('LIST', new Uint8Array(5000)), data(8)]);
    const result = reasonOf(bytes.subarray(0, 1024), bytes.length);
    expect(result).toMatchObject({
      truncated: true,
      reason: expect.stringMatching(/no data chunk within the first 1024/),
    });
  });

  it('refuses a chunk that runs past the end of the file', () => {
    const bytes = riff([fmt(), chunk('LIST', new Uint8Array(4), 9000)]);
    expect(reasonOf(bytes, bytes.length).reason).toMatch(/'LIST' chunk runs past the end/);
  });

  it('refuses fmt after a data chunk of unrecorded size', () => {
    const bytes = riff([chunk('data', new Uint8Array(8), 0), fmt()]);
    expect(reasonOf(bytes, bytes.length).reason).toMatch(/must come before/);
  });

  it.each([
    ['0 channels', { channels: 0 }, /channel count 0/],
    ['33 channels', { channels: 33 }, /channel count 33/],
    ['7999 Hz', { rate: 7999 }, /sample rate 7999 Hz/],
    ['768001 Hz', { rate: 768_001 }, /sample rate 768001 Hz/],
    ['12 bits', { bits: 12, blockAlign: 3 }, /12 bits per sample/],
    ['16-bit float', { tag: 3, bits: 16 }, /float WAV has 32 or 64 bits/],
    ['a wrong block align', { blockAlign: 2 }, /block align 2 does not match/],
    ['a wrong byte rate', { byteRate: 1000 }, /byte rate 1000 does not match/],
    ['IMA ADPCM', { tag: 0x11, bits: 4, blockAlign: 1 }, /Unsupported WAV encoding 0x0011/],
    ['A-law', { tag: 6, bits: 8 }, /Unsupported WAV encoding 0x0006/],
  ] satisfies [string, Fmt, RegExp][])('refuses %s', (_name, options, reason) => {
    expect(reasonOf(riff([fmt(options), data(8)])).reason).toMatch(reason);
  });

  it('refuses a fmt chunk shorter than 16 bytes', () => {
    expect(reasonOf(riff([chunk('fmt ', new Uint8Array(14)), data(8)])).reason).toMatch(
      /fmt chunk is too short/,
    );
  });

  it('refuses extensible files with a short extension or a foreign sub-format', () => {
    const short = chunk('fmt ', fmtBody({ tag: WAVE_FORMAT_EXTENSIBLE }));
    expect(reasonOf(riff([short, data(8)])).reason).toMatch(/extensible fmt chunk is too short/);
    const foreignGuid = subtypeGuid(1).map((byte, i) => (i === 15 ? 0 : byte));
    expect(reasonOf(riff([chunk('fmt ', extensibleFmtBody({}, foreignGuid)), data(8)])).reason).toMatch(
      /not PCM or IEEE float/,
    );
    const mp3InWav = chunk('fmt ', extensibleFmtBody({ subFormat: 0x55 }));
    expect(reasonOf(riff([mp3InWav, data(8)])).reason).toMatch(/0x0055/);
    const tooManyValidBits = chunk('fmt ', extensibleFmtBody({ bits: 16, validBits: 24 }));
    expect(reasonOf(riff([tooManyValidBits, data(8)])).reason).toMatch(/valid bits/);
  });
});

describe('parseWavHeader: robustness', () => {
  const complete = riff([
    chunk('LIST', concat(ascii('INFO'), chunk('IART', ascii('Artist')))),
    chunk('fmt ', extensibleFmtBody()),
    chunk('bext', new Uint8Array(7)),
    data(64),
  ]);
  const dataOffset = parsed(complete).dataOffset;

  it('answers every prefix of a header: cut short before the data chunk, parsed from there on', () => {
    for (let length = 0; length <= complete.length; length++) {
      const result = parseWavHeader(complete.subarray(0, length), complete.length);
      if (length >= dataOffset) expect(result.ok, `prefix ${length}`).toBe(true);
      else expect(result, `prefix ${length}`).toMatchObject({ ok: false, truncated: true });
    }
  });

  it('never throws on arbitrary bytes, with or without a RIFF/WAVE start', () => {
    const start = fc.constantFrom(
      new Uint8Array(0),
      ascii('RIFF\0\0\0\0WAVE'),
      ascii('RF64\xff\xff\xff\xffWAVE'),
    );
    fc.assert(
      fc.property(start, fc.uint8Array({ maxLength: 200 }), fc.option(fc.nat(1000)), (head, tail, total) => {
        const result = parseWavHeader(concat(head, tail), total ?? undefined);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });

  it('never throws on a real header with bytes changed and cut anywhere', () => {
    const ds64 = chunk('ds64', new Uint8Array(28));
    const rf64 = riff([ds64, chunk('fmt ', extensibleFmtBody()), data(0, 0xffffffff)], 'RF64');
    const mutation = fc.tuple(fc.nat(complete.length - 1), fc.integer({ min: 0, max: 255 }));
    fc.assert(
      fc.property(
        fc.constantFrom(complete, rf64),
        fc.array(mutation, { maxLength: 6 }),
        fc.nat(complete.length),
        fc.option(fc.nat(100_000)),
        (original, changes, length, total) => {
          const bytes = original.slice(0, length);
          for (const [at, value] of changes) if (at < bytes.length) bytes[at] = value;
          const result = parseWavHeader(bytes, total ?? undefined);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
  });
});
