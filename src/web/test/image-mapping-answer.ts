const link = (fileId: string, variant?: string) =>
  `/files/${fileId}${variant ? `/${variant}` : ''}?disposition=inline&expires=1900000000&signature=abcdefghijkl`;

/**
 * The image mapping's answer (`/files/optimized/image-mapping.json?ids=`) for the ids a request
 * names: every image 3000 px square, with AVIF, WebP and JPEG variants at 80 and 160 px.
 */
export function imageMappingFor(url: URL) {
  const ids = url.searchParams.get('ids')?.split(',') ?? [];
  return Object.fromEntries(
    ids.map((id) => [
      id,
      {
        original: link(id),
        width: 3000,
        height: 3000,
        variants: [80, 160].flatMap((width) =>
          ['avif', 'webp', 'jpeg'].map((format) => ({
            format,
            width,
            height: width,
            url: link(id, `${format}-${width}`),
          })),
        ),
      },
    ]),
  );
}

/** The JPEG an `<img>` of such a `<picture>` falls back to: the widest `imageMappingFor` makes. */
export function jpegVariantOf(fileLink: string | undefined): string {
  const fileId = /\/files\/([0-9a-f-]{36})/.exec(fileLink ?? '')?.[1] ?? '';
  return link(fileId, 'jpeg-160');
}
