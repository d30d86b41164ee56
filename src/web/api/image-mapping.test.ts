import { describe, expect, it } from 'vitest';
import { imageMappingSchema, pickImageUrl } from './image-mapping';

const entry = imageMappingSchema.parse({
  f: { original: '/o', thumbnail: '/t', medium: '/m', large: '/l', xlarge: '/x' },
}).f;

describe('pickImageUrl', () => {
  it.each([
    [375, 1, '/t'],
    [375, 3, '/m'],
    [768, 1, '/m'],
    [1024, 1, '/l'],
    [1024, 2, '/x'],
    [1920, 1, '/x'],
  ])('at %i px and pixel ratio %i picks %s', (width, dpr, expected) => {
    expect(pickImageUrl(entry, '/fallback', width, dpr)).toBe(expected);
  });

  it('uses the original while a variant is not made yet, and the page link without a mapping', () => {
    expect(pickImageUrl({ original: '/o' }, '/fallback', 375, 1)).toBe('/o');
    expect(pickImageUrl(undefined, '/fallback', 375, 1)).toBe('/fallback');
  });
});
