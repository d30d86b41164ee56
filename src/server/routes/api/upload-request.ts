import { UPLOAD_REQUEST_MESSAGES } from '../../../domain';
import { AppError, badRequest } from '../../errors';

/**
 * The standard upload's multipart request, before and while it is read: a request the
 * parser cannot use is the client's fault and is answered 400/413 in the domain's words, never a 500
 * or a request left waiting for a closing boundary that never comes.
 */

/** RFC 2046 §5.1.1: 1 to 70 characters of a limited set (quoted, a space may be among them). */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary of a multipart/form-data content type, or undefined when there is none usable. */
export function multipartBoundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const [type, ...parameters] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return undefined;
  for (const parameter of parameters) {
    const separator = parameter.indexOf('=');
    if (separator < 0) continue;
    if (parameter.slice(0, separator).trim().toLowerCase() !== 'boundary') continue;
    let value = parameter.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return BOUNDARY.test(value) ? value : undefined;
  }
  return undefined;
}

/** Refuses, before any part is read, a request the multipart parser could not even start on. */
export function checkMultipartRequest(contentType: string | undefined): void {
  if (!contentType?.toLowerCase().startsWith('multipart/'))
    throw badRequest(UPLOAD_REQUEST_MESSAGES.notMultipart);
  if (!multipartBoundaryOf(contentType)) throw badRequest(UPLOAD_REQUEST_MESSAGES.malformed);
}

/** @fastify/multipart's limits (the parts, files and fields an upload may have), by code. */
const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const PARSE_CODES = new Set(['FST_PROTO_VIOLATION', 'FST_MP_PREMATURE_CLOSE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * The parser's own errors for a body that is not complete multipart (busboy and dicer throw plain
 * Errors with these words): a body cut off before its closing boundary, a part header that does not
 * parse. Anything else (storage failing, a bug) is not the client's fault and stays as it is.
 */
const MALFORMED_MULTIPART =
  /unexpected end of (multipart data|form|file)|terminated early|malformed part header|boundary not found/i;

/** The answer for an error met while reading the parts; other errors are returned unchanged. */
export function multipartRefusal(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && LIMIT_CODES.has(code)) {
    return new AppError(413, UPLOAD_REQUEST_MESSAGES.tooManyParts, { headers: { connection: 'close' } });
  }
  // The prototype guard, and a request closed (or a part destroyed) before its data was complete.
  if (typeof code === 'string' && PARSE_CODES.has(code)) return badRequest(UPLOAD_REQUEST_MESSAGES.malformed);
  if (typeof message === 'string' && MALFORMED_MULTIPART.test(message)) {
    return badRequest(UPLOAD_REQUEST_MESSAGES.malformed);
  }
  return error;
}
