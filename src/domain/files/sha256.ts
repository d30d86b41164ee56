/**
 * SHA-256 (FIPS 180-4) fed in pieces: the verify page hashes a dropped 200 MB WAV a slice at a
 * time, which `crypto.subtle.digest` (one buffer, whole) cannot do without holding the file in
 * memory. Pure TypeScript, so the browser and the tests run the same code.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

export interface Sha256 {
  update(bytes: Uint8Array): void;
  /** The digest as 64 lower-case hex digits; the hash takes no more input after. */
  hex(): string;
}

export function createSha256(): Sha256 {
  const state = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const block = new Uint8Array(64);
  let blockLength = 0;
  let totalBytes = 0;
  let finished = false;

  const compress = (bytes: Uint8Array, offset: number) => {
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      w[i] =
        ((bytes[j] as number) << 24) |
        ((bytes[j + 1] as number) << 16) |
        ((bytes[j + 2] as number) << 8) |
        (bytes[j + 3] as number);
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
    }
    let a = state[0] as number;
    let b = state[1] as number;
    let c = state[2] as number;
    let d = state[3] as number;
    let e = state[4] as number;
    let f = state[5] as number;
    let g = state[6] as number;
    let h = state[7] as number;
    for (let i = 0; i < 64; i++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + s1 + ch + (K[i] as number) + (w[i] as number)) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    state[0] = ((state[0] as number) + a) | 0;
    state[1] = ((state[1] as number) + b) | 0;
    state[2] = ((state[2] as number) + c) | 0;
    state[3] = ((state[3] as number) + d) | 0;
    state[4] = ((state[4] as number) + e) | 0;
    state[5] = ((state[5] as number) + f) | 0;
    state[6] = ((state[6] as number) + g) | 0;
    state[7] = ((state[7] as number) + h) | 0;
  };

  return {
    update(bytes) {
      if (finished) throw new Error('This SHA-256 is finished');
      totalBytes += bytes.length;
      let offset = 0;
      if (blockLength > 0) {
        const take = Math.min(64 - blockLength, bytes.length);
        block.set(bytes.subarray(0, take), blockLength);
        blockLength += take;
        offset = take;
        if (blockLength < 64) return;
        compress(block, 0);
        blockLength = 0;
      }
      // Whole blocks straight from the input, without copying.
      for (; offset + 64 <= bytes.length; offset += 64) compress(bytes, offset);
      block.set(bytes.subarray(offset), 0);
      blockLength = bytes.length - offset;
    },
    hex() {
      if (!finished) {
        finished = true;
        const bits = totalBytes * 8;
        block[blockLength++] = 0x80;
        if (blockLength > 56) {
          block.fill(0, blockLength);
          compress(block, 0);
          blockLength = 0;
        }
        block.fill(0, blockLength, 56);
        // The length in bits, big-endian over 8 bytes (2^53 bytes is beyond any file).
        const high = Math.floor(bits / 2 ** 32);
        const low = bits >>> 0;
        block[56] = high >>> 24;
        block[57] = (high >>> 16) & 0xff;
        block[58] = (high >>> 8) & 0xff;
        block[59] = high & 0xff;
        block[60] = low >>> 24;
        block[61] = (low >>> 16) & 0xff;
        block[62] = (low >>> 8) & 0xff;
        block[63] = low & 0xff;
        compress(block, 0);
      }
      return Array.from(state, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
    },
  };
}
