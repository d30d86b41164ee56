import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface TrackDetailsSectionProps {
  /** The section's h4 (a track card's title is the h3 above it). */
  title: string;
  /** Why we ask, under the title. */
  description?: ReactNode;
  /** Extra attributes for the section, e.g. a field anchor. */
  anchor?: { 'data-field': string };
  children: ReactNode;
}

/** One titled part of a track's details, a region named by its heading. */
export function TrackDetailsSection({ title, description, anchor, children }: TrackDetailsSectionProps) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} {...anchor}>
      <Typography id={titleId} variant="h6" component="h4" sx={{ mb: description ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {description}
        </Typography>
      )}
      {children}
    </Box>
  );
}
