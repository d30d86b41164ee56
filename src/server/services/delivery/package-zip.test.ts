import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PackageEntry,
  packageAudioName,
  packageCoverName,
  packageFolder,
  packageMessageName,
  streamPackageZip,
} from './package-zip';

const run = promisify(execFile);
const MiB = 1024 * 1024;
const icpn = '0725272123453';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-package-zip-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

function bufferEntry(name: string, bytes: Buffer): PackageEntry {
  return { name, size: bytes.length, open: async () => Readable.from([bytes]) };
}

function fileEntry(name: string, file: string, size: number): PackageEntry {
  return { name, size, open: async () => createReadStream(file) };
}

/** Where the bytes went: their SHA-256 and count, the only memory a sink needs. */
function hashingSink() {
  const hash = crypto.createHash('sha256');
  const sink = {
    bytes: 0,
    digest: () => hash.digest('hex'),
    stream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        sink.bytes += chunk.length;
        callback();
      },
    }),
  };
  return sink;
}

async function zipToFile(entries: PackageEntry[], file: string, mtime?: Date): Promise<number> {
  const { stream, size } = streamPackageZip(entries, { mtime });
  await pipeline(stream, createWriteStream(file));
  return size;
}

interface Unzipped {
  name: string;
  size: number;
  sha256: string;
  stored: boolean;
  dateTime: number[];
}

// Python's zipfile as the independent reader (yauzl is not a dependency): it checks every entry's
// CRC-32 as it reads, reads ZIP64 and data descriptors, and is on every machine that runs the tests.
const readZip = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    out = []
    for info in z.infolist():
        h = hashlib.sha256()
        with z.open(info) as f:
            for chunk in iter(lambda: f.read(1 << 20), b''):
                h.update(chunk)
        out.append({'name': info.filename, 'size': info.file_size, 'sha256': h.hexdigest(),
                    'stored': info.compress_type == zipfile.ZIP_STORED, 'dateTime': list(info.date_time)})
    print(json.dumps(out))
`;

async function unzip(file: string): Promise<Unzipped[]> {
  const { stdout } = await run('python3', ['-c', readZip, file]);
  return JSON.parse(stdout) as Unzipped[];
}

describe('package names', () => {
  it('lays the package out as DDEX does: the message, then the resources, in the ICPN folder', () => {
    expect(packageFolder(icpn)).toBe('0725272123453');
    expect(packageMessageName(icpn)).toBe('0725272123453/0725272123453.xml');
    expect(packageAudioName(icpn, 1)).toBe('0725272123453/resources/0725272123453_01_001.wav');
    expect(packageAudioName(icpn, 12)).toBe('0725272123453/resources/0725272123453_01_012.wav');
    expect(packageCoverName(icpn)).toBe('0725272123453/resources/0725272123453.jpg');
  });

  it.each(['', '123', '07252721234531', '../../etc/pa', '072527212345/'])('refuses the ICPN %j', (bad) => {
    expect(() => packageMessageName(bad)).toThrow(RangeError);
  });

  it.each([0, -1, 1.5, 1000, Number.NaN])('refuses the track position %s', (position) => {
    expect(() => packageAudioName(icpn, position)).toThrow(RangeError);
  });
});

describe('streamPackageZip', () => {
  it('writes entries from memory and from disk, stored, in order, byte for byte, at the announced size', async () => {
    const message = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<ern:NewReleaseMessage/>\n`);
    const tracks = [crypto.randomBytes(300_001), crypto.randomBytes(MiB + 7), Buffer.alloc(0)];
    const cover = crypto.randomBytes(200_000);
    const entries: PackageEntry[] = [bufferEntry(packageMessageName(icpn), message)];
    for (const [index, bytes] of tracks.entries()) {
      const file = path.join(dir, `track-${index}.wav`);
      await fs.writeFile(file, bytes);
      entries.push(fileEntry(packageAudioName(icpn, index + 1), file, bytes.length));
    }
    entries.push(bufferEntry(packageCoverName(icpn), cover));

    const out = path.join(dir, 'package.zip');
    const size = await zipToFile(entries, out);

    expect((await fs.stat(out)).size).toBe(size);
    const expected = [message, ...tracks, cover];
    expect(await unzip(out)).toEqual(
      entries.map((entry, index) => ({
        name: entry.name,
        size: entry.size,
        sha256: sha256(expected[index] as Buffer),
        stored: true,
        dateTime: [2000, 1, 1, 0, 0, 0],
      })),
    );
  });

  it('opens each entry only when the archive reaches it', async () => {
    // A megabyte each, in 64 KiB chunks: more than the streams between file and consumer hold, so
    // the archive waits for its reader (a few bytes each would all fit in the output's buffer).
    const chunks = () => Array.from({ length: 16 }, () => Buffer.alloc(64 * 1024));
    const sink = hashingSink();
    const openedAt: [string, number][] = [];
    const entries = ['a', 'b', 'c'].map((name) => ({
      name,
      size: MiB,
      open: async () => {
        openedAt.push([name, sink.bytes]);
        return Readable.from(chunks());
      },
    }));
    const { stream } = streamPackageZip(entries);
    for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setImmediate(resolve));
    expect(openedAt).toEqual([['a', 0]]);

    await pipeline(stream, sink.stream);
    expect(openedAt.map(([name]) => name)).toEqual(['a', 'b', 'c']);
    // Each opened once the one before had reached the reader, or all but the buffers' worth of it.
    expect(openedAt[1]?.[1]).toBeGreaterThan(MiB / 2);
    expect(openedAt[2]?.[1]).toBeGreaterThan(MiB + MiB / 2);
  });

  it('makes the same bytes from the same entries and time, in any time zone', async () => {
    const entries = () => [
      bufferEntry(packageMessageName(icpn), Buffer.from('<message/>')),
      bufferEntry(packageAudioName(icpn, 1), Buffer.from('RIFF....WAVE')),
    ];
    const mtime = new Date('2026-05-17T12:30:00Z');
    const digest = async () => {
      const sink = hashingSink();
      await pipeline(streamPackageZip(entries(), { mtime }).stream, sink.stream);
      return sink.digest();
    };
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      const first = await digest();
      expect(await digest()).toBe(first);
      // Auckland is 12 hours ahead, Los Angeles 7 behind: their local times are not the UTC one.
      for (const other of ['Pacific/Auckland', 'America/Los_Angeles']) {
        process.env.TZ = other;
        expect(new Date(mtime).getHours()).not.toBe(12);
        expect(await digest()).toBe(first);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }

    const out = path.join(dir, 'dated.zip');
    await zipToFile(entries(), out, mtime);
    expect((await unzip(out)).map((entry) => entry.dateTime)).toEqual([
      [2026, 5, 17, 12, 30, 0],
      [2026, 5, 17, 12, 30, 0],
    ]);
    const other = hashingSink();
    await pipeline(
      streamPackageZip(entries(), { mtime: new Date('2026-05-18T12:30:00Z') }).stream,
      other.stream,
    );
    expect(other.digest()).not.toBe(await digest());
  });

  it.each([
    ['fewer', 9, 'has 9 bytes, not the 10 announced'],
    ['more', 11, 'has more than the 10 bytes announced'],
  ])('fails when an entry yields %s bytes than announced', async (_, actual, message) => {
    const entries = [
      bufferEntry('first.xml', Buffer.from('first')),
      { name: 'short.wav', size: 10, open: async () => Readable.from([Buffer.alloc(actual)]) },
      bufferEntry('after.jpg', Buffer.from('after')),
    ];
    const sink = hashingSink();
    await expect(pipeline(streamPackageZip(entries).stream, sink.stream)).rejects.toThrow(
      `short.wav ${message}`,
    );
  });

  it('fails with the error of an open() that rejects, and opens nothing after it', async () => {
    let laterOpened = false;
    const entries = [
      bufferEntry('first.xml', Buffer.from('first')),
      { name: 'missing.wav', size: 10, open: () => Promise.reject(new Error('no such object: missing.wav')) },
      {
        name: 'later.jpg',
        size: 1,
        open: async () => {
          laterOpened = true;
          return Readable.from([Buffer.from('x')]);
        },
      },
    ];
    const sink = hashingSink();
    await expect(pipeline(streamPackageZip(entries).stream, sink.stream)).rejects.toThrow(
      'no such object: missing.wav',
    );
    expect(laterOpened).toBe(false);
  });

  it("fails when an entry's stream fails halfway", async () => {
    const failing = new Readable({ read() {} });
    failing.push(Buffer.alloc(5));
    setImmediate(() => failing.destroy(new Error('connection reset reading track')));
    const entries = [{ name: 'track.wav', size: 10, open: async () => failing }];
    const sink = hashingSink();
    await expect(pipeline(streamPackageZip(entries).stream, sink.stream)).rejects.toThrow(
      'connection reset reading track',
    );
  });

  it('closes the entry being read when the consumer goes away', async () => {
    const file = path.join(dir, 'long.wav');
    await fs.writeFile(file, Buffer.alloc(4 * MiB));
    const source = createReadStream(file, { highWaterMark: 64 * 1024 });
    const { stream } = streamPackageZip([{ name: 'long.wav', size: 4 * MiB, open: async () => source }]);
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await once(source, 'close');
    expect(source.destroyed).toBe(true);
    expect(source.bytesRead).toBeLessThan(4 * MiB);
  });

  it('refuses a negative or fractional size and a name given twice before opening anything', () => {
    const open = async () => Readable.from([]);
    expect(() => streamPackageZip([{ name: 'a', size: -1, open }])).toThrow(RangeError);
    expect(() => streamPackageZip([{ name: 'a', size: 1.5, open }])).toThrow(RangeError);
    expect(() =>
      streamPackageZip([
        { name: 'a', size: 0, open },
        { name: 'a', size: 0, open },
      ]),
    ).toThrow('a is in the package twice');
  });

  it('streams a 600 MB package from disk with its memory flat', { timeout: 60_000 }, async () => {
    // Three 200 MB files, written with one repeated 1 MiB buffer rather than generated byte by byte
    // (random bytes: zeros a file system could store as holes).
    const block = crypto.randomBytes(MiB);
    const files = [0, 1, 2].map((index) => path.join(dir, `big-${index}.wav`));
    try {
      for (const file of files) {
        const out = createWriteStream(file);
        for (let written = 0; written < 200; written++) if (!out.write(block)) await once(out, 'drain');
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
      }
      const entries = files.map((file, index) =>
        fileEntry(packageAudioName(icpn, index + 1), file, 200 * MiB),
      );

      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const sink = hashingSink();
      const { stream, size } = streamPackageZip(entries);
      try {
        await pipeline(stream, sink.stream);
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage().rss);

      expect(sink.bytes).toBe(size);
      expect(size).toBeGreaterThan(600 * MiB);
      expect(peak - before).toBeLessThanOrEqual(64 * MiB);
    } finally {
      await Promise.all(files.map((file) => fs.rm(file, { force: true })));
    }
  });
});
