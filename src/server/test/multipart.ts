import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';

export interface MultipartFile {
  field?: string;
  name: string;
  type: string;
  body: Buffer | Readable;
}

/**
 * A multipart/form-data body as a stream, parts in the given order, so tests can send 200 MB
 * files without building them in memory, and put the file before or after its fields.
 */
export function multipartBody(parts: Array<{ field: string; value: string } | MultipartFile>): {
  contentType: string;
  body: Readable;
} {
  const boundary = `----imprint-test-${randomBytes(8).toString('hex')}`;
  async function* generate() {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        );
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      );
      if (Buffer.isBuffer(part.body)) yield part.body;
      else for await (const chunk of part.body) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Readable.from(generate()) };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: like inject()'s Response.json(), for terse assertions in tests.
  json(): any;
}

/** Sends a streamed request to a listening server (app.inject would buffer a 200 MB body). */
export function sendStream(
  url: string,
  options: { method: string; headers: Record<string, string>; body: Readable },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          json: () => JSON.parse(body.toString('utf8')),
        });
      });
      response.on('error', reject);
    });
    // The server may answer (413) and close before the whole body is sent: that is a result, not an error.
    request.on('error', (error) => {
      if (
        (error as NodeJS.ErrnoException).code !== 'EPIPE' &&
        (error as NodeJS.ErrnoException).code !== 'ECONNRESET'
      )
        reject(error);
    });
    options.body.pipe(request);
  });
}

/** A tus Upload-Metadata header: each key with its value in base64, separated by commas. */
export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Creates a resumable (tus) upload of `length` bytes on the listening server at `base`. */
export function createResumableUpload(
  base: string,
  length: number,
  metadata: Record<string, string>,
): Promise<Response> {
  return fetch(`${base}/api/uploads/resumable`, {
    method: 'POST',
    headers: {
      origin: base,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': tusMetadata(metadata),
    },
  });
}
