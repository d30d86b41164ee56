import { Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * Where a DDEX delivery goes: a store's or distributor's SFTP server or cloud bucket. The ERN
 * choreography (message, resources, batch-complete marker, acknowledgements) is built on these few
 * operations; paths are relative to the folder the target was configured with.
 */
export interface DeliveryTarget {
  readonly kind: 'sftp' | 's3';
  /** Human description for staff, without secrets, e.g. "sftp://dsp@127.0.0.1:2222/incoming" or "s3://bucket/prefix". */
  readonly description: string;
  /**
   * Writes a file at a path relative to the target's root, streaming (never holding the body whole),
   * and creates its parent folders. The file appears whole or not at all: SFTP writes to
   * `<path>.part` and renames it; an S3 object appears only when its upload completes. When `size`
   * is given, a body of any other length is refused and nothing appears. A failed put destroys the
   * body stream it was given.
   */
  put(path: string, body: Readable | Buffer, size?: number): Promise<void>;
  /** Names (not paths) of the entries directly in a folder ('' is the root); [] when the folder does not exist. */
  list(folder: string): Promise<string[]>;
  /** A small file's bytes (acknowledgements); undefined when missing. */
  read(path: string): Promise<Buffer | undefined>;
  /** Checks the target is reachable and writable (writes and deletes a probe file); throws with a plain-words message otherwise. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A delivery target failed. The message is meant for staff ("Could not connect to sftp://…:
 * connection refused"); `retryable` says whether trying again later can help (the network was down,
 * the server timed out) or someone must change something first (the key was refused, permission
 * denied, the bucket does not exist).
 */
export class DeliveryTargetError extends Error {
  override name = 'DeliveryTargetError';
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable;
  }
}

/**
 * Paths are made by Imprint (the choreography's folder and file names), so a bad one is a
 * programming error: refused with a plain Error before anything reaches the target. They are
 * '/'-separated and relative; a segment is never empty, '.' or '..', and nothing holds a control
 * character (NUL above all) or a backslash, which a Windows SFTP server would take as a separator.
 * `allowRoot` lets '' stand for the target's own folder (listing it).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const unsafeCharacters = /[\u0000-\u001f\u007f\\]/;

export function assertDeliveryPath(path: string, options: { allowRoot?: boolean } = {}): void {
  if (path === '' && options.allowRoot) return;
  const valid =
    path.length > 0 &&
    path.length <= 1024 &&
    !unsafeCharacters.test(path) &&
    path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!valid) throw new Error(`Invalid delivery path: ${JSON.stringify(path)}`);
}

/**
 * A put's body, checked before anything reaches the target: the path refused, the size counted as
 * the bytes pass. A refusal destroys the body, as a failed put does.
 */
export function checkPutBody(
  path: string,
  body: Readable | Buffer,
  size: number | undefined,
): { source: Readable; counter: SizeCheck } {
  const source = asStream(body);
  try {
    assertDeliveryPath(path);
    return { source, counter: new SizeCheck(size) };
  } catch (error) {
    source.destroy();
    throw error;
  }
}

/** The body a put was given, as a stream. */
export function asStream(body: Readable | Buffer): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/**
 * Passes bytes through and counts them; with an expected size, a body that runs past it fails at
 * once and one that ends short fails at its end, before the writer is told the body is complete,
 * so a truncated file is never renamed into place or completed as an S3 object.
 */
export class SizeCheck extends Transform {
  bytes = 0;

  constructor(private readonly expected: number | undefined) {
    super();
    if (expected !== undefined && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new Error(`size must be a non-negative integer, got ${expected}`);
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.expected !== undefined && this.bytes > this.expected) {
      callback(this.mismatch());
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.expected !== undefined && this.bytes !== this.expected ? this.mismatch() : null);
  }

  private mismatch(): Error {
    return new Error(
      `The file's body was ${this.bytes > (this.expected ?? 0) ? 'longer' : 'shorter'} than the ${this.expected} bytes announced`,
    );
  }
}
