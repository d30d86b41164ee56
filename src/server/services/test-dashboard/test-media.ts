import sharp from 'sharp';

/**
 * The full submission test's files, made on the spot like an artist's: a real WAV (RIFF header,
 * `fmt `, PCM data of a sine) and a real JPEG, so the upload service's content checks run as they
 * do for anyone.
 */

export const TEST_WAV = {
  sampleRate: 44_100,
  channels: 2,
  bitDepth: 16,
  seconds: 1,
  frequency: 440,
} as const;

/** A 1-second 16-bit stereo WAV of a quiet 440 Hz sine: 44-byte canonical header, then the samples. */
export function makeTestWav(): Buffer {
  const { sampleRate, channels, bitDepth, seconds, frequency } = TEST_WAV;
  const blockAlign = (channels * bitDepth) / 8;
  const frames = sampleRate * seconds;
  const dataBytes = frames * blockAlign;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'latin1');
  wav.write('fmt ', 12, 'latin1');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * blockAlign, 28);
  wav.writeUInt16LE(blockAlign, 32);
  wav.writeUInt16LE(bitDepth, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(dataBytes, 40);
  for (let frame = 0; frame < frames; frame++) {
    const sample = Math.round(0.25 * 32_767 * Math.sin((2 * Math.PI * frequency * frame) / sampleRate));
    for (let channel = 0; channel < channels; channel++) {
      wav.writeInt16LE(sample, 44 + frame * blockAlign + channel * 2);
    }
  }
  return wav;
}

/** A square cover in one colour, encoded by sharp as a JPEG. */
export async function makeTestJpeg(size = 600): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 91, g: 63, b: 214 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
