import { pipeline, type Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import { getAudioResourceName, getCoverResourceName } from '../../../domain';

/**
 * A release's DDEX package as a ZIP: `<ICPN>/<ICPN>.xml` (the message), the audio as
 * `<ICPN>/resources/<ICPN>_01_<NNN>.wav` in track order (disc 01, track NNN) and the cover as
 * `<ICPN>/resources/<ICPN>.jpg`. An album of 24-bit WAVs is over a gigabyte, so the ZIP is streamed:
 * each file is read only when the archive reaches it and never held whole in memory.
 */

/** One file of the package: its name inside the ZIP, its exact size, and how to read it. */
export interface PackageEntry {
  name: string;
  size: number;
  open(): Promise<Readable>;
}

/**
 * The modification time every entry carries unless the caller passes one: fixed, so the same
 * files make the same bytes (a package rebuilt for a redelivery hashes as before).
 */
export const DEFAULT_PACKAGE_MTIME = new Date(Date.UTC(2000, 0, 1));

// The ICPN names the folder and every file in it, so it is checked here: anything but its 13 digits
// (a slash, "..") would put files elsewhere in the archive.
function checkedIcpn(icpn: string): string {
  if (!/^\d{13}$/.test(icpn)) throw new RangeError(`An ICPN is 13 digits, not ${JSON.stringify(icpn)}`);
  return icpn;
}

export function packageFolder(icpn: string): string {
  return checkedIcpn(icpn);
}

export function packageMessageName(icpn: string): string {
  return `${packageFolder(icpn)}/${icpn}.xml`;
}

/** The track at `position` (1, 2, ...) on the release's only disc. */
export function packageAudioName(icpn: string, position: number): string {
  if (!Number.isInteger(position) || position < 1 || position > 999)
    throw new RangeError(`A track position is 1 to 999, not ${position}`);
  return `${packageFolder(icpn)}/resources/${getAudioResourceName(icpn, position)}`;
}

export function packageCoverName(icpn: string): string {
  return `${packageFolder(icpn)}/resources/${getCoverResourceName(icpn)}`;
}

/**
 * yazl writes an entry's DOS date and time in the process's time zone, with the UTC time in an
 * extra field beside it: the same package would differ between two servers in different zones.
 * So the DOS fields are given the UTC wall-clock time (a Date whose local fields are `date`'s UTC
 * ones) and the extra field is left out (forceDosTimestamp): the bytes are the same in every zone.
 * A UTC time that does not exist locally (inside a daylight-saving jump) would shift by the jump;
 * a package's times are nominal, and the default falls on no jump.
 */
function dosWallClock(date: Date): Date {
  return new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
}

/**
 * Passes an entry's bytes on while they stay within its announced size, and fails at the first
 * byte past it or at an end short of it: the archive's length was announced from the sizes, so a
 * file that changed since must stop the stream, not make a longer or corrupt one. (yazl checks too,
 * but only once the whole file has gone into the output.)
 */
function exactLength(name: string, size: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > size) callback(new Error(`${name} has more than the ${size} bytes announced`));
      else callback(null, chunk);
    },
    flush(callback) {
      callback(seen === size ? null : new Error(`${name} has ${seen} bytes, not the ${size} announced`));
    },
  });
}

/**
 * The ZIP as a stream: the entries in order, each stored (WAV and JPEG do not shrink, and storing
 * keeps the CPU free), each opened only when the archive reaches it (the first one at once, as
 * fs.createReadStream opens its file: give the stream its consumer in the same tick), ZIP64 where
 * a size or an offset needs it. `size` is the archive's exact length, known before a byte is read
 * (an HTTP answer's Content-Length). The stream fails when `open()` rejects, when an entry's stream
 * fails, or when it yields other than its `size` bytes; destroying it closes the entry being read.
 * The same entries and `mtime` make the same bytes.
 */
export function streamPackageZip(
  entries: PackageEntry[],
  options: { mtime?: Date } = {},
): { stream: Readable; size: number } {
  const names = new Set<string>();
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0)
      throw new RangeError(`${entry.name}: a size is a whole number of bytes, not ${entry.size}`);
    if (names.has(entry.name)) throw new Error(`${entry.name} is in the package twice`);
    names.add(entry.name);
  }

  // yazl asks for the first entry's stream as soon as it is added; nothing is opened until the
  // whole archive is set up, so a name yazl refuses (absolute, "..") leaves no file open behind it.
  let setUp!: () => void;
  const isSetUp = new Promise<void>((resolve) => {
    setUp = resolve;
  });
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings say only NodeJS.ReadableStream.
  const stream = zip.outputStream as Readable;
  const mtime = dosWallClock(options.mtime ?? DEFAULT_PACKAGE_MTIME);
  const fail = (error: unknown) => {
    if (!stream.destroyed) stream.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  // yazl reports a failure on the ZipFile, not on its output, where the consumer listens.
  zip.on('error', fail);

  // The entry being read, closed when the consumer goes away (a download cancelled halfway), so
  // its file is not left open with the archive waiting for a reader that will never come.
  let current: Readable | undefined;
  stream.once('close', () => current?.destroy());

  for (const entry of entries) {
    zip.addReadStreamLazy(
      entry.name,
      // mode: a plain file readable by all, the same on every server (yazl's default is 0664).
      { size: entry.size, compress: false, mtime, forceDosTimestamp: true, mode: 0o100644 },
      (deliver) => {
        // yazl does not listen for errors on the streams it is given (only on those it opens
        // itself), so a failing read would stall the archive or crash the process: the source is
        // piped through the length check here, whose failures end the output.
        isSetUp
          .then(() => entry.open())
          .then((source) => {
            if (stream.destroyed) {
              source.destroy();
              return;
            }
            current = source;
            const checked = exactLength(entry.name, entry.size);
            pipeline(source, checked, (error) => {
              if (error) fail(error);
            });
            deliver(null, checked);
          }, fail);
      },
    );
  }

  let size: number | undefined;
  // The stored entries' sizes are all known, so yazl computes the total at once, within end().
  // Its typings give the callback no argument; yazl passes the total.
  zip.end(undefined, ((total: number) => {
    size = total;
  }) as () => void);
  if (size === undefined || size < 0) throw new Error('yazl could not compute the package size');
  setUp();
  return { stream, size };
}
