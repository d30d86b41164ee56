import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_EMAIL_MESSAGE,
  INVALID_FILE_NAME,
  REQUEST_BODY_NOT_AN_OBJECT,
  REQUEST_CONTENT_TYPE_UNSUPPORTED,
  SPOTIFY_ARTIST_URL_INVALID,
  SPOTIFY_ARTIST_URL_REQUIRED,
  UNSTORABLE_TEXT,
  UPLOAD_REQUEST_MESSAGES,
} from '../../../domain';
import { errorReports, signInTokens, uploads } from '../../db/schema';
import { makeWav } from '../../test/media-fixtures';
import { multipartBody } from '../../test/multipart';
import { signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * Malformed requests a hostile or careless client sends. Each answers a 4xx with
 * a JSON message from src/domain, never a 500, and leaves nothing behind.
 */
let ctx: TestContext;
let origin: string;
let nextIp = 1;
/** Each request from its own network, so no per-IP limit counts what another test sent. */
const freshIp = () => `203.0.113.${nextIp++}`;

beforeAll(async () => {
  ctx = await createTestContext();
  origin = ctx.config.publicUrl;
});
afterAll(async () => ctx.close());

async function uploadCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}

function expectJsonError(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { error?: unknown };
  expect(typeof body.error).toBe('string');
  return body as { error: string; details?: unknown };
}

describe('a body that is not a JSON object', () => {
  const bodies = [
    '[]',
    '[1,2]',
    '[{"artistUrl":"x"}]',
    '1',
    '-0.5',
    '1e400',
    '"x"',
    '""',
    'null',
    'true',
    'false',
  ];

  it.each(bodies)(
    'POST /api/spotify/verify/artist with %s answers 400 with the spec message',
    async (body) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/spotify/verify/artist',
        headers: { 'content-type': 'application/json', origin },
        remoteAddress: freshIp(),
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      // `offline: true` as well: the tests run on the offline catalogue.
      expect(response.json()).toMatchObject({ valid: false, error: SPOTIFY_ARTIST_URL_REQUIRED });
    },
  );

  it.each([
    [{ artistUrl: 42 }],
    [{ artistUrl: ['https://open.spotify.com/artist/1'] }],
    [{ artistUrl: { href: 'x' } }],
    [{ artistUrl: 'x'.repeat(600) }],
  ])('POST /api/spotify/verify/artist with %j answers 400 with the spec message', async (payload) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/spotify/verify/artist',
      headers: { origin },
      remoteAddress: freshIp(),
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(expectJsonError(response).error).toBe(SPOTIFY_ARTIST_URL_INVALID);
  });

  it.each([
    '/api/auth/sign-in',
    '/api/waiting-list',
    '/api/board/create-item',
    '/api/storage/generate-upload-url',
  ])('POST %s with an array body answers 400 with a JSON message', async (url) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin },
      remoteAddress: freshIp(),
      payload: '[1]',
    });
    expect(response.statusCode, response.body).toBe(400);
    expectJsonError(response);
  });
});

describe('a POST with no body at all, as `curl -X POST` sends it', () => {
  it('never asks for a JSON object: an action that needs no fields runs, one that does names the field', async () => {
    const staff = await signInStaff(ctx.app, ctx.database.db, 'no-body-staff@label.example');
    const withBody = ctx.app.routeTable.filter(
      (route) => route.method === 'POST' && route.schema?.body !== undefined,
    );
    expect(withBody.length).toBeGreaterThan(20);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    for (const route of withBody) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: route.url.replace(/:[A-Za-z]+/g, unknownId),
        headers: { ...staff.headers, origin },
        remoteAddress: freshIp(),
      });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode >= 400)
        expect(expectJsonError(response).error, route.url).not.toBe(REQUEST_BODY_NOT_AN_OBJECT);
    }
  });

  it("runs the test dashboard's test with no body", async () => {
    const staff = await signInStaff(ctx.app, ctx.database.db, 'no-body-runner@label.example');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-dashboard/tests/catalogue/run',
      headers: { ...staff.headers, origin },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('PUT /api/storage/direct/:fileId with a JSON content type', () => {
  async function generate() {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/generate-upload-url',
      headers: { origin },
      remoteAddress: freshIp(),
      payload: {
        fileName: 'song.wav',
        fileSize: wav.length,
        contentType: 'audio/wav',
        artistName: 'Maya Rivers',
        fileType: 'track',
        sessionId,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { uploadUrl: string; fileName: string; bucketName: string };
  }
  const wav = makeWav({ seconds: 1 });
  const sessionId = 'session-bad-input-0001';

  it('answers 403 JSON for a wrong signature instead of a 500', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/storage/direct/00000000-0000-4000-8000-000000000000?expires=1&signature=abcdefghijkl',
      headers: { 'content-type': 'application/json', origin },
      payload: '{"a":1}',
    });
    expect(response.statusCode, response.body).toBe(403);
    expectJsonError(response);
  });

  it('takes the bytes as they are: the content decides what the file is, not the header', async () => {
    const { uploadUrl, fileName, bucketName } = await generate();
    const url = new URL(uploadUrl);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/json' },
      payload: wav,
    });
    expect(put.statusCode, put.body).toBe(200);
    const processed = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/process-upload',
      headers: { origin },
      payload: { fileName, bucketName, artistName: 'Maya Rivers', fileType: 'track', sessionId },
    });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json()).toMatchObject({ success: true, fileId: fileName });
  });

  it('answers 400 JSON when a JSON body that is not the file is sent, and keeps nothing', async () => {
    const { uploadUrl, fileName, bucketName } = await generate();
    const url = new URL(uploadUrl);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"not":"a wav"}',
    });
    expect(put.statusCode, put.body).toBe(400);
    expectJsonError(put);
    const processed = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/process-upload',
      headers: { origin },
      payload: { fileName, bucketName, artistName: 'Maya Rivers', fileType: 'track', sessionId },
    });
    expect(processed.statusCode).toBeGreaterThanOrEqual(400);
    expect(processed.statusCode).toBeLessThan(500);
  });
});

describe('NUL bytes and lone surrogates', () => {
  const badEmails = [
    ['a NUL byte', '"maya\\u0000@example.com"'],
    ['a NUL byte in the domain', '"maya@exa\\u0000mple.com"'],
    ['a lone high surrogate', '"maya\\ud800@example.com"'],
    ['a lone low surrogate', '"maya@example.com\\udc00"'],
    ['a control character', '"maya\\u0007@example.com"'],
  ];

  it.each(badEmails)(
    'the sign-in e-mail with %s answers 400 with the spec message',
    async (_label, email) => {
      const [before] = await ctx.database.db.select({ n: count() }).from(signInTokens);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/json', origin },
        remoteAddress: freshIp(),
        payload: `{"email":${email}}`,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(expectJsonError(response).error).toBe(INVALID_EMAIL_MESSAGE);
      const [after] = await ctx.database.db.select({ n: count() }).from(signInTokens);
      expect(after?.n).toBe(before?.n);
    },
  );

  it.each([
    ['a NUL byte', 'song\u0000.wav'],
    ['a control character', 'song\u001b[31m.wav'],
  ])('a standard upload whose file name has %s answers 400 and keeps nothing', async (_label, name) => {
    const before = await uploadCount();
    const { contentType, body } = multipartBody([
      { field: 'artistName', value: 'Maya Rivers' },
      { field: 'fileType', value: 'track' },
      { name, type: 'audio/wav', body: makeWav({ seconds: 1 }) },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/storage',
      headers: { 'content-type': contentType, origin },
      remoteAddress: freshIp(),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(expectJsonError(response).error).toBe(INVALID_FILE_NAME);
    expect(await uploadCount()).toBe(before);
  });

  it('a standard upload whose artist name has a NUL byte answers 400 and keeps nothing', async () => {
    const before = await uploadCount();
    const { contentType, body } = multipartBody([
      { field: 'artistName', value: 'Maya\u0000Rivers' },
      { field: 'fileType', value: 'track' },
      { name: 'song.wav', type: 'audio/wav', body: makeWav({ seconds: 1 }) },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/storage',
      headers: { 'content-type': contentType, origin },
      remoteAddress: freshIp(),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(expectJsonError(response).error).toBe(UNSTORABLE_TEXT);
    expect(await uploadCount()).toBe(before);
  });

  it.each([
    ['a NUL byte', 'song\\u0000.wav'],
    ['a lone surrogate', 'song\\ud83c.wav'],
  ])('a direct upload whose file name has %s answers 400 before any byte', async (_label, name) => {
    const before = await uploadCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/generate-upload-url',
      headers: { 'content-type': 'application/json', origin },
      remoteAddress: freshIp(),
      payload: `{"fileName":"${name}","fileSize":1000,"contentType":"audio/wav","artistName":"Maya","fileType":"track"}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(expectJsonError(response).error).toBe(INVALID_FILE_NAME);
    expect(await uploadCount()).toBe(before);
  });

  it('an error report keeps what it can: unstorable characters become replacement marks', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/monitoring/report-error',
      headers: { 'content-type': 'application/json', origin },
      remoteAddress: freshIp(),
      payload: `{"submissionId":"s-1","errorData":{"message":"cut \\ud83d here \\u0000","timestamp":"2026-01-01T00:00:00Z","metadata":{"k\\u0000":"v\\udc00"}}}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.message, 'cut \ufffd here \ufffd'));
    expect(row).toBeDefined();
  });

  it('a lone surrogate in any other text answers 400 with the domain message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      headers: { 'content-type': 'application/json', origin },
      remoteAddress: freshIp(),
      payload:
        '{"artistData":{"firstName":"Ada\\udfff","surname":"Lane","artistName":"Nova","email":"ada@example.com","country":"Ireland","city":"Cork","listenLink":"https://x.example/a"}}',
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = expectJsonError(response);
    expect(body.error).toBe(UNSTORABLE_TEXT);
    expect(body.details).toEqual([{ path: '/artistData/firstName', message: UNSTORABLE_TEXT }]);
  });
});

describe('multipart requests the parser cannot read', () => {
  const post = (contentType: string, payload: string | Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/upload/storage',
      headers: { 'content-type': contentType, origin },
      remoteAddress: freshIp(),
      payload,
    });

  it('multipart/mixed (not the form data an upload is) answers 415', async () => {
    const response = await post('multipart/mixed; boundary=b', '--b\r\n\r\n--b--\r\n');
    expect(response.statusCode, response.body).toBe(415);
    expect(expectJsonError(response).error).toBe(REQUEST_CONTENT_TYPE_UNSUPPORTED);
  });

  it.each([
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=""',
    `multipart/form-data; boundary=${'b'.repeat(300)}`,
    'multipart/form-data; charset=utf-8',
  ])('%s (no usable boundary) answers 400', async (contentType) => {
    const response = await post(contentType, '--x\r\n\r\n');
    expect(response.statusCode, response.body).toBe(400);
    expect(expectJsonError(response).error).toBe(UPLOAD_REQUEST_MESSAGES.malformed);
  });

  it('a body cut off before its closing boundary answers 400 and keeps nothing', async () => {
    const before = await uploadCount();
    const wav = makeWav({ seconds: 1 });
    const head = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="fileType"\r\n\r\ntrack\r\n' +
        '--b\r\nContent-Disposition: form-data; name="artistName"\r\n\r\nMaya\r\n' +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n',
    );
    const response = await post(
      'multipart/form-data; boundary=b',
      Buffer.concat([head, wav.subarray(0, 500)]),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(expectJsonError(response).error).toBe(UPLOAD_REQUEST_MESSAGES.malformed);
    expect(await uploadCount()).toBe(before);
  });

  it('more parts than an upload has answers 413 with the domain message', async () => {
    const parts = Array.from({ length: 20 }, (_, i) => ({ field: `f${i}`, value: 'x' }));
    const { contentType, body } = multipartBody(parts);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/storage',
      headers: { 'content-type': contentType, origin },
      remoteAddress: freshIp(),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(expectJsonError(response).error).toBe(UPLOAD_REQUEST_MESSAGES.tooManyParts);
  });
});
