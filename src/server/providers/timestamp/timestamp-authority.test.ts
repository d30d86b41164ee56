import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { close, listen } from '../../stand-ins/http';
import { startTsaStandIn, type TsaStandIn } from '../../stand-ins/tsa';
import { Rfc3161TimestampAuthority, TimestampAuthorityError } from './timestamp-authority';
import { decodeTimeStampReq, encodeTimeStampReq, readTimeStampToken, TSP_OID } from './tsp';

const genTime = new Date('2026-11-20T09:18:14.250Z');
let tsa: TsaStandIn;
beforeAll(async () => {
  tsa = await startTsaStandIn({ now: () => genTime });
});
afterAll(() => tsa.close());
afterEach(() => {
  tsa.failAll(false);
  tsa.refuseAll(false);
  tsa.delayAnswers(0);
  tsa.requests.length = 0;
});

const signature = Buffer.from('a CMS signature value');

async function failure(promise: Promise<unknown>): Promise<TimestampAuthorityError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TimestampAuthorityError);
  return error as TimestampAuthorityError;
}

describe('Rfc3161TimestampAuthority', () => {
  it("asks for the SHA-256 of the data with a nonce and the TSA's certificate, and returns the token", async () => {
    const token = await new Rfc3161TimestampAuthority(tsa.url).timestamp(signature);
    const [sent] = tsa.requests;
    expect(sent?.contentType).toBe('application/timestamp-query');
    expect(sent?.authorization).toBeUndefined();
    const request = decodeTimeStampReq(sent?.body ?? Buffer.alloc(0));
    const digest = createHash('sha256').update(signature).digest();
    expect(request).toMatchObject({ digestAlgorithm: TSP_OID.sha256, digest, certReq: true, policy: null });
    expect(request.nonce?.length).toBeGreaterThan(0);

    const info = readTimeStampToken(token);
    expect(info.genTime).toEqual(genTime);
    expect(info.digest).toEqual(digest);
    expect(info.nonce).toEqual(request.nonce);
  });

  it('sends the credentials of the URL as HTTP Basic, and names the URL without them', async () => {
    const url = tsa.url.replace('http://', 'http://label%40example:p%C3%A4ss@');
    const authority = new Rfc3161TimestampAuthority(url);
    expect(authority.url).toBe(tsa.url);
    await authority.timestamp(signature);
    expect(tsa.requests[0]?.authorization).toBe(
      `Basic ${Buffer.from('label@example:päss').toString('base64')}`,
    );
  });

  it('fails in words when the authority is down, slow, failing or refusing', async () => {
    const probe = createServer();
    const port = await listen(probe);
    await close(probe);
    const down = await failure(
      new Rfc3161TimestampAuthority(`http://127.0.0.1:${port}/timestamp`).timestamp(signature),
    );
    expect(down.message).toMatch(
      new RegExp(
        `^The timestamp authority at http://127\\.0\\.0\\.1:${port}/timestamp could not be reached: .*ECONNREFUSED`,
      ),
    );

    tsa.delayAnswers(500);
    const slow = await failure(new Rfc3161TimestampAuthority(tsa.url, 100).timestamp(signature));
    expect(slow.message).toBe(`The timestamp authority at ${tsa.url} did not answer within 0.1 s`);
    tsa.delayAnswers(0);

    tsa.failAll(true);
    const failing = await failure(new Rfc3161TimestampAuthority(tsa.url).timestamp(signature));
    expect(failing.message).toBe(
      `The timestamp authority at ${tsa.url} answered HTTP 500 Internal Server Error`,
    );
    tsa.failAll(false);

    tsa.refuseAll(true);
    const refused = await failure(new Rfc3161TimestampAuthority(tsa.url).timestamp(signature));
    expect(refused.message).toBe(
      `The timestamp authority at ${tsa.url} refused the timestamp: rejection: the request cannot be handled due to system failure (systemFailure): "the stand-in refuses every request"`,
    );
  });

  it('refuses an answer that is not for this request: other data, or a replayed nonce', async () => {
    // An answer captured once and sent again for every request, as a caching proxy might.
    let captured = Buffer.alloc(0);
    const replay = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
      response.end(captured);
    });
    const port = await listen(replay);
    try {
      const query = encodeTimeStampReq({
        digestAlgorithm: TSP_OID.sha256,
        digest: createHash('sha256').update(signature).digest(),
        policy: null,
        nonce: Buffer.from([7]),
        certReq: true,
      });
      const first = await fetch(tsa.url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: new Uint8Array(query),
      });
      captured = Buffer.from(await first.arrayBuffer());
      const replaying = new Rfc3161TimestampAuthority(`http://127.0.0.1:${port}/`);
      expect((await failure(replaying.timestamp(Buffer.from('another signature')))).message).toMatch(
        /sent a timestamp for other data than the signature$/,
      );
      expect((await failure(replaying.timestamp(signature))).message).toMatch(
        /sent a timestamp with another nonce than the request \(a stale or replayed answer\)$/,
      );
      captured = Buffer.from('<html>Not a TSA</html>');
      expect((await failure(replaying.timestamp(signature))).message).toMatch(
        /answered something that is not an RFC 3161 answer: /,
      );
    } finally {
      await close(replay);
    }
  });
});
