import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DragEvent, type ReactNode, useState } from 'react';

interface FilePickBoxProps {
  label: string;
  /** The button's accessible name when the label alone is ambiguous on the page; it starts with the label. */
  accessibleName?: string | undefined;
  icon: ReactNode;
  hint: ReactNode;
  onPick(): void;
  /** Makes the box a drop target too: the first file dropped on it. */
  onDropFile?: ((file: File) => void) | undefined;
  'data-testid'?: string;
}

/**
 * The empty state of a file slot (a track's WAV, an artwork): a dashed box with the button that
 * opens the file picker, and, with `onDropFile`, where a file can be dropped.
 */
export function FilePickBox({
  label,
  accessibleName,
  icon,
  hint,
  onPick,
  onDropFile,
  'data-testid': testId,
}: FilePickBoxProps) {
  const [dragging, setDragging] = useState(false);
  const dropHandlers = onDropFile
    ? {
        onDragOver: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file) onDropFile(file);
        },
      }
    : {};
  return (
    <Box
      data-testid={testId}
      {...dropHandlers}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
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
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {hint}
      </Typography>
    </Box>
  );
}
