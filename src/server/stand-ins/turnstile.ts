import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { close, listen, readBody, sendJson } from './http';

/**
 * Test support and local development: a local stand-in for Cloudflare Turnstile's siteverify
 * endpoint that speaks its protocol
 * (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/): a POST of
 * `secret`, `response` and `remoteip`, form-encoded (or JSON), answered with HTTP 200 and
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

/**
 * Cloudflare's published test keys (https://developers.cloudflare.com/turnstile/troubleshooting/testing/):
 * with the test site key, Cloudflare's real widget hands every browser the dummy token, and only a
 * test secret accepts it (production secrets refuse it, test secrets refuse real tokens). Local
 * development runs the real widget this way against the stand-in.
 */
export const TURNSTILE_TEST_KEYS = {
  /** Always passes, visible widget. */
  siteKey: '1x00000000000000000000AA',
  /** Always passes validation, of the dummy token. */
  secretKey: '1x0000000000000000000000000000000AA',
  dummyToken: 'XXXX.DUMMY.TOKEN.XXXX',
} as const;

const send = sendJson;

const failure = (response: ServerResponse, ...codes: string[]) =>
  send(response, 200, { success: false, 'error-codes': codes, messages: [] });

const verified = (response: ServerResponse, token: Omit<IssuedToken, 'spent'>) =>
  send(response, 200, {
    success: true,
    'error-codes': [],
    challenge_ts: token.issuedAt.toISOString(),
    hostname: token.hostname,
    action: token.action,
    cdata: '',
    metadata: { interactive: false },
    messages: [],
  });

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

export async function startTurnstileStandIn(
  options: {
    now?: () => Date;
    /** A fixed port (see listen); default any free one. */
    port?: number;
    /** Keys that stay the same from one start to the next (TURNSTILE_TEST_KEYS); default new ones. */
    keys?: { siteKey: string; secretKey: string };
  } = {},
): Promise<TurnstileStandIn> {
  const now = options.now ?? (() => new Date());
  const siteKey = options.keys?.siteKey ?? `0x4AAAAAAA${randomBytes(8).toString('hex')}`;
  const secretKey = options.keys?.secretKey ?? `0x4AAAAAAA${randomBytes(16).toString('hex')}`;
  const testSecret = secretKey === TURNSTILE_TEST_KEYS.secretKey;
  const tokens = new Map<string, IssuedToken>();
  let delayMs = 0;
  let failing = false;
  const requests: TurnstileStandIn['requests'] = [];

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = (await readBody(request)).toString('utf8');
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
    const dummy = token === TURNSTILE_TEST_KEYS.dummyToken;
    // A test secret accepts the dummy token only, and a production secret never accepts it.
    if (testSecret !== dummy) return failure(response, 'invalid-input-response');
    // No challenge was solved for it: it verifies every time.
    if (dummy) return verified(response, { hostname: 'localhost', action: '', issuedAt: now() });
    const issued = token.length <= MAX_TOKEN_LENGTH ? tokens.get(token) : undefined;
    if (!issued) return failure(response, 'invalid-input-response');
    if (issued.spent || now().getTime() - issued.issuedAt.getTime() > TOKEN_LIFETIME_MS)
      return failure(response, 'timeout-or-duplicate');
    issued.spent = true;
    return verified(response, issued);
  });

  const port = await listen(server, options.port);

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
    close: () => close(server),
  };
}
