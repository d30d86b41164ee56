/** Bytes written field by field, as a file's writer writes them: for the tests of file formats. */

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Bytes written as hex pairs separated by white space: '52 49 46 46'. */
export function hex(text: string): Uint8Array {
  return Uint8Array.from(text.trim().split(/\s+/), (pair) => Number.parseInt(pair, 16));
}

/** A little-endian 32-bit number. */
export function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, true);
  return out;
}

/** A RIFF chunk with its header, and the pad byte when the body is odd-sized. */
export function chunk(id: string, body: Uint8Array, declaredSize = body.length): Uint8Array {
  const pad = body.length % 2 === 1 ? new Uint8Array(1) : new Uint8Array(0);
  return concat(ascii(id), u32(declaredSize), body, pad);
}

export interface Fmt {
  tag?: number;
  channels?: number;
  rate?: number;
  bits?: number;
  blockAlign?: number;
  byteRate?: number;
}

/** The 16-byte body of a WAV fmt chunk; block align and byte rate follow from the rest unless given. */
export function fmtBody({
  tag = 1,
  channels = 2,
  rate = 44100,
  bits = 16,
  blockAlign,
  byteRate,
}: Fmt = {}): Uint8Array {
  const align = blockAlign ?? (channels * bits) / 8;
  const body = new Uint8Array(16);
  const view = new DataView(body.buffer);
  view.setUint16(0, tag, true);
  view.setUint16(2, channels, true);
  view.setUint32(4, rate, true);
  view.setUint32(8, byteRate ?? rate * align, true);
  view.setUint16(12, align, true);
  view.setUint16(14, bits, true);
  return body;
}
