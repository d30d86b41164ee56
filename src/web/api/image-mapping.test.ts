import { describe, expect, it } from 'vitest';
import { imageMappingSchema } from '../../domain/schemas/image-mapping';
import { fileIdOfLink, pictureSources } from './image-mapping';

const fileId = '0b8f6c1e-6a1d-4d38-9c53-3f6f1d2f0a11';
const link = (variant?: string) =>
  `/files/${fileId}${variant ? `/${variant}` : ''}?disposition=inline&expires=1&signature=s`;

const entry = imageMappingSchema.parse({
  [fileId]: {
    original: link(),
    width: 3000,
    height: 3000,
    variants: [80, 160, 320].flatMap((width) =>
      (['avif', 'webp', 'jpeg'] as const).map((format) => ({
        format,
        width,
        height: width,
        url: link(`${format}-${width}`),
      })),
    ),
  },
})[fileId];

describe('fileIdOfLink', () => {
  it.each([
    [link(), fileId],
    [`http://localhost:3000${link()}`, fileId],
    [`http://192.168.1.20:3000/files/${fileId.toUpperCase()}?signature=s`, fileId],
    [link('avif-80'), undefined], // a variant's link, not the file's
    ['https://i.scdn.co/image/ab67616d0000b273', undefined],
    ['blob:http://localhost/8d3c', undefined],
    ['data:image/png;base64,AAAA', undefined],
    ['/files/not-an-id?signature=s', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s names %s', (given, expected) => {
    expect(fileIdOfLink(given)).toBe(expected);
  });
});

describe('pictureSources', () => {
  it('offers AVIF, then WebP, as sources by width, and the JPEGs in the img', () => {
    expect(pictureSources(entry ?? null, link())).toEqual({
      sources: [
        {
          type: 'image/avif',
          srcSet: `${link('avif-80')} 80w, ${link('avif-160')} 160w, ${link('avif-320')} 320w`,
        },
        {
          type: 'image/webp',
          srcSet: `${link('webp-80')} 80w, ${link('webp-160')} 160w, ${link('webp-320')} 320w`,
        },
      ],
      img: {
        src: link('jpeg-320'),
        srcSet: `${link('jpeg-80')} 80w, ${link('jpeg-160')} 160w, ${link('jpeg-320')} 320w`,
      },
    });
  });

  it('shows the original while no variant is made, or without a mapping', () => {
    expect(pictureSources({ original: '/mapped-original', variants: [] }, link())).toEqual({
      sources: [],
      img: { src: '/mapped-original' },
    });
    expect(pictureSources(null, link())).toEqual({ sources: [], img: { src: link() } });
  });
});
