import type { HttpRequest, HttpResponse, HttpStack, UploadOptions } from 'tus-js-client';
import type { TransportRequest, TransportResponse, UploadTransport } from './transport';

/**
 * tus-js-client on top of an UploadTransport, so resumable uploads share the transport's time-out,
 * cancellation and Origin handling, and run the same in the browser and in Node.
 */
export class TransportHttpStack implements HttpStack {
  constructor(
    private readonly transport: UploadTransport,
    private readonly timeoutMs: number,
  ) {}

  createRequest(method: string, url: string): HttpRequest {
    return new TransportHttpRequest(this.transport, method, url, this.timeoutMs);
  }

  getName(): string {
    return 'ImprintTransportHttpStack';
  }
}

class TransportHttpRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private onProgress: ((bytesSent: number) => void) | undefined;

  constructor(
    private readonly transport: UploadTransport,
    private readonly method: string,
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header];
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.onProgress = handler;
  }

  async send(body: unknown): Promise<HttpResponse> {
    const request: TransportRequest = {
      method: this.method as TransportRequest['method'],
      url: this.url,
      headers: this.headers,
      timeoutMs: this.timeoutMs,
      signal: this.controller.signal,
    };
    // The file reader below hands out Blob slices; tus sends no body for HEAD and creation.
    if (body instanceof Blob) {
      request.body = body;
      const report = this.onProgress;
      if (report) request.onUploadProgress = (loaded) => report(loaded);
    }
    return new TransportHttpResponse(await this.transport.send(request));
  }

  async abort(): Promise<void> {
    this.controller.abort();
  }

  getUnderlyingObject(): unknown {
    return this.controller;
  }
}

class TransportHttpResponse implements HttpResponse {
  constructor(private readonly response: TransportResponse) {}

  getStatus(): number {
    return this.response.status;
  }

  getHeader(header: string): string | undefined {
    return this.response.header(header);
  }

  getBody(): string {
    return this.response.text;
  }

  getUnderlyingObject(): unknown {
    return this.response;
  }
}

/**
 * Reads the file as Blob slices in both environments (tus-js-client's Node reader takes only
 * Buffers and streams), so no chunk is copied before the transport streams it.
 */
export const blobFileReader: NonNullable<UploadOptions['fileReader']> = {
  async openFile(input: unknown) {
    if (!(input instanceof Blob)) throw new TypeError('The resumable upload reads Blobs and Files only');
    return {
      size: input.size,
      slice: async (start: number, end: number) => ({
        value: input.slice(start, end),
        done: end >= input.size,
      }),
      close() {},
    };
  },
};

/**
 * What identifies "the same upload" across a page reload: the file (name, type, size, and its
 * modification time when it is a File), where it goes, and the upload session it belongs to. The
 * session is part of it because the server finishes an upload only for the session that began it.
 */
export function uploadFingerprint(
  file: Blob & { name: string },
  endpoint: string,
  session: { sessionId: string; fileType: string },
): string {
  const modified = 'lastModified' in file && typeof file.lastModified === 'number' ? file.lastModified : '';
  return [
    'imprint',
    file.name,
    file.type,
    file.size,
    modified,
    endpoint,
    session.fileType,
    session.sessionId,
  ].join('|');
}
