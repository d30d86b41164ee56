import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLinksResponseSchema, imageMappingSchema, uploadResultSchema } from '../../domain';
import { uploads } from '../db/schema';
import { makeJpeg } from '../test/media-fixtures';
import { multipartBody } from '../test/multipart';
import { type SignedIn, signIn } from '../test/sign-in';
import { createTestContext, type TestContext } from '../test/test-context';

/**
 * Signed file links: at most 15 minutes, or bound to the session that asked for them.
 * Bounds below are against the test's own clock only as far as "at most 15 minutes from now" goes.
 */
let ctx: TestContext;
let artist: SignedIn;
let otherArtist: SignedIn;
const FIFTEEN_MINUTES = 15 * 60;

beforeAll(async () => {
  ctx = await createTestContext();
  artist = await signIn(ctx.app, ctx.database.db, 'linked@example.com');
  otherArtist = await signIn(ctx.app, ctx.database.db, 'bystander@example.com');
});
afterAll(async () => ctx.close());

async function upload(as: SignedIn | undefined, sessionId: string) {
  const { contentType, body } = multipartBody([
    { field: 'artistName', value: 'Maya Rivers' },
    { field: 'fileType', value: 'artwork' },
    { field: 'sessionId', value: sessionId },
    { name: 'cover.jpg', type: 'image/jpeg', body: await makeJpeg({ width: 120, height: 120 }) },
  ]);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/storage',
    headers: {
      'content-type': contentType,
      origin: ctx.config.publicUrl,
      ...(as ? { cookie: as.cookie } : {}),
    },
    payload: Buffer.concat(chunks),
  });
  expect(response.statusCode).toBe(200);
  return uploadResultSchema.parse(response.json());
}

const expiresOf = (link: string) => Number(new URL(link, 'http://any.host').searchParams.get('expires'));
const open = (link: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: link, headers });
const maxAgeOf = (cacheControl: string | undefined) => Number(/max-age=(\d+)/.exec(cacheControl ?? '')?.[1]);

describe('file links of an anonymous visitor (the public form before sign-in)', () => {
  it('work for at most 15 minutes, for anyone holding them, and are cached no longer', async () => {
    const issuedAt = Math.floor(Date.now() / 1000);
    const result = await upload(undefined, 'form-anonymous-0001');
    for (const link of [result.url ?? '', result.downloadUrl ?? '']) {
      expect(link).toMatch(/^\/files\/[0-9a-f-]{36}\?disposition=(inline|attachment)&expires=\d+&signature=/);
      expect(expiresOf(link)).toBeLessThanOrEqual(issuedAt + FIFTEEN_MINUTES + 5);
      const served = await open(link);
      expect(served.statusCode).toBe(200);
      expect(maxAgeOf(served.headers['cache-control'])).toBeLessThanOrEqual(expiresOf(link) - issuedAt);
    }
  });

  it('can be asked for again by the form that uploaded the files, while they are not submitted', async () => {
    const mine = await upload(undefined, 'form-anonymous-0002');
    const someoneElses = await upload(undefined, 'form-anonymous-0003');
    const ask = (sessionId: string, fileIds: string[], headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/storage/file-links',
        headers: { origin: ctx.config.publicUrl, ...headers },
        payload: { sessionId, fileIds },
      });
    const issuedAt = Math.floor(Date.now() / 1000);
    const response = await ask('form-anonymous-0002', [mine.fileId ?? '', someoneElses.fileId ?? '']);
    expect(response.statusCode).toBe(200);
    const { files } = fileLinksResponseSchema.parse(response.json());
    // Only this form's file: another upload session's id answers nothing, as if unknown.
    expect(files.map((file) => file.fileId)).toEqual([mine.fileId]);
    const [fresh] = files;
    expect(expiresOf(fresh?.url ?? '')).toBeLessThanOrEqual(issuedAt + FIFTEEN_MINUTES + 5);
    expect((await open(fresh?.url ?? '')).statusCode).toBe(200);
    expect((await open(fresh?.downloadUrl ?? '')).headers['content-disposition']).toMatch(/^attachment;/);

    // Once a submission claims the file, the form's session no longer opens it.
    await ctx.database.db
      .update(uploads)
      .set({ claimedAt: new Date() })
      .where(eq(uploads.id, mine.fileId ?? ''));
    const claimed = await ask('form-anonymous-0002', [mine.fileId ?? '']);
    expect(fileLinksResponseSchema.parse(claimed.json()).files).toEqual([]);

    // A signed-in artist's form gets links bound to their session.
    const own = await upload(artist, 'form-signed-in-0001');
    const signedIn = await ask('form-signed-in-0001', [own.fileId ?? ''], { cookie: artist.cookie });
    const [bound] = fileLinksResponseSchema.parse(signedIn.json()).files;
    expect(bound?.url).toContain('bound=1');
    expect((await open(bound?.url ?? '', { cookie: artist.cookie })).statusCode).toBe(200);
    expect((await open(bound?.url ?? '')).statusCode).toBe(403);
  });

  it('refuses a malformed request with a message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/file-links',
      headers: { origin: ctx.config.publicUrl },
      payload: { sessionId: 'form-anonymous-0002', fileIds: ['not-an-id'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('refuses a tampered or expired file link', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/files/${crypto.randomUUID()}?disposition=inline&expires=9999999999&signature=${'y'.repeat(43)}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Invalid link');
  });
});

describe('file links of a signed-in requester', () => {
  it('are bound to the session: its cookie or bearer token opens them, nobody else, and not after sign-out', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'leaving@example.com');
    const result = await upload(session, 'form-bound-0001');
    const link = result.url ?? '';
    expect(link).toMatch(/^\/files\/[0-9a-f-]{36}\?disposition=inline&expires=\d+&bound=1&signature=/);

    const withCookie = await open(link, { cookie: session.cookie });
    expect(withCookie.statusCode).toBe(200);
    // A browser keeps the bytes only for the cookie it sent, and no longer than the link lives.
    expect(withCookie.headers.vary).toMatch(/cookie/i);
    expect(maxAgeOf(withCookie.headers['cache-control'])).toBeLessThanOrEqual(
      expiresOf(link) - Math.floor(Date.now() / 1000) + 1,
    );
    expect((await open(link, { authorization: `Bearer ${session.bearer}` })).statusCode).toBe(200);

    const anonymous = await open(link);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error).toBe(
      'This link works only in the session that opened it. Sign in and open the page again.',
    );
    expect((await open(link, { cookie: otherArtist.cookie })).statusCode).toBe(403);
    // Dropping `bound` makes it an unbound link the signature does not cover.
    expect((await open(link.replace('&bound=1', ''))).statusCode).toBe(403);

    await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.headers });
    expect((await open(link, { cookie: session.cookie })).statusCode).toBe(403);
  });

  it('in the image mapping, the session picture and upload results alike', async () => {
    const cover = await upload(artist, 'form-bound-0002');
    while (await ctx.app.jobs.runOnce()) {}
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/files/optimized/image-mapping.json?ids=${cover.fileId}`,
      headers: { cookie: artist.cookie },
    });
    // The mapping itself is this session's: kept by the browser for this cookie only.
    expect(response.headers.vary).toMatch(/cookie/i);
    const entry = imageMappingSchema.parse(response.json())[cover.fileId ?? ''];
    for (const link of [entry?.original ?? '', ...(entry?.variants ?? []).map((variant) => variant.url)]) {
      expect(link).toContain('bound=1');
      expect((await open(link, { cookie: artist.cookie })).statusCode).toBe(200);
      expect((await open(link, { cookie: otherArtist.cookie })).statusCode).toBe(403);
    }

    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist/profile',
      headers: artist.headers,
      payload: { pictureFileId: cover.fileId },
    });
    expect(profile.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: artist.cookie } });
    const picture: string = me.json().user.picture;
    expect(picture).toContain('bound=1');
    expect((await open(picture, { cookie: artist.cookie })).statusCode).toBe(200);
    expect((await open(picture)).statusCode).toBe(403);
  });
});
