import { randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import { S3Storage } from './s3-storage';

// What only the S3 driver does: presigned direct uploads. The shared behaviour is in
// storage-contract.test.ts.

let s3: S3rverInstance;
let storage: S3Storage;
beforeAll(async () => {
  s3 = await startS3rver();
  storage = new S3Storage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  });
});
afterAll(async () => s3.stop());

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3Storage presigned uploads', () => {
  const body = randomBytes(3 * 1024 * 1024);
  const presign = (key: string, contentLength = body.length) =>
    storage.createPresignedUpload(key, { contentType: 'audio/wav', contentLength, expiresInSeconds: 600 });

  it('signs Content-Type and Content-Length, and no checksum a browser could not send', async () => {
    const upload = await presign(`staging/${randomUUID()}.wav`);
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'audio/wav' });
    const query = new URL(upload.url).searchParams;
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(query.get('X-Amz-Expires')).toBe('600');
    expect([...query.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });

  it('takes a PUT of the signed size and type, and the object reads back byte for byte', async () => {
    const key = `staging/${randomUUID()}.wav`;
    const upload = await presign(key);
    const response = await fetch(upload.url, { method: upload.method, headers: upload.headers, body });
    expect(response.status).toBe(200);
    expect(await storage.head(key)).toEqual({ key, size: body.length, contentType: 'audio/wav' });
    expect((await readAll(await storage.get(key))).equals(body)).toBe(true);
  });

  it.each<{ what: string; headers: Record<string, string>; size: number }>([
    { what: 'one byte more than signed', headers: { 'Content-Type': 'audio/wav' }, size: 1001 },
    { what: 'one byte less than signed', headers: { 'Content-Type': 'audio/wav' }, size: 999 },
    { what: 'no Content-Type', headers: {}, size: 1000 },
    { what: 'another Content-Type', headers: { 'Content-Type': 'text/html' }, size: 1000 },
  ])('refuses a PUT with $what and stores nothing', async ({ headers, size }) => {
    const key = `staging/${randomUUID()}.wav`;
    const upload = await presign(key, 1000);
    const response = await fetch(upload.url, { method: 'PUT', headers, body: randomBytes(size) });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('SignatureDoesNotMatch');
    expect(await storage.head(key)).toBeUndefined();
  });

  it('refuses to sign impossible sizes, lifetimes and keys', async () => {
    const options = { contentType: 'audio/wav', contentLength: 10, expiresInSeconds: 60 };
    await expect(
      storage.createPresignedUpload('staging/a.wav', { ...options, contentLength: -1 }),
    ).rejects.toThrow('contentLength');
    await expect(
      storage.createPresignedUpload('staging/a.wav', { ...options, expiresInSeconds: 8 * 24 * 3600 }),
    ).rejects.toThrow('expiresInSeconds');
    await expect(storage.createPresignedUpload('../a.wav', options)).rejects.toThrow('Invalid storage key');
  });
});
