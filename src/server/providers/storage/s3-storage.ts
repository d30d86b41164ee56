import { pipeline, Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ByteCounter } from './byte-limit';
import { assertValidRange, RangeNotSatisfiableError } from './byte-range';
import {
  assertValidKey,
  type ByteRange,
  type ListedObject,
  type PresignedUpload,
  type PutOptions,
  type StorageProvider,
  type StoredObject,
} from './storage';
import { storageFailure } from './storage-full';
import { probeStorage } from './storage-probe';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver); AWS itself when unset. */
  endpoint?: string | undefined;
  /** The SDK's default chain (environment, profile, instance role) when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle?: boolean | undefined;
  /** Multipart part size (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts uploaded at once. One upload holds about (queueSize + 1) × partSize in memory. */
  queueSize?: number;
}

/** An S3 client as Imprint uses one: its storage, and a delivery target's bucket. */
export function createS3Client(
  options: Pick<S3StorageOptions, 'region' | 'endpoint' | 'credentials' | 'forcePathStyle'> & {
    credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  },
): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    // Checksums only where the API requires them (design.md §7). The SDK's default (on every
    // request) sends streamed bodies with aws-chunked trailers, which S3-compatible servers such
    // as s3rver store verbatim, silently corrupting the object; and it writes the CRC32 of an
    // empty body into presigned PUT URLs, so S3 would refuse every real file sent to them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Presigned URLs live at most a week (SigV4's limit). */
const maxPresignSeconds = 7 * 24 * 3600;

/**
 * Objects in an S3-compatible bucket. Streams go through lib-storage's Upload (one PutObject below
 * one part, multipart above), so a 200 MB file never sits in memory whole.
 *
 * A failed put destroys the body stream it was given (as a failed pipeline does on local disk).
 *
 * Buckets should carry a lifecycle rule that aborts incomplete multipart uploads after a day: put
 * aborts what it started, but a process killed mid-upload cannot.
 */
export class S3Storage implements StorageProvider {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 5 * 1024 * 1024;
    this.queueSize = options.queueSize ?? 2;
    this.client = createS3Client(options);
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<StoredObject> {
    assertValidKey(key);
    const counter = new ByteCounter(options.maxBytes);
    let streamError: unknown;
    counter.once('error', (error) => {
      streamError = error;
    });
    // pipeline carries a failing source into the counter (and a counter failure back to the
    // source), so Upload sees every failure of the body as a failing stream.
    pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, counter, () => {});
    let upload: Upload | undefined;
    try {
      upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: counter, ContentType: options.contentType },
        partSize: this.partSize,
        queueSize: this.queueSize,
      });
      // A body that fails (too large, or the connection dropped) ends the upload from inside:
      // Upload stops reading, waits for the parts already in flight, aborts the multipart upload
      // and only then rejects. Upload.abort() is deliberately not used: it rejects done() at once
      // while parts are still in flight and the AbortMultipartUpload has not been sent yet.
      // Below one part nothing is sent at all before the body has ended.
      await upload.done();
    } catch (error) {
      counter.destroy();
      const cleanupError = await this.abortMultipartUpload(key, upload?.uploadId);
      // The body's own failure (SizeLimitExceededError from the counter, or the source's error)
      // says more than whatever Upload made of it.
      const failure = streamError ?? error;
      if (cleanupError && failure instanceof Error) failure.cause ??= cleanupError;
      throw storageFailure(failure);
    }
    return { key, size: counter.bytes, contentType: options.contentType };
  }

  /**
   * Makes sure a failed put leaves no pending multipart upload (whose parts S3 would keep and bill).
   * Upload normally aborts it itself; this repeats it in case that request failed. Returns the
   * error if the upload could not be aborted.
   */
  private async abortMultipartUpload(key: string, uploadId: string | undefined): Promise<unknown> {
    if (!uploadId) return undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
        );
        return undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        if (attempt === 1) return error;
      }
    }
    return undefined;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    assertValidRange(range);
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      if (!(result.Body instanceof Readable)) throw new Error('S3 answered GetObject without a body stream');
      return result.Body;
    } catch (error) {
      if (range && statusOf(error) === 416) throw new RangeNotSatisfiableError(range);
      throw error;
    }
  }

  /** The content type is whatever S3 reports; S3 answers `binary/octet-stream` for none given. */
  async head(key: string): Promise<StoredObject | undefined> {
    assertValidKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: result.ContentLength ?? 0, contentType: result.ContentType };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** Idempotent: S3 answers a delete of a missing key with success. */
  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * CopyObject then DeleteObject; an object at `to` is replaced (as on local disk). A single
   * CopyObject handles objects up to 5 GB; bigger ones would need a multipart copy, but uploads are
   * limited to 200 MB. If the process dies between the two calls both keys exist, which loses
   * nothing: the source is a staging object that the upload-session clean-up removes.
   */
  async move(from: string, to: string): Promise<void> {
    assertValidKey(from);
    assertValidKey(to);
    if (from === to) {
      // Copying an object onto itself without new metadata is an error in S3, and deleting the
      // "source" afterwards would destroy it.
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: from }));
      return;
    }
    await this.client
      .send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'COPY',
        }),
      )
      .catch((error: unknown) => {
        throw storageFailure(error);
      });
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from }));
  }

  /**
   * A presigned PutObject URL. Content-Type and Content-Length are part of the signature, so S3
   * refuses a body of any other size or type: the size limit holds without Imprint seeing the
   * bytes. The browser sets Content-Length itself; it must send the Content-Type header returned.
   */
  async createPresignedUpload(
    key: string,
    options: { contentType: string; contentLength: number; expiresInSeconds: number },
  ): Promise<PresignedUpload> {
    assertValidKey(key);
    if (!Number.isSafeInteger(options.contentLength) || options.contentLength < 0) {
      throw new Error(`contentLength must be a non-negative integer, got ${options.contentLength}`);
    }
    if (
      !Number.isInteger(options.expiresInSeconds) ||
      options.expiresInSeconds < 1 ||
      options.expiresInSeconds > maxPresignSeconds
    ) {
      throw new Error(`expiresInSeconds must be between 1 and ${maxPresignSeconds}`);
    }
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: options.contentType,
        ContentLength: options.contentLength,
      }),
      {
        expiresIn: options.expiresInSeconds,
        // Without this the presigner signs Content-Length and Host only, and any type would do.
        signableHeaders: new Set(['content-type', 'content-length']),
      },
    );
    return { url, method: 'PUT', headers: { 'Content-Type': options.contentType } };
  }

  /** ListObjectsV2 a page (1,000 keys) at a time; S3 lists in key order. */
  async *list(prefix = ''): AsyncIterable<ListedObject> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) yield { key: object.Key, size: object.Size ?? 0 };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async check(): Promise<void> {
    await probeStorage(this);
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return statusOf(error) === 404 || name === 'NotFound' || name === 'NoSuchKey' || name === 'NoSuchUpload';
}
