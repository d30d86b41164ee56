import AlbumIcon from '@mui/icons-material/Album';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { type Submission, selectArtworkUrl } from '../../../../domain';
import { brand } from '../../../theme';

/**
 * A submission's cover in the spec's fallback order (its own, the first transferred release's,
 * the first catalogue item's); a record placeholder when there is none or the image fails.
 */
export function SubmissionArtwork({
  submission,
  size,
}: {
  submission: Pick<Submission, 'artworkUrl' | 'transferMetadata' | 'catalogueItems' | 'releaseTitle'>;
  size: number | { xs: number; sm?: number; md: number };
}) {
  const url = selectArtworkUrl(submission);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const frame = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: 2,
    overflow: 'hidden',
    bgcolor: alpha(brand.primary, 0.08),
  } as const;

  if (!url || failedUrl === url) {
    return (
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
  }
  return (
    <Box
      component="img"
      src={url}
      alt={`Artwork for ${submission.releaseTitle}`}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(url)}
      sx={{ ...frame, objectFit: 'cover', display: 'block' }}
    />
  );
}
