import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { pictureSources, useImageEntry } from '../api/image-mapping';

/** The theme's breakpoints (px), for `sizes` media conditions. */
const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type ShownSize = number | Partial<Record<keyof typeof BREAKPOINTS, number>>;

/**
 * The `sizes` attribute for an image shown at `size` CSS px, or at a size per breakpoint as in sx
 * (`{ xs: 72, sm: 112 }` → `(min-width: 600px) 112px, 72px`).
 */
export function sizesOf(size: ShownSize): string {
  if (typeof size === 'number') return `${size}px`;
  const steps: { from: number; px: number }[] = [];
  for (const breakpoint of Object.keys(BREAKPOINTS) as (keyof typeof BREAKPOINTS)[]) {
    const px = size[breakpoint];
    if (px !== undefined && px !== steps[steps.length - 1]?.px)
      steps.push({ from: BREAKPOINTS[breakpoint], px });
  }
  return steps
    .reverse()
    .map((step) => (step.from > 0 ? `(min-width: ${step.from}px) ${step.px}px` : `${step.px}px`))
    .join(', ');
}

/** The largest of the sizes: the width and height attributes of a square image. */
export function largestOf(size: ShownSize): number {
  return typeof size === 'number' ? size : Math.max(...Object.values(size).filter((px) => px !== undefined));
}

interface ResponsiveImageProps {
  /**
   * The link the API answered. A signed link to an uploaded file is shown through its variants
   * (the image mapping); any other address as it is.
   */
  src: string;
  alt: string;
  /** The `sizes` attribute: the CSS width the image is shown at (`sizesOf`). */
  sizes: string;
  /** The width and height attributes: its proportions, so the page keeps its place (no layout shift). */
  width: number;
  height: number;
  /** `lazy` (the default): fetched as it nears the screen; `eager` for an image above the fold. */
  loading?: 'lazy' | 'eager';
  /** The page's main image, above the fold: fetched at once, before other images. */
  priority?: boolean;
  /** Shown instead when the image cannot be loaded. */
  fallback?: ReactNode;
  /** Applied to the image, and to the space kept for it while its variants are looked up. */
  sx?: SxProps<Theme>;
}

/**
 * An uploaded image (artwork, a profile picture) as a `<picture>`: AVIF and WebP sources and a JPEG
 * `<img>`, each a `srcset` of the variants by width, so the browser fetches the smallest that fills
 * `sizes` at its pixel density, in the best format it shows (spec 001 §7). Until the mapping
 * answers, the image's space is kept empty, so the full-size original is never fetched for nothing;
 * without variants (not made yet, or no mapping) it shows the original.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  width,
  height,
  loading = 'lazy',
  priority = false,
  fallback,
  sx,
}: ResponsiveImageProps) {
  const state = useImageEntry(src);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src && fallback !== undefined) return <>{fallback}</>;
  const common = {
    alt,
    width,
    height,
    loading: priority ? 'eager' : loading,
    decoding: 'async',
    ...(priority ? { fetchPriority: 'high' as const } : {}),
    onError: () => setFailed(src),
    sx,
  } as const;
  if (state.kind === 'plain') return <Box component="img" src={src} {...common} />;
  if (state.kind === 'loading') {
    const named = alt ? { role: 'img', 'aria-label': alt, 'aria-busy': true } : { 'aria-hidden': true };
    return <Box component="span" {...named} sx={[{ display: 'block' }, ...asArray(sx)]} />;
  }
  const { sources, img } = pictureSources(state.entry, src);
  return (
    <picture style={{ display: 'contents' }}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <Box component="img" src={img.src} {...(img.srcSet ? { srcSet: img.srcSet, sizes } : {})} {...common} />
    </picture>
  );
}

function asArray(sx: SxProps<Theme> | undefined) {
  if (sx === undefined) return [];
  return Array.isArray(sx) ? sx : [sx];
}
