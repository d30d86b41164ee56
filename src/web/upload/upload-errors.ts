import {
  formatHttpStatus,
  formatUploadFailed,
  INVALID_AUDIO_FORMAT,
  INVALID_IMAGE_FORMAT,
  STORAGE_FULL,
  UPLOAD_MESSAGES,
} from '../../domain';
import type { TransportError } from './transport';
import type { UploadMethod } from './upload-progress';

/**
 * - cancelled: the caller cancelled; nothing more is sent.
 * - refused: the server refused the file itself (format, size) or the sender (rate limit), or
 *   has no room for it now (507); any other path would be refused the same way, so there is no
 *   fallback, and the artist can try again later.
 * - http, parse, network, timeout, failed: the path failed; the direct path falls back.
 */
export type UploadErrorKind = 'cancelled' | 'refused' | 'http' | 'parse' | 'network' | 'timeout' | 'failed';

/** Not a spec text: the form recognises a cancellation by its kind and shows nothing. */
export const UPLOAD_CANCELLED = 'Upload cancelled';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  readonly kind: UploadErrorKind;
  /** The HTTP status of the answer that failed, when there was one. */
  readonly status: number | undefined;
  /** The path that failed; after a fallback, `cause` holds the direct path's error. */
  readonly method: UploadMethod;
  /** When the standard upload failed after a fallback: why the direct path failed first. */
  directError: unknown;

  constructor(
    kind: UploadErrorKind,
    message: string,
    details: { status?: number | undefined; method: UploadMethod; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.method = details.method;
  }
}

export function isUploadCancelled(error: unknown): boolean {
  return error instanceof UploadError && error.kind === 'cancelled';
}

export function cancelledError(method: UploadMethod): UploadError {
  return new UploadError('cancelled', UPLOAD_CANCELLED, { method });
}

/**
 * The server's own words in an error answer: our API's `{ error, details }`, Fastify's
 * `{ message }`, or the plain-text body the tus server answers with.
 */
export function serverMessage(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const plain = text.trim();
    return plain && plain.length <= 300 && !plain.startsWith('<') ? plain : undefined;
  }
  // Read by hand, not with zod: this module is part of the submit page, which takes no schemas
  // with it. The API's error body (domain/api/system.ts `apiErrorSchema`), then
  // Fastify's own (an unknown route: { statusCode, error: 'Not Found', message }).
  if (typeof json !== 'object' || json === null) return undefined;
  const body = json as Record<string, unknown>;
  if (body.success === false && typeof body.error === 'string') {
    if (body.error) return body.error;
    return typeof body.details === 'string' && body.details ? body.details : undefined;
  }
  return typeof body.statusCode === 'number' && typeof body.message === 'string' && body.message
    ? body.message
    : undefined;
}

const contentRefusals: readonly string[] = [INVALID_AUDIO_FORMAT, INVALID_IMAGE_FORMAT];

/**
 * Answers that any upload path would get again: the content is not audio/an image (400 with the
 * spec's message), it is too large (413), the sender is rate limited (429), or storage is full
 * (507: all paths end in the same storage). Re-sending 200 MB through the standard upload for
 * these helps nobody.
 */
export function isFinalRefusal(status: number, message: string | undefined): boolean {
  if (status === 413 || status === 429 || status === 507) return true;
  return status === 400 && message !== undefined && contentRefusals.includes(message);
}

/**
 * An error answer as an UploadError. Refusals carry the server's words; other failures the step's
 * spec text (`stepMessage`, e.g. 'Processing failed: 500'), or, for the standard upload, the
 * server's error else 'HTTP {status}'.
 */
export function httpFailure(
  status: number,
  text: string,
  method: UploadMethod,
  stepMessage?: (status: number) => string,
): UploadError {
  // A bucket that is full answers in its own XML (a presigned PUT): the server's words stand in.
  const message = serverMessage(text) ?? (status === 507 ? STORAGE_FULL : undefined);
  if (isFinalRefusal(status, message))
    return new UploadError('refused', message ?? formatHttpStatus(status), { status, method });
  const shown = stepMessage ? stepMessage(status) : (message ?? formatHttpStatus(status));
  return new UploadError('http', shown, { status, method });
}

/**
 * A request that got no answer. A time-out reads 'Upload timeout' on the standard path and
 * 'Upload took too long' on the direct one (spec 001 §8 lists both), so a report shows which limit
 * (5 or 10 minutes) was hit.
 */
export function transportFailure(error: TransportError, method: UploadMethod): UploadError {
  switch (error.failure) {
    case 'aborted':
      return cancelledError(method);
    case 'timeout':
      return new UploadError(
        'timeout',
        method === 'standard' ? UPLOAD_MESSAGES.timeout : UPLOAD_MESSAGES.tooLong,
        { method, cause: error },
      );
    case 'connect':
      return new UploadError('network', UPLOAD_MESSAGES.connectFailed, { method, cause: error });
    case 'network':
      return new UploadError('network', UPLOAD_MESSAGES.network, { method, cause: error });
  }
}

export function parseFailure(status: number, method: UploadMethod, cause?: unknown): UploadError {
  return new UploadError('parse', UPLOAD_MESSAGES.parseFailed, { status, method, cause });
}

/** Anything else that went wrong, as 'Upload failed: {message}'. */
export function unexpectedFailure(error: unknown, method: UploadMethod): UploadError {
  if (error instanceof UploadError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new UploadError('failed', formatUploadFailed(reason), { method, cause: error });
}

/** Spec 001 §4: any failure of the direct path falls back to the standard upload, except these. */
export function shouldFallBack(error: unknown): boolean {
  return !(error instanceof UploadError && (error.kind === 'cancelled' || error.kind === 'refused'));
}
