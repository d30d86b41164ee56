import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWav } from '../../test/media-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

describe('the local PUT endpoint for direct uploads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  async function generate(size: number) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/storage/generate-upload-url',
      headers: { origin: ctx.config.publicUrl },
      payload: {
        fileName: 't.wav',
        fileSize: size,
        contentType: 'audio/wav',
        artistName: 'A',
        fileType: 'track',
        sessionId: 'put-checks-0001',
      },
    });
    return response.json() as { uploadUrl: string; fileName: string };
  }

  it('refuses a tampered signature, and a body of another size than announced', async () => {
    const wav = makeWav({ seconds: 1 });
    const { uploadUrl } = await generate(wav.length);
    const url = new URL(uploadUrl);
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'x'.repeat(43)}`;
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: tampered,
      headers: { 'content-type': 'audio/wav', origin: ctx.config.publicUrl },
      payload: wav,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Invalid upload link');

    const short = await ctx.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'audio/wav', origin: ctx.config.publicUrl },
      payload: wav.subarray(0, 100),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(`The upload was incomplete: expected ${wav.length} bytes, received 100`);
  });

  it('refuses a body larger than announced, naming the announced size', async () => {
    const wav = makeWav({ seconds: 1 });
    const { uploadUrl } = await generate(1000);
    const url = new URL(uploadUrl);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'audio/wav', origin: ctx.config.publicUrl },
      payload: wav,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('The upload is larger than the announced 1000 bytes');
  });
});
