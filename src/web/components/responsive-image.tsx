import Box, { type BoxProps } from '@mui/material/Box';
import { pickImageUrl, useImageMapping } from '../api/image-mapping';

interface ResponsiveImageProps extends Omit<BoxProps<'img'>, 'src'> {
  /** The uploaded image's id, whose variants the mapping lists. */
  fileId?: string | undefined;
  /** A link that works without the mapping (e.g. the signed URL the API answered). */
  fallbackUrl?: string | undefined;
  alt: string;
}

/** An uploaded image at the variant that suits this screen and pixel density (spec 000 §7). */
export function ResponsiveImage({ fileId, fallbackUrl, alt, ...props }: ResponsiveImageProps) {
  const { data } = useImageMapping(fileId ? [fileId] : []);
  const src = pickImageUrl(
    fileId ? data?.[fileId] : undefined,
    fallbackUrl,
    window.innerWidth,
    window.devicePixelRatio || 1,
  );
  if (!src) return null;
  return <Box component="img" src={src} alt={alt} loading="lazy" decoding="async" {...props} />;
}
