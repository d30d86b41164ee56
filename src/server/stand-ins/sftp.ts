import { createHash, timingSafeEqual } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ssh2, {
  type Attributes,
  type AuthContext,
  type Connection,
  type FileEntry,
  type ParsedKey,
  type SFTPWrapper,
} from 'ssh2';

// ssh2 is CommonJS and Node cannot name its exports from ESM: they are read from the default export.
const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

/**
 * An ed25519 key pair in OpenSSH's format. ssh2's own generator writes, about once in 170 keys, a
 * private key its parser then refuses ("Malformed OpenSSH private key"); such a pair is made again.
 */
export function generateSshKeyPair(comment?: string): { private: string; public: string } {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519', comment ? { comment } : undefined);
    if (!(utils.parseKey(pair.private) instanceof Error)) return pair;
  }
}

/**
 * Test support and local development: a real SFTP server on 127.0.0.1, standing in for a store's or
 * distributor's SFTP drop box. It speaks SSH and SFTP version 3 through ssh2's server, signs in one
 * user by public key only (a password is refused, as DSPs do), and serves a folder on disk as the
 * server's "/": files are written to disk as the WRITE requests arrive, never held whole.
 *
 * It behaves as OpenSSH's sftp-server does where clients can tell: folder listings include "." and
 * "..", RENAME does not replace an existing file, MKDIR of an existing folder fails. It announces no
 * extensions (ssh2's server sends a bare VERSION 3), so clients fall back from
 * posix-rename@openssh.com to REMOVE then RENAME. Attributes sent with OPEN, SETSTAT and FSETSTAT
 * are accepted and ignored (files are created 0644).
 */
export interface SftpStandIn {
  /** `sftp://<username>@127.0.0.1:<port>/`: the root folder is the server's "/". */
  url: string;
  /** The folder on disk it serves. */
  root: string;
  /** The host key's fingerprint as `ssh-keygen -l` prints it: `SHA256:<base64 without padding>`. */
  hostKeySha256: string;
  username: string;
  port: number;
  /**
   * While down, connections are reset as soon as they arrive and open ones are cut (the client sees
   * ECONNRESET), as when the server goes away; the port stays bound, so it comes back on the same
   * port at once when called with false.
   */
  setDown(down: boolean): void;
  /** Stops listening, cuts open connections and, when it made the root folder itself, removes it. */
  close(): Promise<void>;
}

export interface SftpStandInOptions {
  /** The folder to serve; a new temporary folder by default (removed again on close). */
  root?: string;
  /** 0 or unset: any free port. */
  port?: number;
  /** The one public key accepted, in OpenSSH's one-line form (`ssh-ed25519 AAAA… comment`). */
  authorizedKey: string | Buffer;
  /** 'dsp' by default. */
  username?: string;
  /**
   * The server's private host key (OpenSSH or PEM text), so its fingerprint stays the same from one
   * start to the next; a new ed25519 key by default.
   */
  hostKey?: string | Buffer;
}

export async function startSftpStandIn(options: SftpStandInOptions): Promise<SftpStandIn> {
  const username = options.username ?? 'dsp';
  const authorizedKey = parseKeyText(options.authorizedKey, 'authorized key');
  const madeRoot = options.root === undefined;
  const root = path.resolve(options.root ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-sftp-'))));
  await fs.mkdir(root, { recursive: true });

  const hostKey = options.hostKey ?? generateSshKeyPair().private;
  const hostKeySha256 = `SHA256:${fingerprint(parseKeyText(hostKey, 'host key'))}`;
  const sshServer = new Server({ hostKeys: [hostKey] }, (client) =>
    serveClient(client, { root, username, authorizedKey }),
  );

  // Imprint's own TCP listener hands connections to ssh2 (injectSocket), so that while "down" a
  // connection can be reset before ssh2 sees it, and every open socket can be cut.
  let down = false;
  const sockets = new Set<net.Socket>();
  const tcpServer = net.createServer((socket) => {
    if (down) {
      socket.resetAndDestroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A client that goes away mid-handshake must not take the process with it.
    socket.on('error', () => {});
    // As the client does (sftp-target.ts): ssh2 without its native addon writes each packet in pieces.
    socket.setNoDelay(true);
    sshServer.injectSocket(socket);
  });
  await new Promise<void>((resolve, reject) => {
    tcpServer.once('error', reject);
    tcpServer.listen(options.port ?? 0, '127.0.0.1', () => {
      tcpServer.off('error', reject);
      resolve();
    });
  });
  const port = (tcpServer.address() as net.AddressInfo).port;

  return {
    url: `sftp://${encodeURIComponent(username)}@127.0.0.1:${port}/`,
    root,
    hostKeySha256,
    username,
    port,
    setDown(value) {
      down = value;
      if (value) for (const socket of sockets) socket.resetAndDestroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) =>
        tcpServer.close((error) => (error ? reject(error) : resolve())),
      );
      if (madeRoot) await fs.rm(root, { recursive: true, force: true });
    },
  };
}

function parseKeyText(text: string | Buffer, what: string): ParsedKey {
  const parsed = utils.parseKey(text);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!key || key instanceof Error) {
    throw new Error(`The ${what} could not be read: ${key instanceof Error ? key.message : 'empty'}`);
  }
  return key;
}

/** SHA-256 of the key's wire form (what the base64 of an OpenSSH public key line holds), unpadded. */
function fingerprint(key: ParsedKey): string {
  return createHash('sha256').update(key.getPublicSSH()).digest('base64').replace(/=+$/, '');
}

export interface SftpStandInKeys {
  /** The public key the stand-in accepts (OpenSSH one-line form). */
  authorizedKey: string;
  /** The file holding the matching private key, for Imprint's DELIVERY_SFTP_KEY_FILE. */
  privateKeyFile: string;
  /** The stand-in's own host key (private). */
  hostKey: string;
}

/**
 * For local development: a client key pair and a host key kept in `folder` (made on first use), so
 * the .env lines printed for the stand-in, pinned host key included, hold from one start to the next.
 */
export async function loadSftpStandInKeys(folder: string): Promise<SftpStandInKeys> {
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const privateKeyFile = path.join(folder, 'imprint_ed25519');
  const publicKeyFile = `${privateKeyFile}.pub`;
  const hostKeyFile = path.join(folder, 'ssh_host_ed25519_key');
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    );
  if (!(await exists(privateKeyFile)) || !(await exists(publicKeyFile))) {
    const pair = generateSshKeyPair('imprint@stand-in');
    await fs.writeFile(privateKeyFile, pair.private, { mode: 0o600 });
    await fs.writeFile(publicKeyFile, `${pair.public}\n`);
  }
  if (!(await exists(hostKeyFile))) {
    await fs.writeFile(hostKeyFile, generateSshKeyPair().private, { mode: 0o600 });
  }
  return {
    authorizedKey: (await fs.readFile(publicKeyFile, 'utf8')).trim(),
    privateKeyFile,
    hostKey: await fs.readFile(hostKeyFile, 'utf8'),
  };
}

interface ClientSettings {
  root: string;
  username: string;
  authorizedKey: ParsedKey;
}

function serveClient(client: Connection, settings: ClientSettings): void {
  // Errors end this client's connection only (a reset socket, a malformed packet).
  client.on('error', () => {});
  client.on('authentication', (context) => authenticate(context, settings));
  client.on('ready', () => {
    client.on('session', (acceptSession) => {
      const session = acceptSession();
      session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), settings.root));
    });
  });
}

/** Public key only: the username and the key must match, and the signature must hold. */
function authenticate(context: AuthContext, settings: ClientSettings): void {
  if (context.method !== 'publickey' || !sameText(context.username, settings.username)) {
    context.reject(['publickey']);
    return;
  }
  const expected = settings.authorizedKey;
  const offered = context.key;
  if (offered.algo !== expected.type || !sameBytes(offered.data, expected.getPublicSSH())) {
    context.reject(['publickey']);
    return;
  }
  // Without a signature the client only asks whether this key would do; with one, it must verify.
  if (context.signature && context.blob) {
    if (expected.verify(context.blob, context.signature, context.hashAlgo) !== true) {
      context.reject(['publickey']);
      return;
    }
  }
  context.accept();
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function sameText(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a), Buffer.from(b));
}

/** The server's reply to a request that failed on disk, worded as sftp-server words it. */
class SftpStatusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A path outside the served folder: refused, never clamped to the root. */
const outsideRoot = () => new SftpStatusError(STATUS_CODE.PERMISSION_DENIED, 'Permission denied');

/**
 * The server's path (absolute, or relative to the login folder "/") as a normalised path under "/",
 * or an error when it contains NUL or climbs above "/".
 */
function serverPath(requested: string): string {
  if (requested.includes('\0')) throw outsideRoot();
  const segments: string[] = [];
  for (const segment of requested.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) throw outsideRoot();
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return `/${segments.join('/')}`;
}

function diskPath(root: string, requested: string): string {
  return path.join(root, ...serverPath(requested).split('/'));
}

function statusOf(error: unknown): { code: number; message: string } {
  if (error instanceof SftpStatusError) return { code: error.code, message: error.message };
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { code: STATUS_CODE.NO_SUCH_FILE, message: 'No such file' };
    case 'EACCES':
    case 'EPERM':
      return { code: STATUS_CODE.PERMISSION_DENIED, message: 'Permission denied' };
    // SFTP v3 has one code for everything else; the words say which (never the path on disk).
    case 'EISDIR':
      return { code: STATUS_CODE.FAILURE, message: 'Is a directory' };
    case 'EEXIST':
      return { code: STATUS_CODE.FAILURE, message: 'File exists' };
    case 'ENOTEMPTY':
      return { code: STATUS_CODE.FAILURE, message: 'Directory not empty' };
    case 'ENOSPC':
      return { code: STATUS_CODE.FAILURE, message: 'No space left on device' };
    default:
      return { code: STATUS_CODE.FAILURE, message: 'Failure' };
  }
}

function attributesOf(stats: Stats): Attributes {
  return {
    mode: stats.mode,
    uid: stats.uid,
    gid: stats.gid,
    size: stats.size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  };
}

/** An `ls -l` line, which clients read the entry's type from (its first character). */
function longName(name: string, stats: Stats): string {
  const type = stats.isDirectory() ? 'd' : stats.isSymbolicLink() ? 'l' : '-';
  const bits = 'rwxrwxrwx'
    .split('')
    .map((letter, index) => (stats.mode & (0o400 >> index) ? letter : '-'))
    .join('');
  const date = stats.mtime.toUTCString().slice(5, 22);
  return `${type}${bits}    1 ${stats.uid} ${stats.gid} ${String(stats.size).padStart(12)} ${date} ${name}`;
}

type OpenHandle =
  | { kind: 'file'; file: fs.FileHandle; queue: Promise<void> }
  | { kind: 'folder'; entries: FileEntry[]; queue: Promise<void> };

/** Entries answered per READDIR, as sftp-server sends them in batches. */
const entriesPerReaddir = 100;

function serveSftp(sftp: SFTPWrapper, root: string): void {
  const handles = new Map<number, OpenHandle>();
  let nextHandle = 1;

  const addHandle = (handle: OpenHandle): Buffer => {
    const id = nextHandle++;
    handles.set(id, handle);
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(id);
    return bytes;
  };
  const handleId = (bytes: Buffer) => (bytes.length === 4 ? bytes.readUInt32BE() : -1);

  /** Runs a request and answers its failure with the matching status. */
  const answer = (reqId: number, work: () => Promise<void>): void => {
    work().catch((error: unknown) => {
      const { code, message } = statusOf(error);
      sftp.status(reqId, code, message);
    });
  };
  /**
   * Requests on one handle run in the order they arrived (a WRITE's bytes are on disk before the
   * CLOSE that follows it is answered), as sftp-server's single loop does.
   */
  const onHandle = (
    reqId: number,
    bytes: Buffer,
    work: (handle: OpenHandle, id: number) => Promise<void>,
  ): void => {
    const id = handleId(bytes);
    const handle = handles.get(id);
    if (!handle) {
      sftp.status(reqId, STATUS_CODE.FAILURE, 'Invalid handle');
      return;
    }
    handle.queue = handle.queue.then(() =>
      work(handle, id).catch((error: unknown) => {
        const { code, message } = statusOf(error);
        sftp.status(reqId, code, message);
      }),
    );
  };
  const fileOf = (handle: OpenHandle): fs.FileHandle => {
    if (handle.kind !== 'file') throw new SftpStatusError(STATUS_CODE.FAILURE, 'Not a file handle');
    return handle.file;
  };

  sftp.on('REALPATH', (reqId, requested) =>
    answer(reqId, async () => {
      const resolved = serverPath(requested);
      sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: {} as Attributes }]);
    }),
  );

  for (const request of ['STAT', 'LSTAT'] as const) {
    sftp.on(request, (reqId: number, requested: string) =>
      answer(reqId, async () => {
        const target = diskPath(root, requested);
        const stats = request === 'STAT' ? await fs.stat(target) : await fs.lstat(target);
        sftp.attrs(reqId, attributesOf(stats));
      }),
    );
  }

  sftp.on('OPEN', (reqId, requested, flags) =>
    answer(reqId, async () => {
      const read = (flags & OPEN_MODE.READ) !== 0;
      const write = (flags & OPEN_MODE.WRITE) !== 0;
      let mode = read && write ? constants.O_RDWR : write ? constants.O_WRONLY : constants.O_RDONLY;
      if (flags & OPEN_MODE.APPEND) mode |= constants.O_APPEND;
      if (flags & OPEN_MODE.CREAT) mode |= constants.O_CREAT;
      if (flags & OPEN_MODE.TRUNC) mode |= constants.O_TRUNC;
      if (flags & OPEN_MODE.EXCL) mode |= constants.O_EXCL;
      const file = await fs.open(diskPath(root, requested), mode, 0o644);
      if ((await file.stat()).isDirectory()) {
        await file.close();
        throw new SftpStatusError(STATUS_CODE.FAILURE, 'Is a directory');
      }
      sftp.handle(reqId, addHandle({ kind: 'file', file, queue: Promise.resolve() }));
    }),
  );

  sftp.on('READ', (reqId, bytes, offset, length) =>
    onHandle(reqId, bytes, async (handle) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await fileOf(handle).read(buffer, 0, length, offset);
      if (bytesRead === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.data(reqId, buffer.subarray(0, bytesRead));
    }),
  );

  sftp.on('WRITE', (reqId, bytes, offset, data) =>
    onHandle(reqId, bytes, async (handle) => {
      await fileOf(handle).write(data, 0, data.length, offset);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  sftp.on('FSTAT', (reqId, bytes) =>
    onHandle(reqId, bytes, async (handle) => {
      sftp.attrs(reqId, attributesOf(await fileOf(handle).stat()));
    }),
  );

  sftp.on('FSETSTAT', (reqId, bytes) =>
    onHandle(reqId, bytes, async () => sftp.status(reqId, STATUS_CODE.OK)),
  );

  sftp.on('SETSTAT', (reqId, requested) =>
    answer(reqId, async () => {
      await fs.lstat(diskPath(root, requested));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  sftp.on('CLOSE', (reqId, bytes) =>
    onHandle(reqId, bytes, async (handle, id) => {
      handles.delete(id);
      if (handle.kind === 'file') await handle.file.close();
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  sftp.on('OPENDIR', (reqId, requested) =>
    answer(reqId, async () => {
      const folder = diskPath(root, requested);
      const names = ['.', '..', ...(await fs.readdir(folder))];
      const entries = await Promise.all(
        names.map(async (name): Promise<FileEntry | undefined> => {
          // The root's ".." is the root itself: nothing above it is shown.
          const stats = await fs
            .lstat(name === '..' && folder === root ? root : path.join(folder, name))
            .catch(() => undefined);
          return stats && { filename: name, longname: longName(name, stats), attrs: attributesOf(stats) };
        }),
      );
      const present = entries.filter((entry): entry is FileEntry => entry !== undefined);
      sftp.handle(reqId, addHandle({ kind: 'folder', entries: present, queue: Promise.resolve() }));
    }),
  );

  sftp.on('READDIR', (reqId, bytes) =>
    onHandle(reqId, bytes, async (handle) => {
      if (handle.kind !== 'folder') throw new SftpStatusError(STATUS_CODE.FAILURE, 'Not a folder handle');
      const batch = handle.entries.splice(0, entriesPerReaddir);
      if (batch.length === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.name(reqId, batch);
    }),
  );

  sftp.on('MKDIR', (reqId, requested) =>
    answer(reqId, async () => {
      await fs.mkdir(diskPath(root, requested), { mode: 0o755 });
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  sftp.on('RMDIR', (reqId, requested) =>
    answer(reqId, async () => {
      const folder = diskPath(root, requested);
      if (folder === root) throw outsideRoot();
      await fs.rmdir(folder);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  sftp.on('REMOVE', (reqId, requested) =>
    answer(reqId, async () => {
      await fs.unlink(diskPath(root, requested));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  sftp.on('RENAME', (reqId, from, to) =>
    answer(reqId, async () => {
      const source = diskPath(root, from);
      const destination = diskPath(root, to);
      await fs.lstat(source);
      // SFTP v3's RENAME never replaces: sftp-server links the new name and fails when it exists.
      const taken = await fs.lstat(destination).then(
        () => true,
        () => false,
      );
      if (taken) throw new SftpStatusError(STATUS_CODE.FAILURE, 'Failure');
      await fs.rename(source, destination);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );

  // A client that goes away leaves no open file behind.
  sftp.on('close', () => {
    for (const handle of handles.values()) {
      if (handle.kind === 'file') void handle.queue.then(() => handle.file.close()).catch(() => {});
    }
    handles.clear();
  });
}
