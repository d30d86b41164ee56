import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** What the writer saw of an entry: its size and SHA-256, uncompressed. */
export interface WrittenEntry {
  size: number;
  sha256: string;
}

/**
 * A backup archive as it is written: a ZIP (yazl; ZIP64 where sizes or offsets need it) streamed
 * to `file`, one entry at a time, each hashed on its way in. Entries are added in turn (the next
 * once the last is written), so one source is open at a time however many files storage holds.
 */
export class ArchiveWriter {
  private readonly zip = new ZipFile();
  private readonly written: Promise<void>;
  /** Rejects when the output fails, so an entry never waits for a reader that is gone. */
  private readonly failed: Promise<never>;
  private failure: Error | undefined;

  constructor(
    file: string,
    private readonly mtime: Date,
  ) {
    const output = createWriteStream(file, { flags: 'wx' });
    // yazl reports its failures on the ZipFile; the output fails with them.
    this.zip.on('error', (error: Error) => {
      this.failure ??= error;
      output.destroy(error);
    });
    this.written = pipeline(this.zip.outputStream as Readable, output).catch((error: Error) => {
      this.failure ??= error;
      throw error;
    });
    this.failed = this.written.then(() => {
      throw new Error('The archive ended before all of its entries were written');
    });
    // Observed by add() and finish(); until then a failure must not surface as unhandled.
    this.failed.catch(() => {});
  }

  /**
   * Streams `source` in as `entry` and resolves once all of it is in the archive. `compress`:
   * deflate (the database's JSON lines); stored otherwise (audio and images do not shrink).
   */
  async add(
    entry: string,
    source: Readable,
    options: { compress: boolean; mode?: number },
  ): Promise<WrittenEntry> {
    if (this.failure) throw this.failure;
    const hash = createHash('sha256');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const piped = pipeline(source, hashing);
    this.zip.addReadStreamLazy(
      entry,
      {
        compress: options.compress,
        mtime: this.mtime,
        ...(options.mode !== undefined ? { mode: options.mode } : {}),
      },
      (deliver) => deliver(null, hashing),
    );
    await Promise.race([Promise.all([piped, finished(hashing)]), this.failed]);
    return { size, sha256: hash.digest('hex') };
  }

  addBuffer(entry: string, bytes: Buffer): void {
    this.zip.addBuffer(bytes, entry, { compress: true, mtime: this.mtime });
  }

  /** Ends the archive and waits until its last byte is on disk. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.written;
  }

  /** Stops writing (the caller removes the file). */
  abort(): void {
    this.failure ??= new Error('The archive was abandoned');
    (this.zip.outputStream as Readable).destroy();
  }
}
