import { describe, expect, it } from 'vitest';
import { createSha256 } from './sha256';

const ascii = (text: string) => new TextEncoder().encode(text);

function hashInPieces(bytes: Uint8Array, pieceSize: number): string {
  const hash = createSha256();
  for (let offset = 0; offset < bytes.length; offset += pieceSize)
    hash.update(bytes.subarray(offset, offset + pieceSize));
  return hash.hex();
}

describe('createSha256', () => {
  // FIPS 180-4 examples and the NIST test vectors.
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('hashes %j', (text, expected) => {
    const hash = createSha256();
    hash.update(ascii(text));
    expect(hash.hex()).toBe(expected);
  });

  it('hashes a million "a" the same in any piece size', () => {
    const bytes = new Uint8Array(1_000_000).fill(0x61);
    const expected = 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0';
    for (const size of [1, 63, 64, 65, 4096, 1_000_000]) expect(hashInPieces(bytes, size)).toBe(expected);
  });

  it('pads lengths around the block boundary', () => {
    // 55, 56 and 64 bytes: the length fits in the last block, needs one more, fills one exactly.
    expect(hashInPieces(new Uint8Array(55), 7)).toBe(
      '02779466cdec163811d078815c633f21901413081449002f24aa3e80f0b88ef7',
    );
    expect(hashInPieces(new Uint8Array(56), 7)).toBe(
      'd4817aa5497628e7c77e6b606107042bbba3130888c5f47a375e6179be789fbb',
    );
    expect(hashInPieces(new Uint8Array(64), 7)).toBe(
      'f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b',
    );
  });

  it('gives the same digest when asked twice and takes no more input', () => {
    const hash = createSha256();
    hash.update(ascii('abc'));
    const first = hash.hex();
    expect(hash.hex()).toBe(first);
    expect(() => hash.update(ascii('d'))).toThrow();
  });
});
