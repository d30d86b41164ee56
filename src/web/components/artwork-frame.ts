import type { SxProps, Theme } from '@mui/material/styles';

/** The square frame a cover is previewed in, on the submission form and the release details. */
export const artworkFrameSx: SxProps<Theme> = {
  width: { xs: '100%', sm: 200 },
  maxWidth: 320,
  aspectRatio: '1 / 1',
  borderRadius: 2,
  overflow: 'hidden',
  bgcolor: 'background.default',
  border: 1,
  borderColor: 'divider',
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
};
