import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmptyTrack } from '../../domain';
import { mockApi } from '../test/mock-api';
import { createInitialValues, type SubmitFormValues } from './form-values';
import { fileLinkExpiresAtMs, storedUploadLinks, useFreshUploadLinks } from './fresh-upload-links';

/**
 * A visitor's file links work 15 minutes. The form keeps the links of its uploads
 * (previews, players, the draft) working for as long as it is open, and after a reload.
 */
const START = Date.UTC(2026, 10, 25, 12, 0, 0);
const MINUTE = 60_000;
const link = (fileId: string, expiresAtMs: number) =>
  `/files/${fileId}?disposition=inline&expires=${Math.floor(expiresAtMs / 1000)}&signature=sig-${expiresAtMs}`;

function values(overrides: Partial<SubmitFormValues>): SubmitFormValues {
  return { ...createInitialValues('2026-11-25'), uploadSessionId: 'form-session-0001', ...overrides };
}

/** The server: fresh 15-minute links for the ids asked for, except those it no longer gives. */
function server(gone: string[] = []) {
  return mockApi((request) => {
    const { fileIds } = request.body as { fileIds: string[] };
    return {
      status: 200,
      body: {
        success: true,
        files: fileIds
          .filter((fileId) => !gone.includes(fileId))
          .map((fileId) => ({
            fileId,
            url: link(fileId, Date.now() + 15 * MINUTE),
            downloadUrl: `${link(fileId, Date.now() + 15 * MINUTE)}&attachment`,
          })),
      },
    };
  });
}

function renderForm(initial: SubmitFormValues) {
  return renderHook(() => {
    const form = useForm<SubmitFormValues>({ defaultValues: initial });
    useFreshUploadLinks(form);
    return form;
  });
}

beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the links the form keeps', () => {
  it('are the uploads the form holds: artwork, tracks, custom artwork', () => {
    const track = {
      ...createEmptyTrack('t1'),
      fileId: 'TRK',
      url: link('TRK', START + MINUTE),
      customArtworkFileId: 'OWN',
      customArtworkUrl: link('OWN', START + 2 * MINUTE),
    };
    const listed = storedUploadLinks(
      values({ artwork: link('ART', START), artworkFileId: 'ART', tracks: [track, createEmptyTrack('t2')] }),
    );
    expect(listed.map((entry) => [entry.path, entry.fileId, entry.expiresAtMs])).toEqual([
      ['artwork', 'ART', START],
      ['tracks.0.url', 'TRK', START + MINUTE],
      ['tracks.0.customArtworkUrl', 'OWN', START + 2 * MINUTE],
    ]);
    expect(fileLinkExpiresAtMs('blob:http://localhost/1234')).toBeUndefined();
    expect(fileLinkExpiresAtMs(`http://127.0.0.1:3000${link('X', START)}`)).toBe(START);
  });
});

describe('useFreshUploadLinks', () => {
  it('renews a link that expired while the page was closed (a reloaded draft) at once', async () => {
    const api = server();
    const { result } = renderForm(
      values({ artwork: link('ART', START - 10 * MINUTE), artworkFileId: 'ART' }),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.requests.map((request) => [request.method, request.url.pathname, request.body])).toEqual([
      ['POST', '/api/storage/file-links', { sessionId: 'form-session-0001', fileIds: ['ART'] }],
    ]);
    expect(result.current.getValues('artwork')).toBe(link('ART', START + 15 * MINUTE));
  });

  it('keeps every link working while the form stays open for an hour', async () => {
    const api = server();
    const track = { ...createEmptyTrack('t1'), fileId: 'TRK', url: link('TRK', START + 15 * MINUTE) };
    const { result } = renderForm(
      values({ artwork: link('ART', START + 15 * MINUTE), artworkFileId: 'ART', tracks: [track] }),
    );
    await act(() => vi.advanceTimersByTimeAsync(13 * MINUTE));
    expect(api.requests).toEqual([]);
    for (let minute = 13; minute < 60; minute++) {
      await act(() => vi.advanceTimersByTimeAsync(MINUTE));
      // Never within a minute of its end: an <audio> handed the link can still start.
      for (const path of ['artwork', 'tracks.0.url'] as const) {
        expect(fileLinkExpiresAtMs(result.current.getValues(path)) ?? 0).toBeGreaterThan(
          Date.now() + MINUTE - 1,
        );
      }
    }
    // Both together, once every 14 minutes.
    expect(api.requests).toHaveLength(4);
    expect(api.requests[0]?.body).toEqual({ sessionId: 'form-session-0001', fileIds: ['ART', 'TRK'] });
  });

  it('stops asking for a file the server no longer gives, and keeps a new upload fresh in its turn', async () => {
    const api = server(['GONE']);
    const { result } = renderForm(
      values({
        artwork: link('GONE', START - MINUTE),
        artworkFileId: 'GONE',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.requests).toHaveLength(1);
    expect(result.current.getValues('artwork')).toBe(link('GONE', START - MINUTE));
    await act(() => vi.advanceTimersByTimeAsync(30 * MINUTE));
    expect(api.requests).toHaveLength(1);

    // A new artwork is uploaded: its link is the form's now, and is kept fresh in its turn.
    act(() => {
      result.current.setValue('artwork', link('NEW', START + 45 * MINUTE));
      result.current.setValue('artworkFileId', 'NEW');
    });
    await act(() => vi.advanceTimersByTimeAsync(15 * MINUTE));
    expect(api.requests.at(-1)?.body).toEqual({ sessionId: 'form-session-0001', fileIds: ['NEW'] });
  });
});
