import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import SftpClient from 'ssh2-sftp-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  generateSshKeyPair,
  loadSftpStandInKeys,
  type SftpStandIn,
  startSftpStandIn,
} from '../../stand-ins/sftp';
import { closedPort } from '../../test/ports';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import { type DeliveryTarget, DeliveryTargetError } from './delivery-target';
import { S3Target } from './s3-target';
import { SftpTarget } from './sftp-target';

const MiB = 1024 * 1024;

/** One target, with a look at what it holds from outside (the stand-in's disk, the bucket). */
interface Harness {
  target: DeliveryTarget;
  /** The bytes stored at a path, read around the target; undefined when there is none. */
  stored(path: string): Promise<Buffer | undefined>;
  /** Everything stored under a folder in any state (temporary files, pending multipart uploads). */
  everything(folder: string): Promise<string[]>;
  /**
   * Called while a put's body has stopped half-way: the bytes sent so far have reached the target
   * (it streams) and the file is not visible under its name (it appears whole or not at all).
   */
  midway(path: string, sentBytes: number): Promise<void>;
  close(): Promise<void>;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function startSftp(): Promise<Harness & { standIn: SftpStandIn; privateKey: string }> {
  const keys = generateSshKeyPair();
  const standIn = await startSftpStandIn({ authorizedKey: keys.public });
  const target = new SftpTarget({
    url: `${standIn.url}incoming`,
    privateKey: keys.private,
    hostKeySha256: standIn.hostKeySha256,
  });
  const onDisk = (file: string) => path.join(standIn.root, 'incoming', ...file.split('/'));
  return {
    standIn,
    privateKey: keys.private,
    target,
    stored: (file) => fs.readFile(onDisk(file)).catch(() => undefined),
    everything: (folder) => filesUnder(onDisk(folder)),
    async midway(file, sentBytes) {
      await vi.waitFor(async () => {
        const { size } = await fs.stat(`${onDisk(file)}.part`);
        expect(size).toBeGreaterThanOrEqual(sentBytes / 2);
      });
      await expect(fs.stat(onDisk(file))).rejects.toThrow('ENOENT');
    },
    async close() {
      await target.close();
      await standIn.close();
    },
  };
}

async function startS3(): Promise<Harness & { s3: S3rverInstance }> {
  const s3 = await startS3rver();
  const options = {
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  };
  const target = new S3Target({ ...options, bucket: s3.bucket, prefix: 'incoming' });
  const admin = new S3Client({
    ...options,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const pendingUploads = async (prefix: string) =>
    ((await admin.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }))).Uploads ?? [])
      .map((upload) => upload.Key ?? '')
      .filter((key) => key.startsWith(prefix));
  const objectExists = async (key: string) =>
    ((await admin.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: key }))).Contents ?? []).some(
      (object) => object.Key === key,
    );
  return {
    s3,
    target,
    async stored(file) {
      try {
        const result = await admin.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `incoming/${file}` }));
        return Buffer.from((await result.Body?.transformToByteArray()) ?? []);
      } catch {
        return undefined;
      }
    },
    async everything(folder) {
      const prefix = `incoming/${folder}/`;
      const objects = await admin.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
      return [
        ...(objects.Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length)),
        ...(await pendingUploads(prefix)).map(
          (key) => `pending multipart upload of ${key.slice(prefix.length)}`,
        ),
      ].sort();
    },
    async midway(file) {
      // Upload starts a multipart upload once a first 5 MiB part is full and more bytes follow.
      await vi.waitFor(async () => expect(await pendingUploads(`incoming/${file}`)).toHaveLength(1));
      expect(await objectExists(`incoming/${file}`)).toBe(false);
    },
    async close() {
      await target.close();
      admin.destroy();
      await s3.stop();
    },
  };
}

function sha256(bytes: Buffer | undefined): string {
  return createHash('sha256')
    .update(bytes ?? Buffer.alloc(0))
    .digest('hex');
}

/** `body` in 64 KiB chunks, stopping after `haltAt` bytes until `whileHalted` has run. */
function haltingStream(body: Buffer, haltAt: number, whileHalted: () => Promise<void>): Readable {
  const chunk = 64 * 1024;
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < body.length; offset += chunk) {
        if (offset === haltAt) await whileHalted();
        yield body.subarray(offset, offset + chunk);
      }
    })(),
    { objectMode: false },
  );
}

/** Sends some bytes and then fails, as a dropped connection to the source does. */
function failingAfter(sentBytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= sentBytes) {
        this.destroy(new Error('source connection reset'));
        return;
      }
      const piece = randomBytes(Math.min(64 * 1024, sentBytes - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

describe.each([
  { kind: 'sftp', start: startSftp, described: /^sftp:\/\/dsp@127\.0\.0\.1:\d+\/incoming$/ },
  {
    kind: 's3',
    start: startS3,
    described: /^s3:\/\/imprint-[0-9a-f]+\/incoming at http:\/\/127\.0\.0\.1:\d+$/,
  },
])('delivery target contract: $kind', ({ kind, start, described }) => {
  let harness: Harness;
  let target: DeliveryTarget;
  // Each test works in its own folder, so "nothing else there" means nothing of that test.
  let folder: string;
  beforeAll(async () => {
    harness = await start();
    target = harness.target;
  });
  afterAll(async () => harness.close());
  beforeEach(() => {
    folder = `t-${randomUUID()}`;
  });

  it('names its kind and describes itself without secrets', () => {
    expect(target.kind).toBe(kind);
    expect(target.description).toMatch(described);
  });

  it('writes a Buffer and reads it back', async () => {
    const body = Buffer.from('<?xml version="1.0"?><ern:NewReleaseMessage/>');
    await target.put(`${folder}/message.xml`, body, body.length);
    expect(await target.read(`${folder}/message.xml`)).toEqual(body);
    expect(await harness.stored(`${folder}/message.xml`)).toEqual(body);
    expect(await harness.everything(folder)).toEqual(['message.xml']);
  });

  it('streams a 20 MB file: the same bytes, invisible until complete, nothing temporary left', async () => {
    const body = randomBytes(20 * MiB);
    const file = `${folder}/resources/A1.wav`;
    let midwayFailure: unknown;
    let haltedMidway = false;
    const stream = haltingStream(body, 10 * MiB, async () => {
      haltedMidway = true;
      midwayFailure = await harness.midway(file, 10 * MiB).then(
        () => undefined,
        (error: unknown) => error,
      );
    });
    await target.put(file, stream, body.length);
    expect(haltedMidway).toBe(true);
    if (midwayFailure) throw midwayFailure;
    expect(sha256(await harness.stored(file))).toBe(sha256(body));
    expect(await harness.everything(folder)).toEqual(['resources/A1.wav']);
  });

  it('creates the folders a path needs', async () => {
    await target.put(`${folder}/a/b/c/cover.jpg`, Buffer.from('jpeg'));
    expect(await harness.stored(`${folder}/a/b/c/cover.jpg`)).toEqual(Buffer.from('jpeg'));
    // Not list(folder): s3rver reports a common prefix only when an object lies directly beneath
    // it (it does not walk deeper), where S3 itself would answer ['a'].
    expect(await target.list(`${folder}/a/b`)).toEqual(['c']);
    expect(await target.list(`${folder}/a/b/c`)).toEqual(['cover.jpg']);
  });

  it("lists a folder's files and folders by name, and nothing for a missing folder", async () => {
    await target.put(`${folder}/b.xml`, Buffer.from('b'));
    await target.put(`${folder}/a.xml`, Buffer.from('a'));
    await target.put(`${folder}/resources/A1.wav`, Buffer.from('wav'));
    expect(await target.list(folder)).toEqual(['a.xml', 'b.xml', 'resources']);
    expect(await target.list(`${folder}/missing`)).toEqual([]);
    expect(await target.list(`missing-${folder}`)).toEqual([]);
    expect(await target.list('')).toContain(folder);
  });

  it('reads undefined for a missing file', async () => {
    expect(await target.read(`${folder}/ACK_missing.xml`)).toBeUndefined();
    expect(await target.read(`missing-${folder}/ACK.xml`)).toBeUndefined();
  });

  it('replaces a file written again', async () => {
    await target.put(`${folder}/BatchComplete.xml`, Buffer.from('first version, longer'));
    await target.put(`${folder}/BatchComplete.xml`, Buffer.from('second'));
    expect((await target.read(`${folder}/BatchComplete.xml`))?.toString()).toBe('second');
    expect(await harness.everything(folder)).toEqual(['BatchComplete.xml']);
  });

  it.each([
    '',
    '/absolute.xml',
    '../escape.xml',
    'a/../../escape.xml',
    'a/./b.xml',
    'a//b.xml',
    'folder/',
    'nul\0.xml',
    'back\\slash.xml',
  ])('refuses the path %j before reaching the target', async (bad) => {
    const stream = Readable.from([Buffer.from('x')]);
    await expect(target.put(bad, stream)).rejects.toThrow('Invalid delivery path');
    expect(stream.destroyed).toBe(true);
    await expect(target.read(bad)).rejects.toThrow('Invalid delivery path');
    if (bad !== '') await expect(target.list(bad)).rejects.toThrow('Invalid delivery path');
    await expect(target.put(bad, Buffer.from('x'))).rejects.not.toBeInstanceOf(DeliveryTargetError);
  });

  it('refuses a body shorter or longer than announced, leaving nothing', async () => {
    await expect(target.put(`${folder}/short.wav`, Readable.from([randomBytes(1000)]), 2000)).rejects.toThrow(
      'shorter than the 2000 bytes announced',
    );
    await expect(target.put(`${folder}/long.wav`, Buffer.alloc(7 * MiB), 6 * MiB)).rejects.toThrow(
      'longer than the 6291456 bytes announced',
    );
    await vi.waitFor(async () => expect(await harness.everything(folder)).toEqual([]));
  });

  it("fails with the body's own error when the body fails, leaving nothing", async () => {
    await expect(target.put(`${folder}/resources/A1.wav`, failingAfter(6 * MiB))).rejects.toThrow(
      'source connection reset',
    );
    await vi.waitFor(async () => expect(await harness.everything(folder)).toEqual([]));
  });

  it('checks it can write, leaving nothing behind', async () => {
    await target.check();
    expect((await target.list('')).filter((name) => name.startsWith('imprint-check'))).toEqual([]);
  });
});

describe('SftpTarget against the SFTP stand-in', () => {
  let harness: Awaited<ReturnType<typeof startSftp>>;
  let standIn: SftpStandIn;
  beforeAll(async () => {
    harness = await startSftp();
    standIn = harness.standIn;
  });
  afterAll(async () => harness.close());

  it('refuses a key the server does not accept, as not worth retrying', async () => {
    const other = generateSshKeyPair();
    const target = new SftpTarget({ url: standIn.url, privateKey: other.private });
    const error = await target.check().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(DeliveryTargetError);
    expect((error as DeliveryTargetError).retryable).toBe(false);
    expect((error as Error).message).toMatch(
      /^Could not connect to sftp:\/\/dsp@127\.0\.0\.1:\d+\/: the server refused Imprint's key for the user dsp$/,
    );
    await target.close();
  });

  it('refuses a server whose host key differs from the one pinned, as not worth retrying', async () => {
    const impostor = generateSshKeyPair();
    const pinned = `SHA256:${createHash('sha256')
      .update(Buffer.from(impostor.public.split(' ')[1] ?? '', 'base64'))
      .digest('base64')
      .replace(/=+$/, '')}`;
    const target = new SftpTarget({
      url: standIn.url,
      privateKey: harness.privateKey,
      hostKeySha256: pinned,
    });
    const error = await target.list('').then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(DeliveryTargetError);
    expect((error as DeliveryTargetError).retryable).toBe(false);
    expect((error as Error).message).toContain(`presented the host key ${standIn.hostKeySha256}`);
    expect((error as Error).message).toContain(`not the expected ${pinned}`);
    await target.close();
  });

  it('accepts the pinned fingerprint with or without its prefix and padding', async () => {
    const bare = `${standIn.hostKeySha256.replace('SHA256:', '')}=`;
    const target = new SftpTarget({ url: standIn.url, privateKey: harness.privateKey, hostKeySha256: bare });
    await target.check();
    await target.close();
  });

  it('fails retryably while the server is down and reconnects once it is back', async () => {
    const target = harness.target;
    await target.put('down-up/before.xml', Buffer.from('before'));

    standIn.setDown(true);
    const error = await target.put('down-up/during.xml', Buffer.from('during')).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(DeliveryTargetError);
    expect((error as DeliveryTargetError).retryable).toBe(true);
    // The cut reaches the client a moment later: the put fails on the old connection or on
    // connecting anew, depending on which comes first.
    expect((error as Error).message).toMatch(
      /^Could not (write down-up\/during\.xml to|connect to) sftp:\/\/dsp@127\.0\.0\.1:\d+\/incoming: the connection was cut$/,
    );
    // A second try while still down fails the same way (it tries to connect again).
    await expect(target.list('down-up')).rejects.toMatchObject({ retryable: true });

    standIn.setDown(false);
    await target.put('down-up/after.xml', Buffer.from('after'));
    expect(await target.list('down-up')).toEqual(['after.xml', 'before.xml']);
  });

  it('cuts an upload when the server goes down mid-way, retryably, and the retry succeeds', async () => {
    const target = harness.target;
    const body = randomBytes(8 * MiB);
    const stream = haltingStream(body, 4 * MiB, async () => standIn.setDown(true));
    await expect(target.put('cut/A1.wav', stream, body.length)).rejects.toMatchObject({ retryable: true });
    expect(stream.destroyed).toBe(true);
    standIn.setDown(false);
    await target.put('cut/A1.wav', Readable.from([body]), body.length);
    expect(sha256(await harness.stored('cut/A1.wav'))).toBe(sha256(body));
  });

  it('says "connection refused", retryably, when nothing listens', async () => {
    const port = await closedPort();
    const target = new SftpTarget({
      url: `sftp://dsp@127.0.0.1:${port}/incoming`,
      privateKey: harness.privateKey,
    });
    await expect(target.check()).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/: connection refused$/),
    });
    await target.close();
  });

  it('gives up, retryably, on a server that accepts the connection but never answers', async () => {
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      held.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const target = new SftpTarget({
      url: `sftp://dsp@127.0.0.1:${port}/`,
      privateKey: harness.privateKey,
      readyTimeoutMs: 300,
    });
    await expect(target.list('')).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/: the server did not answer in time$/),
    });
    await target.close();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('refuses a URL that is not sftp:// or carries a password, and a key that is not a private key', () => {
    const privateKey = harness.privateKey;
    expect(() => new SftpTarget({ url: 'ftp://dsp@127.0.0.1/', privateKey })).toThrow('Not an sftp:// URL');
    expect(() => new SftpTarget({ url: 'sftp://dsp:secret@127.0.0.1/', privateKey })).toThrow('password');
    expect(() => new SftpTarget({ url: 'sftp://127.0.0.1/', privateKey })).toThrow('names no user');
    const publicKey = generateSshKeyPair().public;
    expect(() => new SftpTarget({ url: standIn.url, privateKey: publicKey })).toThrow('private key');
  });

  describe('the stand-in itself', () => {
    let raw: SftpClient;
    beforeAll(async () => {
      raw = new SftpClient('test', { error: () => {}, end: () => {}, close: () => {} });
      await raw.connect({
        host: '127.0.0.1',
        port: standIn.port,
        username: standIn.username,
        privateKey: harness.privateKey,
      });
    });
    afterAll(async () => {
      await raw.end();
    });

    it('keeps its keys in a folder, so a pinned fingerprint holds from one start to the next', async () => {
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-sftp-keys-'));
      try {
        const keys = await loadSftpStandInKeys(folder);
        expect(await loadSftpStandInKeys(folder)).toEqual(keys);
        const first = await startSftpStandIn({ authorizedKey: keys.authorizedKey, hostKey: keys.hostKey });
        await first.close();
        const second = await startSftpStandIn({ authorizedKey: keys.authorizedKey, hostKey: keys.hostKey });
        expect(second.hostKeySha256).toBe(first.hostKeySha256);
        const target = new SftpTarget({
          url: second.url,
          privateKey: await fs.readFile(keys.privateKeyFile),
          hostKeySha256: first.hostKeySha256,
        });
        await target.check();
        await target.close();
        await second.close();
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
    });

    it('refuses passwords', async () => {
      const client = new SftpClient('test', { error: () => {}, end: () => {}, close: () => {} });
      await expect(
        client.connect({ host: '127.0.0.1', port: standIn.port, username: 'dsp', password: 'dsp' }),
      ).rejects.toThrow('All configured authentication methods failed');
    });

    it('refuses paths above its root', async () => {
      await expect(raw.list('/..')).rejects.toMatchObject({ code: 3 });
      await expect(raw.put(Buffer.from('x'), '/../escape.txt')).rejects.toThrow('Permission denied');
      await expect(raw.put(Buffer.from('x'), 'a/../../escape.txt')).rejects.toThrow('Permission denied');
      await expect(fs.stat(path.join(standIn.root, '..', 'escape.txt'))).rejects.toThrow('ENOENT');
    });

    it('writes, renames without replacing, lists, and removes as sftp-server does', async () => {
      await raw.mkdir('/plain/inner', true);
      await raw.put(Buffer.from('one'), '/plain/one.txt');
      await raw.put(Buffer.from('two'), '/plain/two.txt');
      await expect(raw.rename('/plain/one.txt', '/plain/two.txt')).rejects.toThrow();
      await raw.rename('/plain/one.txt', '/plain/three.txt');
      // ssh2's readdir leaves out the "." and ".." the server lists.
      expect((await raw.list('/plain')).map((entry) => `${entry.type} ${entry.name}`).sort()).toEqual([
        '- three.txt',
        '- two.txt',
        'd inner',
      ]);
      expect(await raw.exists('/plain/three.txt')).toBe('-');
      expect((await raw.get('/plain/three.txt')) as Buffer).toEqual(Buffer.from('one'));
      await raw.delete('/plain/three.txt');
      await raw.rmdir('/plain/inner');
      expect(await raw.exists('/plain/three.txt')).toBe(false);
      expect(await raw.realPath('/plain/../plain/./two.txt')).toBe('/plain/two.txt');
    });
  });
});

describe('S3Target errors', () => {
  let s3: S3rverInstance;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => s3.stop());

  const targetFor = (overrides: { bucket?: string; endpoint?: string }) =>
    new S3Target({
      bucket: overrides.bucket ?? s3.bucket,
      prefix: '',
      region: s3.region,
      endpoint: overrides.endpoint ?? s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });

  it('names a missing bucket, as not worth retrying', async () => {
    const target = targetFor({ bucket: 'no-such-bucket' });
    await expect(target.check()).rejects.toMatchObject({
      retryable: false,
      message: expect.stringMatching(/: there is no bucket named no-such-bucket$/),
    });
    await target.close();
  });

  it('says "connection refused", retryably, when nothing listens', async () => {
    const target = targetFor({ endpoint: `http://127.0.0.1:${await closedPort()}` });
    const error = await target.put('x.xml', Buffer.from('x')).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(DeliveryTargetError);
    expect(error).toMatchObject({ retryable: true, message: expect.stringMatching(/: connection refused$/) });
    await target.close();
  });
});
