import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createS3Client } from '../storage/s3-storage';
import {
  assertDeliveryPath,
  checkPutBody,
  type DeliveryTarget,
  DeliveryTargetError,
} from './delivery-target';

export interface S3TargetOptions {
  bucket: string;
  /** The folder in the bucket everything goes under ('' for the bucket's top). */
  prefix: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver); AWS itself when unset. */
  endpoint?: string | undefined;
  /** The SDK's default chain (environment, profile, instance role) when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle?: boolean | undefined;
}

/** Multipart part size: S3's minimum. One upload holds about (queueSize + 1) parts in memory. */
const partSize = 5 * 1024 * 1024;
const queueSize = 2;

/**
 * A store's or distributor's S3 bucket (DDEX's cloud choreography). An object appears only when its
 * upload completes (PutObject, or CompleteMultipartUpload above one part), so there is no
 * temporary name; folders are key prefixes and need no creating.
 *
 * Buckets should abort incomplete multipart uploads after a day (a lifecycle rule): put aborts what
 * it started, but a process killed mid-upload cannot.
 */
export class S3Target implements DeliveryTarget {
  readonly kind = 's3' as const;
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  /** '' or 'a/b/' (with its slash). */
  private readonly prefix: string;

  constructor(options: S3TargetOptions) {
    const prefix = options.prefix.replace(/^\/+|\/+$/g, '');
    if (prefix !== '') assertDeliveryPath(prefix);
    this.bucket = options.bucket;
    this.prefix = prefix === '' ? '' : `${prefix}/`;
    const where = options.endpoint ? ` at ${new URL(options.endpoint).origin}` : '';
    this.description = `s3://${options.bucket}/${prefix}${where}`;
    this.client = createS3Client(options);
  }

  async put(path: string, body: Readable | Buffer, size?: number): Promise<void> {
    const { source, counter } = checkPutBody(path, body, size);
    const key = this.key(path);
    let bodyError: unknown;
    counter.once('error', (error) => {
      bodyError ??= error;
    });
    // pipeline carries a failing source into the counter (and a counter failure back to the
    // source), so Upload sees every failure of the body as a failing stream.
    pipeline(source, counter, () => {});
    let upload: Upload | undefined;
    try {
      upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: counter },
        partSize,
        queueSize,
      });
      // A failing body ends the upload from inside: Upload stops reading, waits for the parts in
      // flight, aborts the multipart upload and only then rejects (Upload.abort() would reject at
      // once, before the abort has been sent).
      await upload.done();
    } catch (error) {
      counter.destroy();
      source.destroy();
      await this.abortMultipartUpload(key, upload?.uploadId);
      if (bodyError !== undefined) throw bodyError;
      throw this.failure(error, `write ${path} to`);
    }
  }

  /** Makes sure a failed put leaves no pending multipart upload (whose parts S3 would keep and bill). */
  private async abortMultipartUpload(key: string, uploadId: string | undefined): Promise<void> {
    if (!uploadId) return;
    await this.client
      .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
      .catch(() => {});
  }

  async list(folder: string): Promise<string[]> {
    assertDeliveryPath(folder, { allowRoot: true });
    const prefix = folder === '' ? this.prefix : `${this.key(folder)}/`;
    const names: string[] = [];
    let continuationToken: string | undefined;
    try {
      do {
        const page: ListObjectsV2CommandOutput = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            Delimiter: '/',
            ContinuationToken: continuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          if (name) names.push(name);
        }
        for (const common of page.CommonPrefixes ?? []) {
          const name = common.Prefix?.slice(prefix.length).replace(/\/$/, '');
          if (name) names.push(name);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    } catch (error) {
      throw this.failure(error, `list ${folder === '' ? 'the folder' : folder} on`);
    }
    return names.sort();
  }

  async read(path: string): Promise<Buffer | undefined> {
    assertDeliveryPath(path);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(path) }),
      );
      if (!result.Body) return Buffer.alloc(0);
      return Buffer.from(await result.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw this.failure(error, `read ${path} from`);
    }
  }

  /** Writes a probe object and deletes it. */
  async check(): Promise<void> {
    const key = this.key(`imprint-check-${randomUUID()}.tmp`);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: 'Imprint checked it can write here; this object is deleted at once.\n',
        }),
      );
    } catch (error) {
      throw this.failure(error, 'write a test file to');
    }
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw this.failure(error, 'delete the test file from');
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private key(path: string): string {
    return `${this.prefix}${path}`;
  }

  private failure(error: unknown, action: string): DeliveryTargetError {
    if (error instanceof DeliveryTargetError) return error;
    const { reason, retryable } = explain(error, this.bucket);
    return new DeliveryTargetError(`Could not ${action} ${this.description}: ${reason}`, {
      retryable,
      cause: error,
    });
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
}

/**
 * S3's answers in plain words. The SDK has already retried what it considers passing (throttling,
 * 5xx, dropped connections) three times before an error reaches here.
 */
function explain(error: unknown, bucket: string): { reason: string; retryable: boolean } {
  const name = (error as { name?: string } | undefined)?.name ?? '';
  const code = (error as { code?: string } | undefined)?.code;
  const status = statusOf(error);
  switch (name) {
    case 'NoSuchBucket':
      return { reason: `there is no bucket named ${bucket}`, retryable: false };
    case 'AccessDenied':
    case 'AllAccessDisabled':
      return { reason: 'access denied', retryable: false };
    case 'InvalidAccessKeyId':
    case 'SignatureDoesNotMatch':
      return { reason: 'the access key was refused', retryable: false };
    case 'ExpiredToken':
    case 'TokenRefreshRequired':
      return { reason: 'the credentials have expired', retryable: true };
    case 'CredentialsProviderError':
      return { reason: 'no credentials were found for it', retryable: false };
    case 'TimeoutError':
    case 'RequestTimeout':
      return { reason: 'the request timed out', retryable: true };
    case 'SlowDown':
      return { reason: 'the bucket asked to slow down', retryable: true };
  }
  switch (code) {
    case 'ECONNREFUSED':
      return { reason: 'connection refused', retryable: true };
    case 'ECONNRESET':
    case 'EPIPE':
      return { reason: 'the connection was cut', retryable: true };
    case 'ETIMEDOUT':
      return { reason: 'the connection timed out', retryable: true };
    case 'ENOTFOUND':
      return { reason: 'the storage host name does not exist', retryable: false };
    case 'EAI_AGAIN':
      return { reason: 'the storage host name could not be looked up just now', retryable: true };
  }
  if (status === 403) return { reason: 'access denied', retryable: false };
  const detail = error instanceof Error && error.message ? error.message : name || 'unknown error';
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return { reason: `the request was refused (${status} ${detail})`, retryable: false };
  }
  return { reason: status ? `the storage answered ${status} (${detail})` : detail, retryable: true };
}
