import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The part of s3rver (CommonJS, no type definitions) this helper uses. */
interface S3rverApp {
  callback(): http.RequestListener;
  configureBuckets(): Promise<void>;
}
type S3rverConstructor = new (options: {
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverApp;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export interface S3rverInstance {
  /** `http://127.0.0.1:<port>`; path-style addressing only. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Environment variables that configure Imprint's S3 driver for this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

// s3rver accepts only its built-in account.
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';
const region = 'us-east-1';

/**
 * Starts s3rver on 127.0.0.1 (a free port) over a temporary directory, with one empty bucket.
 *
 * s3rver 3.7 lacks three things real S3 does that Imprint's tests rely on, so a thin front adds them
 * (everything else is s3rver's own behaviour):
 * - it never verifies SigV4 signatures: the front checks presigned (query-string) requests, so a
 *   PUT whose Content-Length or Content-Type differs from what was signed is refused with 403;
 * - AbortMultipartUpload (`DELETE ?uploadId=`) answers 405: the front removes the pending upload;
 * - ListMultipartUploads (`GET /bucket?uploads`) is missing from s3rver: the front lists them;
 * - ListParts (`GET /bucket/key?uploadId=`), which tus's S3 store calls to resume, answers 405:
 *   the front lists the parts s3rver keeps (one file per part, with its MD5 beside it).
 */
export async function startS3rver(options: { bucket?: string } = {}): Promise<S3rverInstance> {
  const bucket = options.bucket ?? `imprint-${randomBytes(4).toString('hex')}`;
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-s3rver-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const s3rverHandler = s3rver.callback();
  // s3rver keeps each pending multipart upload in a directory named after its upload id.
  const uploadsDir = (bucketName: string) => path.join(directory, bucketName, '._S3rver_uploads');

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3rver.invalid');
    const [bucketName = '', ...keyParts] = url.pathname.slice(1).split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    void (async () => {
      if (url.searchParams.has('X-Amz-Signature') && !presignedSignatureHolds(request, url)) {
        sendError(response, 403, 'SignatureDoesNotMatch', 'The request signature does not match.');
        request.resume();
        return;
      }
      const uploadId = url.searchParams.get('uploadId');
      if (request.method === 'DELETE' && uploadId && key) {
        await abortMultipartUpload(response, path.join(uploadsDir(bucketName), path.basename(uploadId)));
        return;
      }
      if (request.method === 'GET' && url.searchParams.has('uploads') && !key) {
        await listMultipartUploads(response, bucketName, uploadsDir(bucketName));
        return;
      }
      if (request.method === 'GET' && uploadId && key) {
        await listParts(
          response,
          { bucket: bucketName, key, uploadId },
          path.join(uploadsDir(bucketName), path.basename(uploadId)),
        );
        return;
      }
      s3rverHandler(request, response);
    })().catch((error: unknown) => {
      sendError(response, 500, 'InternalError', String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

function sendError(response: http.ServerResponse, status: number, code: string, message: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, { 'Content-Type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

async function abortMultipartUpload(response: http.ServerResponse, uploadDir: string): Promise<void> {
  const exists = await fs.stat(uploadDir).then(
    () => true,
    () => false,
  );
  if (!exists) {
    sendError(response, 404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    return;
  }
  await fs.rm(uploadDir, { recursive: true, force: true });
  response.writeHead(204).end();
}

async function listMultipartUploads(
  response: http.ServerResponse,
  bucket: string,
  uploadsDir: string,
): Promise<void> {
  const ids = await fs.readdir(uploadsDir).catch(() => [] as string[]);
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const key = await fs.readFile(path.join(uploadsDir, id, 'key'), 'utf8');
      const { birthtime } = await fs.stat(path.join(uploadsDir, id));
      return `<Upload><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId><Initiated>${birthtime.toISOString()}</Initiated></Upload>`;
    }),
  );
  response.writeHead(200, { 'Content-Type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
  );
}

async function listParts(
  response: http.ServerResponse,
  upload: { bucket: string; key: string; uploadId: string },
  uploadDir: string,
): Promise<void> {
  const names = await fs.readdir(uploadDir).catch(() => undefined);
  if (!names) {
    sendError(response, 404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    return;
  }
  const numbers = names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (number) => {
      const file = path.join(uploadDir, String(number));
      const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8')]);
      return `<Part><PartNumber>${number}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
    }),
  );
  response.writeHead(200, { 'Content-Type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(upload.bucket)}</Bucket><Key>${escapeXml(upload.key)}</Key><UploadId>${escapeXml(upload.uploadId)}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** RFC 3986 encoding, as SigV4 canonical query strings use it. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Recomputes a presigned request's SigV4 signature from what actually arrived (method, path, query,
 * and the values of the headers it claims to have signed), as S3 does. Expiry is s3rver's job.
 */
function presignedSignatureHolds(request: http.IncomingMessage, url: URL): boolean {
  const provided = url.searchParams.get('X-Amz-Signature') ?? '';
  const signedHeaders = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
  const [, date = '', scopeRegion = '', service = ''] = (
    url.searchParams.get('X-Amz-Credential') ?? ''
  ).split('/');
  const amzDate = url.searchParams.get('X-Amz-Date') ?? '';
  const query = [...url.searchParams.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
  const canonicalRequest = [
    request.method,
    rawPath,
    query,
    headers,
    signedHeaders.join(';'),
    url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${scopeRegion}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key: Buffer = Buffer.from(`AWS4${secretAccessKey}`);
  for (const part of [date, scopeRegion, service, 'aws4_request'])
    key = createHmac('sha256', key).update(part).digest();
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const actual = Buffer.from(provided, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
