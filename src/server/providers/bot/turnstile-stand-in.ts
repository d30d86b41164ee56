import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendJson } from '../stand-in-http';

/**
 * Test support: a local stand-in for Cloudflare Turnstile's siteverify endpoint that speaks its
 * protocol (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/): a
 * POST of `secret`, `response` and `remoteip`, form-encoded (or JSON), answered with HTTP 200 and
 * `{ success, error-codes, challenge_ts, hostname, ... }`. It knows one secret and the tokens it
 * was told the widget handed out; like Cloudflare, each token verifies once and for 300 seconds.
 */
export interface TurnstileStandIn {
  /** The siteverify URL (TURNSTILE_VERIFY_URL). */
  verifyUrl: string;
  siteKey: string;
  secretKey: string;
  /** Every request received, parsed. */
  requests: {
    method: string;
    contentType: string | undefined;
    secret?: string;
    response?: string;
    remoteip?: string;
  }[];
  /** A token as the widget would hand it to the browser after a solved challenge. */
  issueToken(options?: { hostname?: string; action?: string; issuedAt?: Date }): string;
  /** Delays every answer by this many milliseconds (0 to stop), to see a client time out. */
  delayAnswers(ms: number): void;
  /** Every request answers HTTP 500 until called with false, as in an outage at Cloudflare. */
  failAll(fail: boolean): void;
  close(): Promise<void>;
}

/** Tokens are good for 300 s after the challenge was solved. */
const TOKEN_LIFETIME_MS = 300_000;
/** Cloudflare refuses longer tokens without looking them up. */
const MAX_TOKEN_LENGTH = 2048;

interface IssuedToken {
  hostname: string;
  action: string;
  issuedAt: Date;
  spent: boolean;
}

const send = sendJson;

const failure = (response: ServerResponse, ...codes: string[]) =>
  send(response, 200, { success: false, 'error-codes': codes, messages: [] });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseFields(contentType: string | undefined, body: string): Record<string, string> | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(body));
  if (type === 'application/json') {
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed !== 'object' || parsed === null) return undefined;
      return Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export async function startTurnstileStandIn(options: { now?: () => Date } = {}): Promise<TurnstileStandIn> {
  const now = options.now ?? (() => new Date());
  const siteKey = `0x4AAAAAAA${randomBytes(8).toString('hex')}`;
  const secretKey = `0x4AAAAAAA${randomBytes(16).toString('hex')}`;
  const tokens = new Map<string, IssuedToken>();
  let delayMs = 0;
  let failing = false;
  const requests: TurnstileStandIn['requests'] = [];

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    const contentType = request.headers['content-type'];
    const fields = parseFields(contentType, body);
    requests.push({ method: request.method ?? 'GET', contentType, ...fields });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.destroyed) return;
    if (url.pathname !== '/turnstile/v0/siteverify') return send(response, 404, { error: 'not found' });
    if (request.method !== 'POST') return send(response, 405, { error: 'method not allowed' });
    if (failing) return send(response, 500, { success: false, 'error-codes': ['internal-error'] });
    if (!fields) return failure(response, 'bad-request');

    const codes: string[] = [];
    if (!fields.secret) codes.push('missing-input-secret');
    else if (fields.secret !== secretKey) codes.push('invalid-input-secret');
    if (!fields.response) codes.push('missing-input-response');
    if (codes.length > 0) return failure(response, ...codes);

    const token = fields.response ?? '';
    const issued = token.length <= MAX_TOKEN_LENGTH ? tokens.get(token) : undefined;
    if (!issued) return failure(response, 'invalid-input-response');
    if (issued.spent || now().getTime() - issued.issuedAt.getTime() > TOKEN_LIFETIME_MS)
      return failure(response, 'timeout-or-duplicate');
    issued.spent = true;
    return send(response, 200, {
      success: true,
      'error-codes': [],
      challenge_ts: issued.issuedAt.toISOString(),
      hostname: issued.hostname,
      action: issued.action,
      cdata: '',
      metadata: { interactive: false },
      messages: [],
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    verifyUrl: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    siteKey,
    secretKey,
    requests,
    issueToken(issue = {}) {
      // Real tokens are long opaque strings; the shape does not matter to the client.
      const token = `0.${randomBytes(48).toString('base64url')}`;
      tokens.set(token, {
        hostname: issue.hostname ?? 'localhost',
        action: issue.action ?? '',
        issuedAt: issue.issuedAt ?? now(),
        spent: false,
      });
      return token;
    },
    delayAnswers(ms) {
      delayMs = ms;
    },
    failAll(fail) {
      failing = fail;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
