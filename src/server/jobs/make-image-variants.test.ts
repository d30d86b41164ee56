import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeJpeg, makePng } from '../test/media-fixtures';
import { encodeImageVariants, imageVariantWidths, variantWidthsFor } from './make-image-variants';

const formatOf = async (data: Buffer) => {
  const { format, compression } = await sharp(data).metadata();
  return format === 'heif' ? compression : format; // sharp reports AVIF as HEIF with AV1
};

describe('the variant set', () => {
  it('is the widths the layout shows images at, at 1x and 2x', () => {
    expect(imageVariantWidths).toEqual([80, 160, 320, 480, 640]);
  });

  it.each([
    [3000, [80, 160, 320, 480, 640]],
    [640, [80, 160, 320, 480, 640]],
    [500, [80, 160, 320, 480, 500]],
    [480, [80, 160, 320, 480]],
    [100, [80, 100]],
    [60, [60]],
  ])('for an image %i px wide is %j: never enlarged', (width, widths) => {
    expect(variantWidthsFor(width)).toEqual(widths);
  });

  it('makes AVIF, WebP and JPEG at every width from one decode, upright', async () => {
    // 3000 x 2000 stored sideways (EXIF orientation 6): upright it is 2000 wide, 3000 high.
    const sideways = await sharp(await makeJpeg({ width: 3000, height: 2000 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const variants = await encodeImageVariants(sideways);
    expect(variants.map((v) => v.name).sort()).toEqual(
      [80, 160, 320, 480, 640].flatMap((w) => [`avif-${w}`, `webp-${w}`, `jpeg-${w}`]).sort(),
    );
    for (const variant of variants) {
      expect(variant.name).toBe(`${variant.format}-${variant.width}`);
      expect(variant.height).toBe(variant.width * 1.5);
      const meta = await sharp(variant.data).metadata();
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.orientation ?? 1).toBe(1);
      expect(await formatOf(variant.data)).toBe(variant.format === 'avif' ? 'av1' : variant.format);
    }
  });

  it('keeps transparency in AVIF and WebP and puts a PNG on white in the JPEG', async () => {
    const png = await makePng({ width: 200, height: 200, alpha: true });
    const variants = await encodeImageVariants(png);
    expect(variants.map((v) => v.name).sort()).toEqual(
      [
        'avif-80',
        'avif-160',
        'avif-200',
        'jpeg-80',
        'jpeg-160',
        'jpeg-200',
        'webp-80',
        'webp-160',
        'webp-200',
      ].sort(),
    );
    for (const variant of variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.hasAlpha).toBe(variant.format !== 'jpeg');
    }
    const jpeg = variants.find((v) => v.name === 'jpeg-80');
    // The fixture is (200, 60, 30) at 80% opacity: on white, each channel moves towards 255.
    const { data } = await sharp(jpeg?.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeGreaterThan(90);
  });

  it('turns a CMYK JPEG into sRGB variants', async () => {
    const cmyk = await makeJpeg({ width: 700, height: 700, space: 'cmyk' });
    for (const variant of await encodeImageVariants(cmyk)) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.space).toBe('srgb');
    }
  });
});
