import { DetailedError, type PreviousUpload, Upload, type UrlStorage } from 'tus-js-client';
import type { z } from 'zod';
import {
  DIRECT_UPLOAD_TIMEOUT_MS,
  formatProcessingFailed,
  formatStorageUploadFailed,
  formatUploadUrlFailed,
  generateUploadUrlResponseSchema,
  STANDARD_UPLOAD_TIMEOUT_MS,
  shouldUploadDirect,
  UPLOAD_MESSAGES,
  type UploadFileType,
  type UploadResult,
  uploadResultSchema,
} from '../../domain';
import { buildMultipartBody } from './multipart';
import {
  isTransportError,
  type TransportRequest,
  type TransportResponse,
  type UploadTransport,
} from './transport';
import { blobFileReader, TransportHttpStack, uploadFingerprint } from './tus-adapter';
import {
  cancelledError,
  httpFailure,
  parseFailure,
  shouldFallBack,
  transportFailure,
  UploadError,
  unexpectedFailure,
} from './upload-errors';
import {
  createProgressReporter,
  type ProgressReporter,
  type UploadMethod,
  type UploadProgress,
} from './upload-progress';
import { createXhrTransport } from './xhr-transport';

export type UploadableFile = Blob & { readonly name: string };

export interface UploadInput {
  artistName: string;
  fileType: UploadFileType;
  trackTitle?: string | undefined;
  releaseTitle?: string | undefined;
  sessionId: string;
}

export interface StartUploadOptions {
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

export interface UploadHandle {
  /** The upload result; rejects with an UploadError (kind 'cancelled' after cancel()). */
  promise: Promise<UploadResult>;
  cancel(): void;
}

export interface UploadClientOptions {
  /** Prefix of the API paths: '' (same origin) in the browser, the server's address elsewhere. */
  baseUrl?: string;
  /** Default: XMLHttpRequest. */
  transport?: UploadTransport;
  /** The tus endpoint, a path under baseUrl or a full URL; null skips straight to the signed-URL path. */
  resumableEndpoint?: string | null;
  /** Spec 001 §9: 300 000 ms. */
  standardTimeoutMs?: number;
  /** Spec 001 §9: 600 000 ms, for each direct request (each tus chunk, the signed PUT, processing). */
  directTimeoutMs?: number;
  /**
   * tus chunk size, 32 MiB: a 200 MB file in 7 requests. A lost connection costs only the bytes
   * in flight (the server keeps what arrived of a chunk, and tus resumes from there), and a chunk
   * still fits the 10-minute request time-out at 0.5 Mbit/s; slower, each attempt keeps its bytes.
   */
  chunkSize?: number;
  /** Waits between tus retries of a failed request; the resumed request starts at the acknowledged byte. */
  retryDelays?: number[];
  /** Where tus keeps upload URLs for resuming after a reload; default localStorage in a browser, none in Node. */
  urlStorage?: UrlStorage;
  now?: () => number;
}

export interface UploadClient {
  startUpload(file: UploadableFile, input: UploadInput, options?: StartUploadOptions): UploadHandle;
}

const MiB = 1024 * 1024;
export const RESUMABLE_ENDPOINT = '/api/uploads/resumable';
const DEFAULT_CHUNK_SIZE = 32 * MiB;
const DEFAULT_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];

/** The tus endpoint answered with an error status when asked to create the upload: use the signed URL. */
class ResumableUnavailable extends Error {
  constructor(readonly failure: UploadError) {
    super(failure.message);
  }
}

/**
 * The upload client the submission form calls once per file (spec 001 §4, §7, §8):
 * - up to 15 MB: the standard multipart upload;
 * - larger: direct — resumable (tus) first; if the server has no tus endpoint, the signed-URL PUT;
 *   any failure of the direct path except a refusal of the file itself falls back to the
 *   standard upload.
 */
export function createUploadClient(options: UploadClientOptions = {}): UploadClient {
  const config = {
    baseUrl: (options.baseUrl ?? '').replace(/\/+$/, ''),
    transport: options.transport ?? createXhrTransport(),
    resumableEndpoint:
      options.resumableEndpoint === undefined ? RESUMABLE_ENDPOINT : options.resumableEndpoint,
    standardTimeoutMs: options.standardTimeoutMs ?? STANDARD_UPLOAD_TIMEOUT_MS,
    directTimeoutMs: options.directTimeoutMs ?? DIRECT_UPLOAD_TIMEOUT_MS,
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
    retryDelays: options.retryDelays ?? DEFAULT_RETRY_DELAYS,
    urlStorage: options.urlStorage,
    now: options.now ?? Date.now,
  };
  return {
    startUpload(file, input, callOptions = {}) {
      const controller = new AbortController();
      const cancel = () => controller.abort();
      const outer = callOptions.signal;
      if (outer?.aborted) cancel();
      else outer?.addEventListener('abort', cancel, { once: true });
      const run = new UploadRun(
        config,
        file,
        input,
        createProgressReporter(callOptions.onProgress, config.now),
        controller.signal,
      );
      const promise = run.execute().finally(() => outer?.removeEventListener('abort', cancel));
      return { promise, cancel };
    },
  };
}

let defaultClient: UploadClient | undefined;

/** Same-origin upload with the browser's XMLHttpRequest and the spec's time-outs. */
export function startUpload(
  file: UploadableFile,
  input: UploadInput,
  options?: StartUploadOptions,
): UploadHandle {
  defaultClient ??= createUploadClient();
  return defaultClient.startUpload(file, input, options);
}

type ClientConfig = Required<Omit<UploadClientOptions, 'urlStorage' | 'resumableEndpoint'>> & {
  resumableEndpoint: string | null;
  urlStorage: UrlStorage | undefined;
};

/** One file's upload: every request goes through `send`, which refuses to start once cancelled. */
class UploadRun {
  private method: UploadMethod = 'standard';

  constructor(
    private readonly config: ClientConfig,
    private readonly file: UploadableFile,
    private readonly input: UploadInput,
    private readonly progress: ProgressReporter,
    private readonly signal: AbortSignal,
  ) {}

  async execute(): Promise<UploadResult> {
    try {
      if (!shouldUploadDirect(this.file.size)) return await this.standard();
      let directError: unknown;
      try {
        return await this.direct();
      } catch (error) {
        if (this.signal.aborted || !shouldFallBack(error)) throw error;
        directError = error;
      }
      try {
        return await this.standard();
      } catch (error) {
        // The standard upload's failure is what the artist sees; the direct one stays for reports.
        if (error instanceof UploadError && !this.signal.aborted) error.directError = directError;
        throw error;
      }
    } catch (error) {
      if (this.signal.aborted) throw cancelledError(this.method);
      throw unexpectedFailure(error, this.method);
    }
  }

  // --- standard: one multipart POST ------------------------------------------------------------

  private async standard(): Promise<UploadResult> {
    const method = this.begin('standard');
    const { file, input } = this;
    const multipart = buildMultipartBody(
      {
        artistName: input.artistName,
        fileType: input.fileType,
        trackTitle: input.trackTitle,
        releaseTitle: input.releaseTitle,
        sessionId: input.sessionId,
      },
      { field: 'file', name: file.name, type: file.type, content: file },
    );
    const bodyBytes = multipart.body.size;
    const response = await this.send(
      {
        method: 'POST',
        url: this.apiUrl(`/api/upload/storage?_t=${this.config.now()}`),
        headers: { 'content-type': multipart.contentType, accept: 'application/json' },
        body: multipart.body,
        timeoutMs: this.config.standardTimeoutMs,
        onUploadProgress: (loaded) => {
          this.progress.bytes(Math.min(file.size, Math.max(0, loaded - multipart.fileOffset)));
          // Every byte is out: the server is now checking and filing the file.
          if (loaded >= bodyBytes) this.progress.processing();
        },
      },
      method,
    );
    if (!isOk(response)) throw httpFailure(response.status, response.text, method);
    return this.finish(this.parse(response, uploadResultSchema, method), method);
  }

  // --- direct: resumable, else signed URL --------------------------------------------------------

  private async direct(): Promise<UploadResult> {
    if (this.config.resumableEndpoint !== null) {
      try {
        return await this.resumable(this.config.resumableEndpoint);
      } catch (error) {
        if (!(error instanceof ResumableUnavailable)) throw error;
      }
    }
    return this.signedUrl();
  }

  private async resumable(endpointPath: string): Promise<UploadResult> {
    const method = this.begin('resumable');
    const { file, input, signal } = this;
    const endpoint = absoluteUrl(endpointPath, this.config.baseUrl);
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      let created = false;
      const metadata: Record<string, string> = {
        filename: file.name,
        fileType: input.fileType,
        artistName: input.artistName,
        sessionId: input.sessionId,
      };
      // tus metadata cannot carry an empty value; the server then decides by the name.
      if (file.type) metadata.filetype = file.type;
      const onAbort = () => {
        // abort(false): nothing more is sent, not even a DELETE; the bytes so far stay resumable.
        void upload.abort(false);
        reject(cancelledError(method));
      };
      const upload = new Upload(file, {
        endpoint,
        metadata,
        chunkSize: this.config.chunkSize,
        retryDelays: this.config.retryDelays,
        httpStack: new TransportHttpStack(this.config.transport, this.config.directTimeoutMs),
        fileReader: blobFileReader,
        fingerprint: async () => uploadFingerprint(file, endpoint, input),
        ...(this.config.urlStorage ? { urlStorage: this.config.urlStorage } : {}),
        storeFingerprintForResuming: true,
        // A finished upload must not be "resumed" by the next upload of the same file.
        removeFingerprintOnSuccess: true,
        onUploadUrlAvailable: () => {
          created = true;
        },
        onShouldRetry: (error) => {
          if (signal.aborted) return false;
          const status = error.originalResponse?.getStatus() ?? 0;
          // No answer (dropped, timed out): retry, continuing from the last acknowledged byte.
          if (status === 0) return true;
          // Before the upload exists, an error status means no tus here: go to the signed URL at once.
          if (!created) return false;
          // 507: storage is full and the upload was ended; trying again at once cannot help.
          return (status >= 500 && status !== 507) || status === 409 || status === 423;
        },
        onProgress: (bytesSent) => this.progress.bytes(bytesSent),
        onSuccess: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(upload.url ?? '');
        },
        onError: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(tusFailure(error, created, method));
        },
      });
      signal.addEventListener('abort', onAbort, { once: true });
      upload.findPreviousUploads().then(
        (previous) => {
          const latest = latestUpload(previous);
          if (latest) upload.resumeFromPreviousUpload(latest);
          if (!signal.aborted) upload.start();
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(unexpectedFailure(error, method));
        },
      );
    });
    const uploadId = new URL(uploadUrl).pathname.split('/').filter(Boolean).pop();
    if (!uploadId) throw unexpectedFailure(new Error(`no upload id in ${uploadUrl}`), method);
    this.progress.processing();
    return this.process({ fileName: uploadId, bucketName: 'resumable' }, method);
  }

  private async signedUrl(): Promise<UploadResult> {
    const method = this.begin('direct');
    const { file, input } = this;
    // The signed URL is bound to this type; the PUT must send the same.
    const contentType = file.type || 'application/octet-stream';
    const target = await this.postJson(
      '/api/storage/generate-upload-url',
      {
        fileName: file.name,
        fileSize: file.size,
        contentType,
        artistName: input.artistName,
        fileType: input.fileType,
        sessionId: input.sessionId,
      },
      generateUploadUrlResponseSchema,
      method,
      formatUploadUrlFailed,
    );
    const put = await this.send(
      {
        method: 'PUT',
        url: absoluteUrl(target.uploadUrl, this.config.baseUrl),
        headers: { 'content-type': contentType },
        body: file,
        timeoutMs: this.config.directTimeoutMs,
        onUploadProgress: (loaded) => this.progress.bytes(loaded),
      },
      method,
    );
    // Spec 001 §7: status 200 expected.
    if (put.status !== 200) throw httpFailure(put.status, put.text, method, formatStorageUploadFailed);
    this.progress.processing();
    return this.process({ fileName: target.fileName, bucketName: target.bucketName }, method);
  }

  private async process(
    target: { fileName: string; bucketName: string },
    method: UploadMethod,
  ): Promise<UploadResult> {
    const { input } = this;
    const result = await this.postJson(
      '/api/storage/process-upload',
      {
        ...target,
        artistName: input.artistName,
        trackTitle: input.trackTitle,
        fileType: input.fileType,
        releaseTitle: input.releaseTitle,
        sessionId: input.sessionId,
      },
      uploadResultSchema,
      method,
      formatProcessingFailed,
    );
    return this.finish(result, method);
  }

  // --- plumbing ------------------------------------------------------------------------------

  private begin(method: UploadMethod): UploadMethod {
    if (this.signal.aborted) throw cancelledError(this.method);
    this.method = method;
    this.progress.begin(method, this.file.size);
    return method;
  }

  private apiUrl(path: string): string {
    return `${this.config.baseUrl}${path}`;
  }

  private async send(request: TransportRequest, method: UploadMethod): Promise<TransportResponse> {
    if (this.signal.aborted) throw cancelledError(method);
    try {
      return await this.config.transport.send({ ...request, signal: this.signal });
    } catch (error) {
      if (this.signal.aborted) throw cancelledError(method);
      if (isTransportError(error)) throw transportFailure(error, method);
      throw error;
    }
  }

  private async postJson<S extends z.ZodType>(
    path: string,
    payload: unknown,
    schema: S,
    method: UploadMethod,
    stepMessage: (status: number) => string,
  ): Promise<z.output<S>> {
    const response = await this.send(
      {
        method: 'POST',
        url: this.apiUrl(path),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        timeoutMs: this.config.directTimeoutMs,
      },
      method,
    );
    if (!isOk(response)) throw httpFailure(response.status, response.text, method, stepMessage);
    return this.parse(response, schema, method);
  }

  private parse<S extends z.ZodType>(
    response: TransportResponse,
    schema: S,
    method: UploadMethod,
  ): z.output<S> {
    let json: unknown;
    try {
      json = JSON.parse(response.text);
    } catch (error) {
      throw parseFailure(response.status, method, error);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw parseFailure(response.status, method, parsed.error);
    return parsed.data;
  }

  /** A 200 that says `success: false` is a failure in the server's words. */
  private finish(result: UploadResult, method: UploadMethod): UploadResult {
    if (!result.success) {
      throw new UploadError('failed', result.error || result.details || UPLOAD_MESSAGES.failed, { method });
    }
    this.progress.done();
    return result;
  }
}

function isOk(response: TransportResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

/**
 * tus needs absolute URLs. A path goes under baseUrl like every API path; with the default '' it
 * resolves against the page, as the browser would.
 */
function absoluteUrl(pathOrUrl: string, baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl)) return pathOrUrl;
  const page = (globalThis as { location?: { href: string } }).location?.href;
  return new URL(`${baseUrl}${pathOrUrl}`, page).toString();
}

function latestUpload(previous: PreviousUpload[]): PreviousUpload | undefined {
  return previous
    .filter((upload) => upload.uploadUrl)
    .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
}

/** A failed tus upload as an UploadError; a refusal to create it at all means "no tus here". */
function tusFailure(error: Error, created: boolean, method: UploadMethod): Error {
  if (error instanceof DetailedError) {
    const response = error.originalResponse;
    if (response && response.getStatus() > 0) {
      const failure = httpFailure(
        response.getStatus(),
        response.getBody(),
        method,
        formatStorageUploadFailed,
      );
      return !created && failure.kind !== 'refused' ? new ResumableUnavailable(failure) : failure;
    }
    if (isTransportError(error.causingError)) return transportFailure(error.causingError, method);
  }
  return unexpectedFailure(error, method);
}
