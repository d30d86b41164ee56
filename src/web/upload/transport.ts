/**
 * The HTTP layer of the upload client, kept behind one small interface so the same upload logic
 * runs in the browser (XMLHttpRequest, for upload progress) and in Node (node:http, for tests and
 * scripts). Both implementations answer every HTTP status as a response; only a request that got
 * no complete answer rejects, with a TransportError.
 */

export type TransportMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportRequest {
  method: TransportMethod;
  /** Absolute, or relative to the page in a browser. */
  url: string;
  /**
   * Request headers. Never Origin or Content-Length: browsers set those themselves and refuse
   * them from scripts, so the Node transport sets them the same way.
   */
  headers?: Record<string, string>;
  body?: Blob | string;
  /** The whole exchange, request and answer, must finish within this; 0 or absent: no limit. */
  timeoutMs?: number;
  /** Bytes of the body handed to the network so far, out of the body's size. */
  onUploadProgress?(loaded: number, total: number): void;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  /** A response header by case-insensitive name. */
  header(name: string): string | undefined;
  text: string;
}

export type TransportFailure =
  /** The connection broke after it was made (a dropped connection, a reset). */
  | 'network'
  /** No connection could be made at all (refused, unreachable, DNS). */
  | 'connect'
  | 'timeout'
  | 'aborted';

export class TransportError extends Error {
  override readonly name = 'TransportError';

  constructor(
    readonly failure: TransportFailure,
    message: string = failure,
  ) {
    super(message);
  }
}

export interface UploadTransport {
  send(request: TransportRequest): Promise<TransportResponse>;
}

export function isTransportError(error: unknown): error is TransportError {
  return error instanceof TransportError;
}

export function bodySize(body: Blob | string | undefined): number {
  if (body === undefined) return 0;
  return typeof body === 'string' ? new TextEncoder().encode(body).length : body.size;
}
