import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface FilePickBoxProps {
  label: string;
  icon: ReactNode;
  hint: ReactNode;
  onPick(): void;
}

/** The empty state of a file slot: a dashed box with the button that opens the file picker. */
export function FilePickBox({ label, icon, hint, onPick }: FilePickBoxProps) {
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
      <Button variant="contained" startIcon={icon} onClick={onPick}>
        {label}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </Box>
  );
}
