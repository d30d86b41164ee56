import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiGet, DeferredSchema } from './client';

const answerSchema = z.object({ success: z.literal(true), count: z.number() });

function answer(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('parses the answer with the schema', async () => {
    answer(200, { success: true, count: 3, extra: 'dropped' });
    expect(await apiGet('/api/things', answerSchema)).toEqual({ success: true, count: 3 });
  });

  it('refuses an answer that does not match, and puts the server’s words on a failure', async () => {
    answer(200, { success: true, count: 'three' });
    await expect(apiGet('/api/things', answerSchema)).rejects.toThrow('Failed to parse server response');
    answer(400, { success: false, error: 'Please provide a listen link for your latest project.' });
    await expect(apiGet('/api/things', answerSchema)).rejects.toMatchObject({
      status: 400,
      message: 'Please provide a listen link for your latest project.',
    });
  });
});

describe('a deferred schema', () => {
  it('is loaded with the first answer, once, and parses as the schema itself does', async () => {
    const load = vi.fn(async () => answerSchema);
    const deferred = new DeferredSchema(load);
    expect(load).not.toHaveBeenCalled();
    answer(200, { success: true, count: 1 });
    expect(await apiGet('/api/things', deferred)).toEqual({ success: true, count: 1 });
    expect(await apiGet('/api/things', deferred)).toEqual({ success: true, count: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    answer(200, { success: true });
    await expect(apiGet('/api/things', deferred)).rejects.toThrow('Failed to parse server response');
  });

  it('is not loaded for an error answer', async () => {
    const load = vi.fn(async () => answerSchema);
    answer(503, { success: false, error: 'Service unavailable' });
    await expect(apiGet('/api/things', new DeferredSchema(load))).rejects.toThrow('Service unavailable');
    expect(load).not.toHaveBeenCalled();
  });

  it('reads a schema that could not be fetched as a lost connection, and fetches it again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof answerSchema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(answerSchema);
    const deferred = new DeferredSchema(load);
    answer(200, { success: true, count: 2 });
    const failure = await apiGet('/api/things', deferred).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: 'Failed to connect to server' });
    expect(await apiGet('/api/things', deferred)).toEqual({ success: true, count: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
