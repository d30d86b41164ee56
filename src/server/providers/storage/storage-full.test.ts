import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filesUnder,
  mountSmallFilesystem,
  noSpaceError,
  type SmallFilesystem,
} from '../../test/full-storage';
import { LocalResumableStore } from './local-resumable-store';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import {
  checkFreeSpace,
  isNoSpaceError,
  STORAGE_FULL_HOLD_MS,
  StorageFullError,
  StorageSpace,
  storageFailure,
  storageFullErrorOf,
} from './storage-full';

/** An error as the AWS SDK raises it for an S3 answer with this code and status. */
const s3Error = (code: string, status: number, message = 'refused') =>
  Object.assign(new Error(message), {
    name: code,
    Code: code,
    $fault: 'client',
    $metadata: { httpStatusCode: status },
  });

describe('what counts as no room', () => {
  it.each([
    ['ENOSPC from the disk', noSpaceError(), true],
    [
      'EDQUOT from a disk quota',
      Object.assign(new Error('EDQUOT: disk quota exceeded'), { code: 'EDQUOT' }),
      true,
    ],
    ['a no-space error as the cause of another', new Error('write failed', { cause: noSpaceError() }), true],
    ["MinIO's XMinioStorageFull (507)", s3Error('XMinioStorageFull', 507), true],
    ["Ceph's QuotaExceeded (403)", s3Error('QuotaExceeded', 403), true],
    ["Huawei OBS's InsufficientStorageSpace (403)", s3Error('InsufficientStorageSpace', 403), true],
    ["a gateway's 507 of any code", s3Error('InsufficientStorage', 507), true],
    ["MinIO's 500 with the disk's words", s3Error('InternalError', 500, 'no space left on device'), true],
    ['EntityTooLarge: one body too large', s3Error('EntityTooLarge', 400), false],
    ['ServiceUnavailable: throttled', s3Error('ServiceUnavailable', 503), false],
    ['SlowDown: throttled', s3Error('SlowDown', 503), false],
    ['AccessDenied', s3Error('AccessDenied', 403), false],
    ['another disk error', Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }), false],
    ['words alone, not from S3', new Error('no space left on device'), false],
  ])('%s: %s', (_label, error, expected) => {
    expect(isNoSpaceError(error)).toBe(expected);
    expect(storageFailure(error) instanceof StorageFullError).toBe(expected);
  });

  it('is answered 507 with the cause kept and named', () => {
    const full = storageFailure(noSpaceError());
    expect(full).toBeInstanceOf(StorageFullError);
    expect(full).toMatchObject({ statusCode: 507, cause: expect.objectContaining({ code: 'ENOSPC' }) });
    expect((full as Error).message).toBe('no space left in storage (ENOSPC: no space left on device, write)');
  });

  it("is found behind any error met on this server, S3's codes only as raised by the storage", () => {
    const raised = new StorageFullError(s3Error('XMinioStorageFull', 507));
    expect(storageFullErrorOf(new Error('job failed', { cause: raised }))).toBe(raised);
    expect(storageFullErrorOf(noSpaceError())).toBeInstanceOf(StorageFullError);
    // A delivery target's bucket being full is not Imprint's storage.
    expect(storageFullErrorOf(s3Error('XMinioStorageFull', 507))).toBeUndefined();
    expect(storageFullErrorOf(new Error('Internal server error'))).toBeUndefined();
  });
});

describe('the storage space watch', () => {
  it('keeps storage failing for a while after a write refused for space, then until a check passes', () => {
    let now = 1_000_000;
    const space = new StorageSpace(() => now);
    const began: string[] = [];
    space.onFull((error) => began.push(error.message));
    space.confirmRoom(); // nothing known: passes

    const full = new StorageFullError(noSpaceError());
    space.noteFull(full);
    space.noteFull(full);
    expect(began).toEqual([full.message]); // once per outage
    expect(() => space.confirmRoom()).toThrow('no space left in storage');

    now += STORAGE_FULL_HOLD_MS - 1;
    expect(() => space.confirmRoom()).toThrow('no space left in storage');
    space.noteFull(full); // a later failure renews the hold
    now += STORAGE_FULL_HOLD_MS - 1;
    expect(() => space.confirmRoom()).toThrow('no space left in storage');
    now += 1;
    space.confirmRoom();
    expect(space.isFull()).toBe(false);

    space.noteFull(full);
    expect(began).toHaveLength(2); // a new outage
  });
});

describe('S3 answers for a full bucket', () => {
  let server: http.Server;
  let answer = { status: 507, code: 'XMinioStorageFull' };
  let endpoint: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(answer.status, { 'content-type': 'application/xml' });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${answer.code}</Code><Message>Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.</Message><Resource>${request.url}</Resource><RequestId>1</RequestId></Error>`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const storage = () =>
    new S3Storage({
      bucket: 'imprint',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    });

  it.each([
    { status: 507, code: 'XMinioStorageFull' },
    { status: 403, code: 'QuotaExceeded' },
  ])('$code ($status) fails a put and a move with StorageFullError', async (refusal) => {
    answer = refusal;
    const put = storage().put('uploads/a/audio/x.wav', Readable.from([Buffer.alloc(1024)]));
    await expect(put).rejects.toBeInstanceOf(StorageFullError);
    await expect(put).rejects.toMatchObject({ cause: { name: refusal.code } });
    await expect(storage().move('staging/x', 'uploads/a/audio/x.wav')).rejects.toBeInstanceOf(
      StorageFullError,
    );
  });

  it('AccessDenied stays what it is', async () => {
    answer = { status: 403, code: 'AccessDenied' };
    const put = storage().put('uploads/a/audio/x.wav', Buffer.alloc(16));
    await expect(put).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(put).rejects.not.toBeInstanceOf(StorageFullError);
  });
});

describe('on a real file system with 1 MB of room', () => {
  let small: SmallFilesystem;
  beforeAll(async () => {
    small = await mountSmallFilesystem(1);
  });
  afterAll(async () => {
    if ('unmount' in small) await small.unmount();
  });

  it('a put too large fails with StorageFullError and leaves nothing; a small one still fits', async (context) => {
    if ('skipped' in small) return context.skip(small.skipped);
    const storage = new LocalStorage(path.join(small.dir, 'files'));
    const put = storage.put('uploads/a/audio/big.wav', Readable.from([Buffer.alloc(3 * 1024 * 1024)]), {
      contentType: 'audio/wav',
    });
    await expect(put).rejects.toBeInstanceOf(StorageFullError);
    await expect(put).rejects.toMatchObject({ cause: { code: 'ENOSPC' } });
    expect(await filesUnder(small.dir)).toEqual([]);
    expect(await storage.head('uploads/a/audio/big.wav')).toBeUndefined();

    await storage.put('uploads/a/audio/small.wav', Buffer.alloc(1024));
    expect(await storage.head('uploads/a/audio/small.wav')).toMatchObject({ size: 1024 });
    await storage.delete('uploads/a/audio/small.wav');
  });

  it('the free-space check fails below its minimum, in words', async (context) => {
    if ('skipped' in small) return context.skip(small.skipped);
    await checkFreeSpace(small.dir, 512 * 1024);
    await expect(checkFreeSpace(small.dir, 2 * 1024 * 1024)).rejects.toThrow(
      /little space left on the storage disk: \d+ MB free, below STORAGE_MIN_FREE_MB \(2 MB\)/,
    );
  });

  it('a resumable chunk too large fails with StorageFullError', async (context) => {
    if ('skipped' in small) return context.skip(small.skipped);
    const directory = path.join(small.dir, 'resumable');
    await fs.mkdir(directory, { recursive: true });
    const store = new LocalResumableStore({ directory });
    await fs.writeFile(path.join(directory, 'upload-1'), '');
    const write = store.write(Readable.from([Buffer.alloc(3 * 1024 * 1024)]), 'upload-1', 0);
    await expect(write).rejects.toBeInstanceOf(StorageFullError);
    await fs.rm(directory, { recursive: true, force: true });
  });
});
