import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * Shown over the page while a dialog loaded on first use arrives (what the first paint
 * does not show is not part of it): where the dialog will open, a "Loading..." card, announced
 * politely. Plain boxes, no Modal: the dialog's own code brings the focus trap with it.
 */
export function DialogLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'rgba(0, 0, 0, 0.5)',
      }}
    >
      <Paper role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 2 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>{label}</Typography>
      </Paper>
    </Box>
  );
}
