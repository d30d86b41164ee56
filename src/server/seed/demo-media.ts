import sharp from 'sharp';

/**
 * Media for the demo submissions, made at seed time so no binary files are checked in: a short
 * WAV with a soft chord, and a square JPEG cover with the release's title.
 */

const SAMPLE_RATE = 44_100;
const CHANNELS = 2;
const BYTES_PER_SAMPLE = 2;

/** A major triad on `rootHz`, faded in and out so it starts and ends without a click. */
export function makeDemoWav(options: { seconds: number; rootHz: number }): Buffer {
  const frames = Math.round(options.seconds * SAMPLE_RATE);
  const dataBytes = frames * CHANNELS * BYTES_PER_SAMPLE;
  const file = Buffer.alloc(44 + dataBytes);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(36 + dataBytes, 4);
  file.write('WAVE', 8, 'latin1');
  file.write('fmt ', 12, 'latin1');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20); // integer PCM
  file.writeUInt16LE(CHANNELS, 22);
  file.writeUInt32LE(SAMPLE_RATE, 24);
  file.writeUInt32LE(SAMPLE_RATE * CHANNELS * BYTES_PER_SAMPLE, 28);
  file.writeUInt16LE(CHANNELS * BYTES_PER_SAMPLE, 32);
  file.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  file.write('data', 36, 'latin1');
  file.writeUInt32LE(dataBytes, 40);
  const partials = [1, 5 / 4, 3 / 2].map((ratio) => options.rootHz * ratio);
  const fadeFrames = Math.min(Math.round(0.3 * SAMPLE_RATE), Math.floor(frames / 2));
  for (let frame = 0; frame < frames; frame++) {
    const t = frame / SAMPLE_RATE;
    const envelope = Math.min(1, frame / fadeFrames, (frames - 1 - frame) / fadeFrames);
    const value =
      (0.5 * envelope * partials.reduce((sum, hz) => sum + Math.sin(2 * Math.PI * hz * t), 0)) /
      partials.length;
    const sample = Math.round(value * 32_767);
    for (let channel = 0; channel < CHANNELS; channel++) {
      file.writeInt16LE(sample, 44 + (frame * CHANNELS + channel) * BYTES_PER_SAMPLE);
    }
  }
  return file;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A solid-colour square cover with the title and the artist's name. */
export async function makeDemoArtwork(options: {
  title: string;
  artistName: string;
  colour: { r: number; g: number; b: number };
  size?: number;
}): Promise<Buffer> {
  const size = options.size ?? 1000;
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
      <rect x="${size * 0.08}" y="${size * 0.08}" width="${size * 0.84}" height="${size * 0.84}"
        fill="none" stroke="white" stroke-opacity="0.6" stroke-width="${size * 0.01}"/>
      <text x="50%" y="52%" text-anchor="middle" font-family="sans-serif" font-weight="bold"
        font-size="${size * 0.1}" fill="white">${escapeXml(options.title)}</text>
      <text x="50%" y="62%" text-anchor="middle" font-family="sans-serif"
        font-size="${size * 0.045}" fill="white" fill-opacity="0.85">${escapeXml(options.artistName)}</text>
    </svg>`,
  );
  return sharp({
    create: { width: size, height: size, channels: 3, background: options.colour },
  })
    .composite([{ input: overlay }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
