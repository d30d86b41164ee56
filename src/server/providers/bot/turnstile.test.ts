import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { startTurnstileStandIn, TURNSTILE_TEST_KEYS, type TurnstileStandIn } from '../../stand-ins/turnstile';
import { CloudflareTurnstile, TURNSTILE_UNAVAILABLE } from './turnstile';

let standIn: TurnstileStandIn;
beforeEach(async () => {
  standIn = await startTurnstileStandIn();
});
afterEach(() => standIn.close());

const adapter = (secret = standIn.secretKey, timeoutMs?: number) =>
  new CloudflareTurnstile(secret, standIn.verifyUrl, timeoutMs);

/** siteverify as Cloudflare documents it, called directly, to check the stand-in's answers. */
async function siteverify(fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
  const body = contentType.includes('json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
  const response = await fetch(standIn.verifyUrl, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function expectUnavailable(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ statusCode: 503, message: TURNSTILE_UNAVAILABLE });
  expect(TURNSTILE_UNAVAILABLE).toBe(
    'We could not check that this submission comes from a person. Please try again in a few minutes.',
  );
}

describe('the siteverify stand-in', () => {
  it("answers Cloudflare's shapes: a pass with its challenge time and hostname, then a duplicate", async () => {
    const issuedAt = new Date(Date.now() - 5000);
    const token = standIn.issueToken({ hostname: 'portal.label.example', issuedAt });
    const fields = { secret: standIn.secretKey, response: token, remoteip: '198.51.100.7' };
    expect(await siteverify(fields)).toEqual({
      status: 200,
      json: {
        success: true,
        'error-codes': [],
        challenge_ts: issuedAt.toISOString(),
        hostname: 'portal.label.example',
        action: '',
        cdata: '',
        metadata: { interactive: false },
        messages: [],
      },
    });
    expect((await siteverify(fields)).json).toEqual({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
      messages: [],
    });
  });

  it('names each problem with its error code', async () => {
    const token = standIn.issueToken();
    const codes = async (fields: Record<string, string>, type?: string) =>
      (await siteverify(fields, type)).json['error-codes'];
    expect(await codes({ response: token })).toEqual(['missing-input-secret']);
    expect(await codes({ secret: 'nope', response: token })).toEqual(['invalid-input-secret']);
    expect(await codes({ secret: standIn.secretKey })).toEqual(['missing-input-response']);
    expect(await codes({})).toEqual(['missing-input-secret', 'missing-input-response']);
    expect(await codes({ secret: standIn.secretKey, response: 'made-up' })).toEqual([
      'invalid-input-response',
    ]);
    expect(await codes({ secret: standIn.secretKey, response: 'x' }, 'text/plain')).toEqual(['bad-request']);
    // Tokens last 300 seconds.
    const old = standIn.issueToken({ issuedAt: new Date(Date.now() - 301_000) });
    expect(await codes({ secret: standIn.secretKey, response: old })).toEqual(['timeout-or-duplicate']);
    // JSON bodies are accepted too, as Cloudflare does.
    expect(await codes({ secret: standIn.secretKey, response: token }, 'application/json')).toEqual([]);
  });

  it("keeps Cloudflare's test keys apart: a test secret takes only the dummy token, every time", async () => {
    const dummy = TURNSTILE_TEST_KEYS.dummyToken;
    // A production secret refuses the dummy token.
    expect((await siteverify({ secret: standIn.secretKey, response: dummy })).json['error-codes']).toEqual([
      'invalid-input-response',
    ]);
    const testKeys = await startTurnstileStandIn({ keys: TURNSTILE_TEST_KEYS });
    try {
      const verify = (token: string) =>
        new CloudflareTurnstile(TURNSTILE_TEST_KEYS.secretKey, testKeys.verifyUrl).verify(token, '127.0.0.1');
      expect(await verify(dummy)).toBe(true);
      expect(await verify(dummy)).toBe(true);
      expect(await verify(testKeys.issueToken())).toBe(false);
    } finally {
      await testKeys.close();
    }
  });
});

describe('CloudflareTurnstile against the stand-in', () => {
  it('passes a fresh token, posting the secret, the token and the IP form-encoded', async () => {
    const token = standIn.issueToken();
    expect(await adapter().verify(token, '198.51.100.7')).toBe(true);
    expect(standIn.requests).toEqual([
      {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
        secret: standIn.secretKey,
        response: token,
        remoteip: '198.51.100.7',
      },
    ]);
  });

  it('refuses a token Cloudflare never issued, and a reused one', async () => {
    expect(await adapter().verify('0.forged-token', '198.51.100.7')).toBe(false);
    const token = standIn.issueToken();
    expect(await adapter().verify(token, '198.51.100.7')).toBe(true);
    expect(await adapter().verify(token, '198.51.100.7')).toBe(false);
  });

  it('refuses an empty token without asking Cloudflare', async () => {
    expect(await adapter().verify('  ', '198.51.100.7')).toBe(false);
    expect(standIn.requests).toHaveLength(0);
  });

  it('treats a wrong secret as unavailable, not as a bot: the fault is the installation', async () => {
    await expectUnavailable(adapter('0x4AAAAAAAwrong').verify(standIn.issueToken(), '198.51.100.7'));
    expect(standIn.requests[0]?.secret).toBe('0x4AAAAAAAwrong');
  });

  it('answers 503 when siteverify fails or cannot be reached', async () => {
    standIn.failAll(true);
    await expectUnavailable(adapter().verify(standIn.issueToken(), '198.51.100.7'));
    standIn.failAll(false);
    const url = standIn.verifyUrl;
    await standIn.close();
    await expectUnavailable(new CloudflareTurnstile('secret', url).verify('0.token', '198.51.100.7'));
    standIn = await startTurnstileStandIn();
  });

  it('gives up after its timeout', async () => {
    standIn.delayAnswers(2000);
    await expectUnavailable(adapter(standIn.secretKey, 100).verify(standIn.issueToken(), '198.51.100.7'));
    expect(standIn.requests).toHaveLength(1);
  });
});
