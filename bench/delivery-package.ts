// npm run bench:delivery — how fast a release's DDEX package is written as a streamed ZIP
// (services/delivery/package-zip.ts), against the least a ZIP of the same files costs. It makes a
// 10-track album on disk (24-bit 48 kHz stereo WAVs with real headers, then silence, TRACK_MB each)
// and a 3000 x 3000 JPEG cover, then for ROUNDS alternating rounds, after one warm-up of each not
// counted, writes the package to a file on disk two ways:
//   - streamPackageZip: the files opened one by one as the archive reaches them, each through its
//     length check, sizes known up front (the archive's length announced before a byte is read);
//   - bare yazl: addFile of the same files, stored, the library on its own.
// Within a round the two take turns going first. Prints, min / median / max: seconds, MB/s, the
// ratio of our MB/s to the bare one's in the same round, and the process's peak RSS growth during
// each. Prints figures; asserts nothing (the machine is shared and noisy); the goal: the package at
// least 0.8x the bare ZIP's MB/s, by the median ratio. Writes what it prints to
// bench/results/delivery.md (BENCH_RESULTS=0: not).
//   TRACK_MB=50   size of each WAV
//   ROUNDS=3      measured rounds
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { ZipFile } from 'yazl';
import {
  packageAudioName,
  packageCoverName,
  streamPackageZip,
} from '../src/server/services/delivery/package-zip';
import { wavStream } from '../src/server/test/media-fixtures';
import { benchResults } from './support/results';
import { formatStats, stats } from './support/stats';

const MiB = 1024 * 1024;
const trackMb = Number(process.env.TRACK_MB ?? 50);
const rounds = Math.max(1, Number(process.env.ROUNDS ?? 3));
const TRACKS = 10;
const icpn = '0725272123453';
// A fixed time for both, so neither pays for reading the clock or the files' times.
const mtime = new Date(Date.UTC(2026, 0, 1));
/** The package's MB/s over the bare ZIP's, median of the rounds, it should reach. */
const GOAL_RATIO = 0.8;
const out = benchResults('delivery', {
  title: 'the release package against a bare ZIP',
  env: ['TRACK_MB', 'ROUNDS'],
});

interface PackageFile {
  name: string;
  file: string;
  size: number;
}

/** A WAV of about `mb` MB: a 24-bit 48 kHz stereo header, then whole frames of silence. */
async function writeTrack(file: string, mb: number): Promise<number> {
  const frameBytes = 2 * 3;
  const bytes = 44 + Math.floor((mb * MiB - 44) / frameBytes) * frameBytes;
  await pipeline(
    wavStream({ bytes, channels: 2, sampleRate: 48_000, bitDepth: 24 }),
    createWriteStream(file),
  );
  return bytes;
}

/** A photo-like cover at the stores' 3000 x 3000, a few MB as a real one is. */
async function writeCover(file: string): Promise<number> {
  const { size } = await sharp({
    create: {
      width: 3000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .toFile(file);
  return size;
}

async function ours(files: PackageFile[], zipPath: string): Promise<number> {
  const { stream, size } = streamPackageZip(
    files.map(({ name, file, size }) => ({ name, size, open: async () => createReadStream(file) })),
    { mtime },
  );
  await pipeline(stream, createWriteStream(zipPath));
  const written = (await fs.stat(zipPath)).size;
  if (written !== size) throw new Error(`streamPackageZip announced ${size} bytes and wrote ${written}`);
  return written;
}

async function bare(files: PackageFile[], zipPath: string): Promise<number> {
  const zip = new ZipFile();
  for (const { name, file } of files) zip.addFile(file, name, { compress: false, mtime });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipPath));
  return (await fs.stat(zipPath)).size;
}

type Way = (files: PackageFile[], zipPath: string) => Promise<number>;

/** One package written: seconds, MB/s and the process's RSS growth at its peak, sampled every 50 ms. */
async function timeOnce(way: Way, files: PackageFile[], zipPath: string) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const bytes = await way(files, zipPath);
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      speed: bytes / MiB / seconds,
      rssGrowth: (Math.max(peak, process.memoryUsage().rss) - before) / MiB,
    };
  } finally {
    clearInterval(sampler);
    await fs.rm(zipPath, { force: true });
  }
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-bench-delivery-'));
  try {
    const files: PackageFile[] = [];
    for (let position = 1; position <= TRACKS; position++) {
      const file = path.join(dir, `track-${position}.wav`);
      files.push({ name: packageAudioName(icpn, position), file, size: await writeTrack(file, trackMb) });
    }
    const cover = path.join(dir, 'cover.jpg');
    files.push({ name: packageCoverName(icpn), file: cover, size: await writeCover(cover) });
    // On disk before the first run, so the kernel writing them back does not slow whichever way
    // happens to run then.
    for (const { file } of files) {
      const handle = await fs.open(file, 'r+');
      await handle.datasync();
      await handle.close();
    }
    const total = files.reduce((sum, file) => sum + file.size, 0);
    const zipPath = path.join(dir, 'package.zip');

    out.log(
      `bench:delivery — a ${TRACKS}-track album (${TRACKS} × ${trackMb} MB 24-bit 48 kHz stereo WAVs and a ` +
        `${((files.at(-1)?.size ?? 0) / MiB).toFixed(1)} MB JPEG, ${(total / MiB).toFixed(0)} MB) zipped, stored, ` +
        `to a file on disk, ${rounds} alternating rounds after one warm-up each, node ${process.version}, ` +
        `${os.cpus().length} cpus\nFigures are min / median / max; the ratio is streamPackageZip's MB/s over ` +
        "bare yazl's in the same round.\n",
    );

    const ways: [string, Way][] = [
      ['streamPackageZip', ours],
      ['bare yazl (addFile, stored)', bare],
    ];
    for (const [, way] of ways) await timeOnce(way, files, zipPath);
    const results = ways.map(() => ({
      seconds: [] as number[],
      speeds: [] as number[],
      rss: [] as number[],
    }));
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const speeds: number[] = [];
      for (const index of order) {
        const [, way] = ways[index] as [string, Way];
        const run = await timeOnce(way, files, zipPath);
        const result = results[index];
        result?.seconds.push(run.seconds);
        result?.speeds.push(run.speed);
        result?.rss.push(run.rssGrowth);
        speeds[index] = run.speed;
      }
      ratios.push((speeds[0] ?? Number.NaN) / (speeds[1] ?? Number.NaN));
    }

    const columns = (cells: string[]) =>
      cells.map((cell, index) => cell.padEnd(index === 0 ? 30 : index === 1 ? 22 : 20)).join(' ');
    out.log(columns(['way', 'seconds', 'MB/s', 'ratio (ours / bare)', 'peak RSS growth (MB)']));
    ways.forEach(([name], index) => {
      const result = results[index];
      if (!result) return;
      out.log(
        columns([
          name,
          formatStats(result.seconds),
          formatStats(result.speeds, 0),
          index === 0 ? formatStats(ratios) : '',
          formatStats(result.rss, 0),
        ]),
      );
    });
    const median = stats(ratios).median;
    out.log(
      `\nstreamPackageZip / bare yazl, median ratio ${median.toFixed(2)}x: ${median >= GOAL_RATIO ? 'meets' : 'under'} the ${GOAL_RATIO}x goal`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  out.write();
}

await main();
