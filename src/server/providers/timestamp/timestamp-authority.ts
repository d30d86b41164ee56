import { createHash, randomBytes } from 'node:crypto';
import { decodeTimeStampResp, encodeTimeStampReq, magnitude, readTimeStampToken, TSP_OID } from './tsp';

/** A timestamp authority (RFC 3161) that vouches for the time a seal signature was made. */
export interface TimestampAuthority {
  /** Where it is asked (TSA_URL without any password), for messages. */
  readonly url: string;
  /** A TimeStampToken (CMS SignedData, DER) over the SHA-256 of `data`. */
  timestamp(data: Buffer): Promise<Buffer>;
}

/**
 * The authority could not give a timestamp: unreachable, slow, refusing, or answering something
 * else than asked. A seal that promised trusted time fails with it rather than going out without
 * one, and the sealing job tries again later.
 */
export class TimestampAuthorityError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TimestampAuthorityError';
  }
}

/** What a failed fetch says: its cause's code and message (fetch itself only says "fetch failed"). */
function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.message ?? (error as Error).message;
}

/**
 * RFC 3161 over HTTP (§3.4): a DER TimeStampReq POSTed as application/timestamp-query, answered
 * with a TimeStampResp. Each request asks for SHA-256, the TSA's certificate in the token, and a
 * random nonce; the answer must be granted and its TSTInfo name this digest and this nonce, so a
 * stale, replayed or misdirected answer is never sealed. A URL with user:password@ sends them as
 * HTTP Basic authentication, as commercial TSAs ask.
 */
export class Rfc3161TimestampAuthority implements TimestampAuthority {
  readonly url: string;
  private readonly authorization: string | undefined;

  constructor(
    url: string,
    private readonly timeoutMs = 10_000,
  ) {
    const parsed = new URL(url);
    this.authorization =
      parsed.username || parsed.password
        ? `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`
        : undefined;
    parsed.username = '';
    parsed.password = '';
    this.url = parsed.toString();
  }

  async timestamp(data: Buffer): Promise<Buffer> {
    const digest = createHash('sha256').update(data).digest();
    const nonce = randomBytes(8);
    const request = encodeTimeStampReq({
      digestAlgorithm: TSP_OID.sha256,
      digest,
      policy: null,
      nonce,
      certReq: true,
    });
    const seconds = `${this.timeoutMs / 1000} s`;
    let answer: Buffer;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/timestamp-query',
          accept: 'application/timestamp-reply',
          ...(this.authorization ? { authorization: this.authorization } : {}),
        },
        body: new Uint8Array(request),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok)
        throw new TimestampAuthorityError(
          `The timestamp authority at ${this.url} answered HTTP ${response.status} ${response.statusText}`.trim(),
        );
      answer = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof TimestampAuthorityError) throw error;
      if ((error as Error).name === 'TimeoutError')
        throw new TimestampAuthorityError(
          `The timestamp authority at ${this.url} did not answer within ${seconds}`,
          { cause: error },
        );
      throw new TimestampAuthorityError(
        `The timestamp authority at ${this.url} could not be reached: ${reason(error)}`,
        { cause: error },
      );
    }
    return this.check(answer, digest, nonce);
  }

  private check(answer: Buffer, digest: Buffer, nonce: Buffer): Buffer {
    const fail = (what: string, cause?: unknown) =>
      new TimestampAuthorityError(`The timestamp authority at ${this.url} ${what}`, { cause });
    let response: ReturnType<typeof decodeTimeStampResp>;
    try {
      response = decodeTimeStampResp(answer);
    } catch (error) {
      throw fail(`answered something that is not an RFC 3161 answer: ${(error as Error).message}`, error);
    }
    if (response.status !== 0 && response.status !== 1)
      throw fail(`refused the timestamp: ${response.statusWords}`);
    if (!response.token) throw fail(`granted the timestamp but sent no token (${response.statusWords})`);
    let info: ReturnType<typeof readTimeStampToken>;
    try {
      info = readTimeStampToken(response.token);
    } catch (error) {
      throw fail(`sent a token that cannot be read: ${(error as Error).message}`, error);
    }
    if (info.digestAlgorithm !== TSP_OID.sha256 || !info.digest.equals(digest))
      throw fail('sent a timestamp for other data than the signature');
    if (!info.nonce?.equals(magnitude(nonce)))
      throw fail('sent a timestamp with another nonce than the request (a stale or replayed answer)');
    return response.token;
  }
}
