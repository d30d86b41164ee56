import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDefaultTrackMetadata } from '../../../../domain';
import { createInitialValues, type SubmitFormValues } from '../../../forms/form-values';
import { loadDraft, resumeDraft, saveDraft } from './draft-storage';

/** The browser's localStorage, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => vi.stubGlobal('window', { localStorage: memoryStorage() }));
afterEach(() => vi.unstubAllGlobals());

describe('the browser draft', () => {
  it('keeps a track’s uploaded custom artwork by id and link, never the picked file', async () => {
    const values: SubmitFormValues = {
      ...createInitialValues('2026-03-10'),
      tracks: [
        {
          id: 't1',
          title: 'Night Drive',
          url: '/files/audio-1',
          fileId: 'audio-1',
          metadata: createDefaultTrackMetadata(),
          useCustomArtwork: true,
          customArtwork: new File(['jpeg'], 'single.jpg', { type: 'image/jpeg' }),
          customArtworkUrl: '/files/img-1?signature=x',
          customArtworkFileId: 'img-1',
          customArtworkFileName: 'single.jpg',
        },
        // Switched on, the picture still uploading at the reload: it must be chosen again.
        {
          id: 't2',
          title: 'Low Tide',
          metadata: createDefaultTrackMetadata(),
          useCustomArtwork: true,
          customArtwork: new File(['jpeg'], 'tide.jpg', { type: 'image/jpeg' }),
          customArtworkFileName: 'tide.jpg',
        },
      ],
    };
    saveDraft(values, 1, 1_000);
    const stored = JSON.parse(window.localStorage.getItem('imprint.submissionDraft.v1') ?? '{}');
    expect(stored.values.tracks[0]).not.toHaveProperty('customArtwork');

    const draft = await loadDraft(2_000);
    expect(draft?.values.tracks[0]).toMatchObject({
      useCustomArtwork: true,
      customArtworkUrl: '/files/img-1?signature=x',
      customArtworkFileId: 'img-1',
      customArtworkFileName: 'single.jpg',
    });
    expect(draft?.values.tracks[0]).not.toHaveProperty('customArtwork');
    expect(draft?.values.tracks[1]).toMatchObject({
      useCustomArtwork: true,
      customArtworkFileName: 'tide.jpg',
    });
    expect(draft?.values.tracks[1]?.customArtworkFileId).toBeUndefined();
  });
});

describe('resumeDraft', () => {
  const initial = createInitialValues();
  const draft = { step: 2, values: { ...initial, firstName: 'Old', surname: 'Quinn', bio: 'Dream pop' } };

  it('resumes the draft as it was over a form nobody touched, or none', () => {
    expect(resumeDraft(draft, { step: 0, values: { ...initial }, initial })).toBe(draft);
    expect(resumeDraft(draft, undefined)).toBe(draft);
  });

  it('keeps what the artist changed meanwhile over the draft, on the step they are on', () => {
    const resumed = resumeDraft(draft, {
      step: 0,
      values: { ...initial, firstName: 'Nova', noTikTok: true },
      initial,
    });
    expect(resumed.step).toBe(0);
    expect(resumed.values).toEqual({ ...draft.values, firstName: 'Nova', noTikTok: true });
  });
});
