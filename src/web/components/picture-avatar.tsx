import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { ResponsiveImage } from './responsive-image';

const imageSx = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' } as const;

/**
 * A person's picture in a circle `size` CSS px wide, through its variants (`ResponsiveImage`), or
 * the first letter of their name when there is none or it cannot be loaded.
 */
export function PictureAvatar({
  src,
  alt,
  name,
  size,
  loading = 'eager',
  sx,
}: {
  src: string | null | undefined;
  /** The picture's text; '' where the name is written beside it. */
  alt: string;
  /** Its first letter stands in for the picture. */
  name: string;
  size: number;
  /** `eager` (the default) for an avatar at the top of a page; `lazy` for one in a long list. */
  loading?: 'eager' | 'lazy';
  sx?: SxProps<Theme>;
}) {
  const letter = name.charAt(0).toUpperCase();
  return (
    <Avatar sx={[{ width: size, height: size, bgcolor: 'primary.main' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {src ? (
        <ResponsiveImage
          key={src}
          src={src}
          alt={alt}
          sizes={`${size}px`}
          width={size}
          height={size}
          loading={loading}
          fallback={letter}
          sx={imageSx}
        />
      ) : (
        letter
      )}
    </Avatar>
  );
}
