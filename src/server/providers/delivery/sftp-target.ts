import { createHash, randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import ssh2 from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import {
  assertDeliveryPath,
  checkPutBody,
  type DeliveryTarget,
  DeliveryTargetError,
} from './delivery-target';

export interface SftpTargetOptions {
  /**
   * `sftp://user@host:port/base/path`. The port is 22 when left out; the path is the folder on the
   * server everything goes under (absolute, as the server names it); with no path at all, the
   * folder the user lands in after signing in.
   */
  url: string;
  /** The private key Imprint signs in with (OpenSSH or PEM text, without passphrase). */
  privateKey: Buffer | string;
  /**
   * The server's host key fingerprint as `ssh-keygen -l` prints it (`SHA256:<base64>`, the prefix
   * and padding optional). When set, a server presenting any other key is refused.
   */
  hostKeySha256?: string | undefined;
  /** How long connecting and signing in may take (20 s by default). */
  readyTimeoutMs?: number | undefined;
}

/** Per-operation wording for staff: "Could not <action> <target>: <reason>". */
type Action = string;

/**
 * A store's or distributor's SFTP server. One SSH connection is opened on first use and shared by
 * every call (SFTP requests are multiplexed on it); when it drops, the call in flight fails with a
 * retryable DeliveryTargetError and the next call connects again.
 *
 * Keepalives (every 10 s, 3 missed) notice a server that vanished without closing the connection,
 * so an upload to it fails instead of waiting for ever.
 *
 * Throughput: ssh2's write stream keeps one WRITE request in flight at a time, of at most 254 KiB
 * to OpenSSH servers and about 31 KiB to others (ssh2 takes the smaller SFTP packet size unless the
 * server identifies as OpenSSH or announces limits@openssh.com). Each request waits one round
 * trip, so a distant non-OpenSSH server is slow: at 50 ms, about 600 KiB/s.
 */
export class SftpTarget implements DeliveryTarget {
  readonly kind = 'sftp' as const;
  readonly description: string;
  private readonly host: string;
  private readonly port: number;
  private readonly username: string;
  /** '' (the login folder), '/' or '/a/b': the folder on the server paths are relative to. */
  private readonly base: string;
  private readonly privateKey: Buffer | string;
  private readonly hostKeySha256: string | undefined;
  private readonly readyTimeoutMs: number;
  private current: { client: SftpClient; ready: Promise<void> } | undefined;

  constructor(options: SftpTargetOptions) {
    const url = new URL(options.url);
    if (url.protocol !== 'sftp:') throw new Error(`Not an sftp:// URL: ${url.protocol}//${url.host}`);
    if (!url.username) throw new Error('The SFTP URL names no user (sftp://user@host/...)');
    if (url.password) throw new Error('The SFTP URL must not carry a password: Imprint signs in with a key');
    if (!url.hostname) throw new Error('The SFTP URL names no host');
    this.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = url.port ? Number(url.port) : 22;
    this.username = decodeURIComponent(url.username);
    const folder = decodeURIComponent(url.pathname);
    this.base = folder === '' || folder === '/' ? folder : folder.replace(/\/+$/, '');
    this.description = `sftp://${url.username}@${url.host}${url.pathname.replace(/(.)\/+$/, '$1')}`;

    const parsed = ssh2.utils.parseKey(options.privateKey);
    const key = Array.isArray(parsed) ? parsed[0] : parsed;
    if (!key || key instanceof Error || !key.isPrivateKey()) {
      const reason = key instanceof Error ? key.message : 'it is not a private key';
      throw new Error(`The SFTP private key could not be read: ${reason}`);
    }
    this.privateKey = options.privateKey;
    this.hostKeySha256 =
      options.hostKeySha256 === undefined ? undefined : normalizeFingerprint(options.hostKeySha256);
    this.readyTimeoutMs = options.readyTimeoutMs ?? 20_000;
  }

  async put(path: string, body: Readable | Buffer, size?: number): Promise<void> {
    await this.write(path, body, size, `write ${path} to`);
  }

  private async write(
    path: string,
    body: Readable | Buffer,
    size: number | undefined,
    action: Action,
  ): Promise<void> {
    const { source, counter } = checkPutBody(path, body, size);
    const remote = this.remotePath(path);
    const part = `${remote}.part`;
    let client: SftpClient | undefined;
    let partOpened = false;
    let bodyError: unknown;
    counter.once('error', (error) => {
      bodyError ??= error;
    });
    try {
      client = await this.client();
      await ensureFolder(client, parentOf(remote));
      // pipeline carries a failing source into the counter (and ends the source when the counter is
      // destroyed), so the upload sees every failure of the body as a failing stream.
      pipeline(source, counter, () => {});
      partOpened = true;
      // put pipes the stream into ssh2's write stream (with backpressure) and resolves once the
      // server has acknowledged closing the file. ssh2 sets the new file's mode explicitly (its
      // default, 0666, would make it writable by every account on the server); servers that refuse
      // to set modes are tolerated by ssh2.
      await client.put(counter, part, { writeStreamOptions: { mode: 0o644 } });
      await this.replace(client, part, remote);
    } catch (error) {
      counter.destroy();
      source.destroy();
      // Best effort: after a dropped connection the .part stays, and the next try truncates it.
      if (partOpened && client) await client.delete(part, true).catch(() => {});
      // The body's own failure (a wrong size, a failing source) says more than what the upload made of it.
      if (bodyError !== undefined) throw bodyError;
      throw this.failure(error, action);
    }
  }

  async list(folder: string): Promise<string[]> {
    assertDeliveryPath(folder, { allowRoot: true });
    const action = `list ${folder === '' ? 'the folder' : folder} on`;
    const client = await this.client();
    try {
      const entries = await client.list(folder === '' ? this.base || '.' : this.remotePath(folder));
      // Servers list "." and ".."; ssh2's readdir drops them already, and they are never entries.
      return entries
        .map((entry) => entry.name)
        .filter((name) => name !== '.' && name !== '..')
        .sort();
    } catch (error) {
      if (sftpStatus(error) === NO_SUCH_FILE) return [];
      throw this.failure(error, action);
    }
  }

  async read(path: string): Promise<Buffer | undefined> {
    assertDeliveryPath(path);
    const client = await this.client();
    try {
      return (await client.get(this.remotePath(path))) as Buffer;
    } catch (error) {
      if (sftpStatus(error) === NO_SUCH_FILE) return undefined;
      throw this.failure(error, `read ${path} from`);
    }
  }

  /** Writes a probe file (through the same .part and rename as a delivery) and deletes it. */
  async check(): Promise<void> {
    const probe = `imprint-check-${randomUUID()}.tmp`;
    const text = 'Imprint checked it can write here; this file is deleted at once.\n';
    await this.write(probe, Buffer.from(text), undefined, 'write a test file to');
    const client = await this.client();
    try {
      await client.delete(this.remotePath(probe));
    } catch (error) {
      throw this.failure(error, 'delete the test file from');
    }
  }

  /** Closes the connection; a later call opens a new one. */
  async close(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    if (!current) return;
    try {
      await current.ready;
    } catch {
      return;
    }
    await current.client.end().catch(() => {});
  }

  /**
   * The open connection, or a new one (concurrent callers share the one being opened). A failure to
   * connect says "Could not connect to …", whatever the caller was about to do.
   */
  private async client(): Promise<SftpClient> {
    let current = this.current;
    if (!current) {
      const client = new SftpClient('imprint-delivery', {
        // The library's defaults print to the console. Errors reach the call in flight, and a
        // dropped connection is noticed below.
        error: () => {},
        end: () => {},
        close: () => {},
      });
      const opening = { client, ready: this.connect(client) };
      // The library's `on` listens on the SSH connection itself. ssh2 reports only failures of the
      // whole connection as errors (a cut socket, a keepalive timeout), and the socket's close can
      // come a moment after the error has failed the call in flight: whichever comes first retires
      // the connection, so the next call opens a new one.
      const retire = () => {
        if (this.current === opening) this.current = undefined;
      };
      for (const event of ['error', 'end', 'close']) client.on(event, retire);
      opening.ready.catch(retire);
      this.current = current = opening;
    }
    await current.ready;
    return current.client;
  }

  private async connect(client: SftpClient): Promise<void> {
    let presentedKey: string | undefined;
    const pinned = this.hostKeySha256;
    try {
      await client.connect({
        host: this.host,
        port: this.port,
        username: this.username,
        privateKey: this.privateKey,
        readyTimeout: this.readyTimeoutMs,
        keepaliveInterval: 10_000,
        keepaliveCountMax: 3,
        ...(pinned
          ? {
              hostVerifier: (key: Buffer) => {
                presentedKey = createHash('sha256').update(key).digest('base64').replace(/=+$/, '');
                return presentedKey === pinned;
              },
            }
          : {}),
      });
      // Without ssh2's optional native crypto addon, every packet goes out as three socket writes
      // (length, body, tag); with Nagle's algorithm each then waits for the peer's delayed ACK, and
      // a 4 MB file took 13 s instead of a quarter of one.
      (client as unknown as { client: { setNoDelay(on: boolean): void } }).client.setNoDelay(true);
    } catch (error) {
      // The SSH connection may be up while the SFTP subsystem was refused; ssh2 closes it itself in
      // every other case (refused key, host key, timeout, socket error).
      (client as unknown as { client?: { end(): void } }).client?.end();
      if (pinned && presentedKey !== undefined && presentedKey !== pinned) {
        throw new DeliveryTargetError(
          `Could not connect to ${this.description}: the server presented the host key SHA256:${presentedKey}, ` +
            `not the expected SHA256:${pinned}. It may have changed its key, or another server is answering in ` +
            'its place; check with the recipient before changing the expected fingerprint',
          { retryable: false, cause: error },
        );
      }
      throw this.failure(error, 'connect to');
    }
  }

  /**
   * Moves the finished `.part` file into place. OpenSSH's posix-rename replaces an existing file in
   * one step; plain SFTP v3 RENAME refuses to, so on servers without the extension an existing file
   * is removed first (for that moment the path holds nothing, never a partial file).
   */
  private async replace(client: SftpClient, part: string, remote: string): Promise<void> {
    try {
      await client.posixRename(part, remote);
      return;
    } catch (error) {
      // ssh2 refuses the request itself when the server did not announce the extension.
      if (!/does not support/i.test(messageOf(error))) throw error;
    }
    await client.delete(remote, true);
    await client.rename(part, remote);
  }

  private remotePath(path: string): string {
    if (this.base === '') return path;
    return this.base.endsWith('/') ? `${this.base}${path}` : `${this.base}/${path}`;
  }

  /** The error for staff, in plain words, with whether trying again later can help. */
  private failure(error: unknown, action: Action): DeliveryTargetError {
    if (error instanceof DeliveryTargetError) return error;
    const { reason, retryable } = explain(error, this.username, this.host);
    return new DeliveryTargetError(`Could not ${action} ${this.description}: ${reason}`, {
      retryable,
      cause: error,
    });
  }
}

// SFTP status codes (draft-ietf-secsh-filexfer-02) that ssh2-sftp-client passes on as `code`.
const NO_SUCH_FILE = 2;
const PERMISSION_DENIED = 3;
const FAILURE = 4;
const OP_UNSUPPORTED = 8;

function sftpStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'number') return code;
  // ssh2-sftp-client answers a missing path on stat with its own code.
  if (code === 'ENOENT') return NO_SUCH_FILE;
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * ssh2-sftp-client wraps ssh2's errors in new ones ("getConnection: …", "_put: Write stream error:
 * …") that keep the socket's error code or the SFTP status code, and the message.
 */
function explain(error: unknown, username: string, host: string): { reason: string; retryable: boolean } {
  const message = messageOf(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (/All configured authentication methods failed/i.test(message)) {
    return { reason: `the server refused Imprint's key for the user ${username}`, retryable: false };
  }
  if (/Host denied/i.test(message)) return { reason: "the server's host key was refused", retryable: false };
  switch (code) {
    case 'ECONNREFUSED':
      return { reason: 'connection refused', retryable: true };
    case 'ETIMEDOUT':
      return { reason: 'the connection timed out', retryable: true };
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ECONNABORTED':
      return { reason: 'the connection was cut', retryable: true };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return { reason: 'the server cannot be reached over the network', retryable: true };
    case 'EAI_AGAIN':
      return { reason: `the name ${host} could not be looked up just now`, retryable: true };
    case 'ENOTFOUND':
      return { reason: `there is no server named ${host}`, retryable: false };
  }
  switch (sftpStatus(error)) {
    case PERMISSION_DENIED:
      return { reason: 'permission denied', retryable: false };
    case NO_SUCH_FILE:
      return { reason: 'no such file or folder', retryable: false };
    case OP_UNSUPPORTED:
      return { reason: 'the server does not support this operation', retryable: false };
    // SFTP v3's catch-all: a full disk on the server as much as a file in the way.
    case FAILURE:
      return { reason: `the server reported a failure (${stripPrefixes(message)})`, retryable: true };
  }
  if (/permission denied/i.test(message)) return { reason: 'permission denied', retryable: false };
  if (/Timed out while waiting for handshake|Keepalive timeout/i.test(message)) {
    return { reason: 'the server did not answer in time', retryable: true };
  }
  if (/Connection lost before handshake/i.test(message)) {
    return {
      reason: 'the connection closed before the server said a word (is it an SFTP server?)',
      retryable: true,
    };
  }
  if (
    /Unexpected (close|end) event|No SFTP connection|No response from server|Not connected/i.test(message)
  ) {
    return { reason: 'the connection was lost', retryable: true };
  }
  // Anything else is most likely passing (a protocol hiccup, the server restarting): a later try
  // costs little, and a lasting failure shows up as the same message again.
  return { reason: stripPrefixes(message), retryable: true };
}

/** "_put: Write stream error: Failure /a.part" → "Failure /a.part". */
function stripPrefixes(message: string): string {
  return message.replace(/^(?:[A-Za-z_]+(?:->| ?: ?)\s*)+/, '').replace(/^(?:Write|Read) stream error: /, '');
}

/** The base64 SHA-256 without the `SHA256:` prefix and padding. */
function normalizeFingerprint(fingerprint: string): string {
  return fingerprint
    .trim()
    .replace(/^SHA256:/i, '')
    .replace(/=+$/, '');
}

/**
 * Creates the folder and its parents. mkdir checks each level first; when another call created it
 * in the meantime (deliveries run side by side), the failure is no failure.
 */
async function ensureFolder(client: SftpClient, folder: string): Promise<void> {
  if (folder === '' || folder === '/') return;
  try {
    await client.mkdir(folder, true);
  } catch (error) {
    if ((await client.exists(folder).catch(() => false)) === 'd') return;
    throw error;
  }
}

function parentOf(remotePath: string): string {
  const slash = remotePath.lastIndexOf('/');
  if (slash < 0) return '';
  return slash === 0 ? '/' : remotePath.slice(0, slash);
}
