import { describe, expect, it } from 'vitest';
import { getCustomArtworkUploadId, isCustomArtworkMissing, setUseCustomArtwork } from './custom-artwork';
import { makeTrack } from './test-fixtures';

describe('a track’s custom artwork', () => {
  const uploaded = makeTrack(1, {
    useCustomArtwork: true,
    customArtworkUrl: '/files/img-1',
    customArtworkFileId: 'img-1',
    customArtworkFileName: 'cover.jpg',
  });

  it('turning the switch off forgets the picture; on again starts without one', () => {
    const off = setUseCustomArtwork(uploaded, false);
    expect(off).toMatchObject({ useCustomArtwork: false, customArtwork: null });
    expect(off.customArtworkFileId).toBeUndefined();
    expect(off.customArtworkUrl).toBeUndefined();
    expect(off.customArtworkFileName).toBeUndefined();
    expect(off.title).toBe(uploaded.title);
    const on = setUseCustomArtwork(off, true);
    expect(on.useCustomArtwork).toBe(true);
    expect(isCustomArtworkMissing(on)).toBe(true);
  });

  it('names the upload to store only while the switch is on', () => {
    expect(getCustomArtworkUploadId(uploaded)).toBe('img-1');
    expect(getCustomArtworkUploadId({ ...uploaded, useCustomArtwork: false })).toBeUndefined();
    expect(getCustomArtworkUploadId({ ...uploaded, customArtworkFileId: ' ' })).toBeUndefined();
  });
});
