import { describe, expect, it } from 'vitest';
import { createUploadClient, type UploadInput } from './start-upload';
import type { TransportRequest, TransportResponse, UploadTransport } from './transport';
import type { UploadError } from './upload-errors';

/**
 * The decisions of the upload client against a scripted transport: answers the real server does
 * not give (a 500 from processing, a body that is not the upload result) and how each is worded.
 * src/server/routes/api/upload-client.test.ts runs the same client against the real server.
 */

const MiB = 1024 * 1024;
const input: UploadInput = { artistName: 'Maya Rivers', fileType: 'track', sessionId: 'unit-session-0001' };
const small = new File([new Uint8Array(1000)], 'small.wav', { type: 'audio/wav' });
const large = new File([new Uint8Array(16 * MiB)], 'large.wav', { type: 'audio/wav' });

const goodResult = {
  success: true,
  fileId: 'f1',
  fileName: 'x.wav',
  uploadMethod: 'APP_ENGINE',
};

type Script = (request: TransportRequest, path: string) => { status: number; body: unknown };

function scripted(script: Script) {
  const calls: string[] = [];
  const transport: UploadTransport = {
    async send(request): Promise<TransportResponse> {
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path}`);
      if (request.body !== undefined) {
        const size = typeof request.body === 'string' ? request.body.length : request.body.size;
        request.onUploadProgress?.(size, size);
      }
      const { status, body } = script(request, path);
      return {
        status,
        header: () => undefined,
        text: typeof body === 'string' ? body : JSON.stringify(body),
      };
    },
  };
  const client = createUploadClient({ baseUrl: 'http://imprint.test', transport, resumableEndpoint: null });
  return { client, calls };
}

const failed = (error: string) => ({ success: false, error });

describe('the upload client’s answers and fallbacks', () => {
  it('sends 15 MB or less to the standard upload only', async () => {
    const { client, calls } = scripted(() => ({ status: 200, body: goodResult }));
    await expect(client.startUpload(small, input).promise).resolves.toMatchObject({ fileId: 'f1' });
    expect(calls).toEqual(['POST /api/upload/storage']);
  });

  it.each([
    ['not JSON', 'OK'],
    ['not the upload result', { success: 'yes' }],
  ])('calls an answer that is %s unreadable', async (_, body) => {
    const { client } = scripted(() => ({ status: 200, body }));
    await expect(client.startUpload(small, input).promise).rejects.toMatchObject({
      kind: 'parse',
      message: 'Failed to parse server response',
    });
  });

  it('takes a 200 that says success: false in the server’s words', async () => {
    const { client } = scripted(() => ({
      status: 200,
      body: { success: false, details: 'Storage is full' },
    }));
    await expect(client.startUpload(small, input).promise).rejects.toMatchObject({
      message: 'Storage is full',
    });
  });

  it('falls back to the standard upload when processing fails with a 500', async () => {
    const { client, calls } = scripted((_, path) => {
      if (path === '/api/storage/generate-upload-url')
        return {
          status: 200,
          body: { uploadUrl: 'http://bucket.test/put', fileName: 'id', bucketName: 'b' },
        };
      if (path === '/put') return { status: 200, body: '' };
      if (path === '/api/storage/process-upload')
        return { status: 500, body: failed('Internal server error') };
      return { status: 200, body: goodResult };
    });
    await expect(client.startUpload(large, input).promise).resolves.toMatchObject({ fileId: 'f1' });
    expect(calls).toEqual([
      'POST /api/storage/generate-upload-url',
      'PUT /put',
      'POST /api/storage/process-upload',
      'POST /api/upload/storage',
    ]);
  });

  it('reports the standard upload’s failure after a fallback, keeping why the direct path failed', async () => {
    const { client } = scripted((_, path) => {
      if (path === '/api/storage/generate-upload-url')
        return { status: 500, body: failed('Internal server error') };
      return { status: 400, body: failed('No file uploaded') };
    });
    const error: UploadError = await client.startUpload(large, input).promise.catch((e) => e);
    expect(error).toMatchObject({ message: 'No file uploaded', method: 'standard', status: 400 });
    expect(error.directError).toMatchObject({ message: 'Failed to get upload URL: 500', method: 'direct' });
  });

  it('expects exactly 200 from the signed PUT', async () => {
    const { client } = scripted((_, path) => {
      if (path === '/api/storage/generate-upload-url')
        return {
          status: 200,
          body: { uploadUrl: 'http://bucket.test/put', fileName: 'id', bucketName: 'b' },
        };
      if (path === '/put') return { status: 204, body: '' };
      return { status: 502, body: '<html>Bad Gateway</html>' };
    });
    const error: UploadError = await client.startUpload(large, input).promise.catch((e) => e);
    expect(error.message).toBe('HTTP 502');
    expect(error.directError).toMatchObject({ message: 'Cloud Storage upload failed: 204' });
  });

  it('sends nothing more once cancelled, even when the answer in flight was a success', async () => {
    let cancel = () => {};
    const { client, calls } = scripted((_, path) => {
      if (path === '/api/storage/generate-upload-url')
        return {
          status: 200,
          body: { uploadUrl: 'http://bucket.test/put', fileName: 'id', bucketName: 'b' },
        };
      cancel(); // the artist cancels while the PUT's 200 is on its way
      return { status: 200, body: '' };
    });
    const handle = client.startUpload(large, input);
    cancel = handle.cancel;
    await expect(handle.promise).rejects.toMatchObject({ kind: 'cancelled', message: 'Upload cancelled' });
    expect(calls).toEqual(['POST /api/storage/generate-upload-url', 'PUT /put']);
  });
});
