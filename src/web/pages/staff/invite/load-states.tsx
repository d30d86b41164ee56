import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';

/** Placeholder rows while a staff list loads, announced to screen readers. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Stack spacing={1.5} aria-hidden="true">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} variant="rounded" height={72} />
        ))}
      </Stack>
    </Box>
  );
}

export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
    </Box>
  );
}
