import type { SxProps, Theme } from '@mui/material/styles';

const frame = {
  aspectRatio: '1 / 1',
  borderRadius: 2,
  overflow: 'hidden',
  bgcolor: 'background.default',
  border: 1,
  borderColor: 'divider',
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
} as const;

/** The square frame a cover is previewed in, on the submission form and the release details. */
export const artworkFrameSx: SxProps<Theme> = { ...frame, width: { xs: '100%', sm: 200 }, maxWidth: 320 };

/** The same frame, smaller: a track's own cover, in the track's narrower card. */
export const smallArtworkFrameSx: SxProps<Theme> = { ...frame, width: { xs: 160, sm: 140 } };
