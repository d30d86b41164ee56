import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';

/** An entry of the archive's central directory. */
interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ArchiveFormatError extends Error {
  override name = 'ArchiveFormatError';
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_COMMENT = 0xffff;

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ArchiveFormatError('The archive is cut short');
  return buffer;
}

function uint64(buffer: Buffer, offset: number): number {
  const value = buffer.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new ArchiveFormatError('An archive size is out of range');
  return Number(value);
}

/** Where the central directory is and how many entries it has (ZIP64 when the plain record overflows). */
async function findCentralDirectory(
  handle: fs.FileHandle,
  fileSize: number,
): Promise<{ offset: number; size: number; entries: number }> {
  const tailLength = Math.min(fileSize, 22 + MAX_COMMENT);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ArchiveFormatError('Not a ZIP archive (no end of central directory)');
  const entries = tail.readUInt16LE(at + 10);
  const size = tail.readUInt32LE(at + 12);
  const offset = tail.readUInt32LE(at + 16);
  if (entries !== 0xffff && size !== 0xffffffff && offset !== 0xffffffff) return { offset, size, entries };
  const locatorAt = tailStart + at - 20;
  const locator = await readAt(handle, locatorAt, 20);
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR)
    throw new ArchiveFormatError('A ZIP64 archive without its locator');
  const end = await readAt(handle, uint64(locator, 8), 56);
  if (end.readUInt32LE(0) !== ZIP64_END)
    throw new ArchiveFormatError('A ZIP64 archive without its end record');
  return { entries: uint64(end, 32), size: uint64(end, 40), offset: uint64(end, 48) };
}

function parseCentralDirectory(directory: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_HEADER)
      throw new ArchiveFormatError('The central directory is damaged');
    const flags = directory.readUInt16LE(at + 8);
    if (flags & 0x1) throw new ArchiveFormatError('Encrypted entries are not Imprint backups');
    const method = directory.readUInt16LE(at + 10);
    let compressedSize = directory.readUInt32LE(at + 20);
    let size = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    // The ZIP64 extra field holds, in this order, each value its 32-bit field could not.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = directory.readUInt16LE(extra);
      const length = directory.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        if (size === 0xffffffff) {
          size = uint64(directory, field);
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = uint64(directory, field);
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = uint64(directory, field);
      }
      extra += 4 + length;
    }
    if (method !== 0 && method !== 8)
      throw new ArchiveFormatError(`${name}: compression method ${method} is not one Imprint writes`);
    entries.push({ name, method, compressedSize, size, localHeaderOffset });
    at = extraEnd + commentLength;
  }
  return entries;
}

/** Passes exactly `size` bytes on, and fails on more or fewer. */
function exactly(name: string, size: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(
        seen > size ? new ArchiveFormatError(`${name} is longer than its recorded size`) : null,
        chunk,
      );
    },
    flush(callback) {
      callback(seen === size ? null : new ArchiveFormatError(`${name} is shorter than its recorded size`));
    },
  });
}

/**
 * Reads a backup archive: the ZIP's central directory once, then any entry by name, as a stream
 * (stored entries as they are, deflated ones inflated). Only what ArchiveWriter (yazl) writes is
 * read: stored or deflated entries, ZIP64 or not, no encryption. Sizes are checked here; contents
 * against the manifest's SHA-256 by the caller.
 */
export class ArchiveReader {
  private constructor(
    private readonly file: string,
    private readonly handle: fs.FileHandle,
    readonly entries: ReadonlyMap<string, ZipEntry>,
  ) {}

  static async open(file: string): Promise<ArchiveReader> {
    const handle = await fs.open(file, 'r');
    try {
      const { size: fileSize } = await handle.stat();
      const directory = await findCentralDirectory(handle, fileSize);
      if (directory.offset + directory.size > fileSize)
        throw new ArchiveFormatError('The archive is cut short');
      const entries = parseCentralDirectory(
        await readAt(handle, directory.offset, directory.size),
        directory.entries,
      );
      const byName = new Map<string, ZipEntry>();
      for (const entry of entries) {
        if (byName.has(entry.name)) throw new ArchiveFormatError(`${entry.name} is in the archive twice`);
        byName.set(entry.name, entry);
      }
      return new ArchiveReader(file, handle, byName);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  async open(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw new ArchiveFormatError(`${name} is not in the archive`);
    const header = await readAt(this.handle, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL_HEADER)
      throw new ArchiveFormatError(`${name}: its local header is damaged`);
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const output = new PassThrough();
    const raw =
      entry.compressedSize === 0
        ? (new PassThrough().end() as PassThrough)
        : createReadStream(this.file, { start, end: start + entry.compressedSize - 1 });
    const checked = exactly(name, entry.size);
    const done =
      entry.method === 8
        ? pipeline(raw, createInflateRaw(), checked, output)
        : pipeline(raw, checked, output);
    done.catch((error: unknown) => output.destroy(error as Error));
    return output;
  }

  async readBuffer(name: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.open(name)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
