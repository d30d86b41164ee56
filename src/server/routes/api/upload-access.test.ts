import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMappingSchema } from '../../../domain';
import { makeJpeg, makeWav } from '../../test/media-fixtures';
import { multipartBody } from '../../test/multipart';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;
let otherArtist: SignedIn;

async function upload(
  as: SignedIn | undefined,
  file: { name: string; type: string; body: Buffer },
  fileType: string,
) {
  const { contentType, body } = multipartBody([
    { field: 'artistName', value: 'Maya Rivers' },
    { field: 'fileType', value: fileType },
    { field: 'sessionId', value: 'access-session-0001' },
    file,
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
  return response.json() as { fileId: string; folderStructure: { artist: { id: string; url: string } } };
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'board@label.example');
  artist = await signIn(ctx.app, ctx.database.db, 'owner@example.com');
  otherArtist = await signIn(ctx.app, ctx.database.db, 'someone.else@example.com');
});
afterAll(async () => ctx.close());

describe('the image mapping (spec 000 §7)', () => {
  it('lists signed variant links only for images the requester may see', async () => {
    const mine = await upload(
      artist,
      { name: 'cover.jpg', type: 'image/jpeg', body: await makeJpeg({ width: 900, height: 900 }) },
      'artwork',
    );
    const anonymous = await upload(
      undefined,
      { name: 'a.jpg', type: 'image/jpeg', body: await makeJpeg({ width: 100, height: 100 }) },
      'artwork',
    );
    while (await ctx.app.jobs.runOnce()) {}
    const mapping = async (headers: Record<string, string>) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/files/optimized/image-mapping.json?ids=${mine.fileId},${anonymous.fileId}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, max-age=300');
      return imageMappingSchema.parse(response.json());
    };

    const forOwner = await mapping({ cookie: artist.cookie });
    expect(Object.keys(forOwner)).toEqual([mine.fileId]);
    const entry = forOwner[mine.fileId];
    // The original's size, and AVIF, WebP and JPEG at each width up to the image's own, narrowest first.
    expect(entry).toMatchObject({ width: 900, height: 900 });
    expect(entry?.variants.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual(
      [80, 160, 320, 480, 640].flatMap((w) => [`avif-${w}x${w}`, `webp-${w}x${w}`, `jpeg-${w}x${w}`]),
    );
    // Every link is relative to the page's own origin, and verifies.
    for (const link of [entry?.original ?? '', ...(entry?.variants ?? []).map((v) => v.url)]) {
      // ... and bound to the requester's session: the page's images carry its cookie.
      expect(link).toMatch(
        /^\/files\/[0-9a-f-]{36}(\/(avif|webp|jpeg)-\d+)?\?disposition=inline&expires=\d+&bound=1&signature=/,
      );
      const served = await ctx.app.inject({ method: 'GET', url: link, headers: { cookie: artist.cookie } });
      expect(served.statusCode).toBe(200);
    }
    for (const variant of entry?.variants ?? []) {
      const served = await ctx.app.inject({
        method: 'GET',
        url: variant.url,
        headers: { cookie: artist.cookie },
      });
      expect(served.headers['content-type']).toBe(`image/${variant.format}`);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
    // A variant's link does not open another variant or the original.
    const [first] = entry?.variants ?? [];
    const tampered = (first?.url ?? '').replace(/\/(avif|webp|jpeg)-\d+\?/, '/jpeg-640?');
    expect(
      (await ctx.app.inject({ method: 'GET', url: tampered, headers: { cookie: artist.cookie } })).statusCode,
    ).toBe(403);

    expect(Object.keys(await mapping({ cookie: staff.cookie })).sort()).toEqual(
      [mine.fileId, anonymous.fileId].sort(),
    );
    expect(await mapping({ cookie: otherArtist.cookie })).toEqual({});
    expect(await mapping({})).toEqual({});
  });

  it('refuses a malformed id list', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/files/optimized/image-mapping.json?ids=../../etc',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('artist folders', () => {
  it('list their files for staff only', async () => {
    const track = await upload(
      undefined,
      { name: 'Song.wav', type: 'audio/wav', body: makeWav({ seconds: 1 }) },
      'track',
    );
    const url = new URL(track.folderStructure.artist.url);
    expect(url.pathname).toBe(`/api/storage/folders/${track.folderStructure.artist.id}`);

    const asStaff = await ctx.app.inject({
      method: 'GET',
      url: url.pathname,
      headers: { cookie: staff.cookie },
    });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json().files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fileId: track.fileId, fileName: 'Song.wav', fileType: 'track' }),
      ]),
    );
    const audioOnly = await ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}.images`,
      headers: { cookie: staff.cookie },
    });
    expect(audioOnly.json().files.map((f: { fileId: string }) => f.fileId)).not.toContain(track.fileId);

    expect(
      (await ctx.app.inject({ method: 'GET', url: url.pathname, headers: { cookie: artist.cookie } }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(401);
    const bogus = await ctx.app.inject({
      method: 'GET',
      url: '/api/storage/folders/%25',
      headers: { cookie: staff.cookie },
    });
    expect(bogus.statusCode).toBe(404);
  });
});

describe('with direct uploads switched off', () => {
  it('answers 503 on the direct and resumable paths, so the browser uses the standard upload', async () => {
    const off = await createTestContext({ database: ctx.database, env: { DIRECT_UPLOADS: 'false' } });
    try {
      const generate = await off.app.inject({
        method: 'POST',
        url: '/api/storage/generate-upload-url',
        headers: { origin: off.config.publicUrl },
        payload: {
          fileName: 'a.wav',
          fileSize: 100,
          contentType: 'audio/wav',
          artistName: 'A',
          fileType: 'track',
        },
      });
      expect(generate.statusCode).toBe(503);
      expect(generate.json().error).toBe('Direct upload is not available');
      const tus = await off.app.inject({
        method: 'POST',
        url: '/api/uploads/resumable',
        headers: { origin: off.config.publicUrl, 'tus-resumable': '1.0.0', 'upload-length': '100' },
      });
      expect(tus.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
