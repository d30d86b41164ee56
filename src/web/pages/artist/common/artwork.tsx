import AlbumIcon from '@mui/icons-material/Album';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { type Submission, selectArtworkUrl } from '../../../../domain';
import { brand } from '../../../brand';
import { largestOf, ResponsiveImage, type ShownSize, sizesOf } from '../../../components/responsive-image';

/**
 * A submission's cover in the spec's fallback order (its own, the first transferred release's,
 * the first catalogue item's); a record placeholder when there is none or the image fails.
 */
export function SubmissionArtwork({
  submission,
  size,
  priority = false,
}: {
  submission: Pick<Submission, 'artworkUrl' | 'transferMetadata' | 'catalogueItems' | 'releaseTitle'>;
  /** The square's side in CSS px, per breakpoint as in sx. */
  size: ShownSize;
  /** The page's main image (above the fold): fetched first rather than lazily. */
  priority?: boolean;
}) {
  const url = selectArtworkUrl(submission);
  const frame = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: 2,
    overflow: 'hidden',
    bgcolor: alpha(brand.primary, 0.08),
  } as const;

  const placeholder = (
    <Box
      role="img"
      aria-label={`No artwork for ${submission.releaseTitle}`}
      sx={{
        ...frame,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'primary.main',
      }}
    >
      <AlbumIcon sx={{ fontSize: '2.5rem' }} />
    </Box>
  );
  if (!url) return placeholder;
  return (
    <ResponsiveImage
      key={url}
      src={url}
      alt={`Artwork for ${submission.releaseTitle}`}
      sizes={sizesOf(size)}
      width={largestOf(size)}
      height={largestOf(size)}
      priority={priority}
      fallback={placeholder}
      sx={{ ...frame, objectFit: 'cover', display: 'block' }}
    />
  );
}
