import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface FilePickBoxProps {
  label: string;
  /** The button's accessible name when the label alone is ambiguous on the page; it starts with the label. */
  accessibleName?: string | undefined;
  icon: ReactNode;
  hint: ReactNode;
  onPick(): void;
}

/**
 * The empty state of a file slot (a track's WAV, an artwork): a dashed box with the button that
 * opens the file picker.
 */
export function FilePickBox({ label, accessibleName, icon, hint, onPick }: FilePickBoxProps) {
  return (
    <Box
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
        p: { xs: 2, md: 3 },
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <Button variant="contained" startIcon={icon} onClick={onPick} aria-label={accessibleName}>
        {label}
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {hint}
      </Typography>
    </Box>
  );
}
