import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Shown while a lazily loaded page's code arrives (spec 001 §2: the text reads "Loading..."). */
export function PageLoading() {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: '50vh',
        py: 8,
      }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <Typography sx={{ color: 'text.secondary' }}>Loading...</Typography>
    </Box>
  );
}
