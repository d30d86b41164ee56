import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTrackPreview } from './track-preview';

/**
 * The preview of an uploaded track plays from its signed link. The form renews the link every 14
 * minutes (forms/fresh-upload-links.ts): a renewal must not stop a playing preview,
 * and the next play must use the link that still works.
 */
const link = (expires: number) =>
  `/files/0b8f6c1e-6a1d-4d38-9c53-3f6f1d2f0a11?disposition=inline&expires=${expires}&signature=s${expires}`;

let played: string[];
beforeEach(() => {
  played = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('useTrackPreview with a renewed link', () => {
  it('keeps playing through a renewal, and plays the fresh link next time', async () => {
    const { result, rerender } = renderHook(({ url }) => useTrackPreview(undefined, url), {
      initialProps: { url: link(1000) },
    });
    await act(() => result.current.toggle());
    expect(result.current.isPlaying).toBe(true);
    expect(played).toEqual([link(1000)]);

    rerender({ url: link(1900) });
    // Still the same player, still playing: nothing paused it.
    expect(result.current.isPlaying).toBe(true);
    expect(HTMLMediaElement.prototype.pause).not.toHaveBeenCalled();

    await act(() => result.current.toggle()); // pause
    await act(() => result.current.toggle()); // play again, from the link that works now
    expect(played).toEqual([link(1000), link(1900)]);
  });

  it('starts over for another file', async () => {
    const { result, rerender } = renderHook(({ url }) => useTrackPreview(undefined, url), {
      initialProps: { url: link(1000) },
    });
    await act(() => result.current.toggle());
    const other = '/files/11111111-6a1d-4d38-9c53-3f6f1d2f0a11?disposition=inline&expires=1000&signature=t';
    rerender({ url: other });
    expect(result.current.isPlaying).toBe(false);
    await act(() => result.current.toggle());
    expect(played.at(-1)).toBe(other);
  });
});
