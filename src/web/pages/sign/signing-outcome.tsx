import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';

export const DASHBOARD_CONTRACT_TAB = '/dashboard?tab=1';

/** The page opened as the tab's popup can close itself; opened any other way, it links back. */
function LeaveActions() {
  const isPopup = typeof window !== 'undefined' && Boolean(window.opener);
  return (
    <Stack direction="row" sx={{ mt: 3, gap: 1.5, flexWrap: 'wrap' }}>
      {isPopup ? (
        <Button variant="contained" onClick={() => window.close()}>
          Close window
        </Button>
      ) : (
        <Button variant="contained" component={RouterLink} to={DASHBOARD_CONTRACT_TAB}>
          Back to your dashboard
        </Button>
      )}
    </Stack>
  );
}

/** A final page: the heading takes focus so the outcome is read first. */
export function Outcome({
  title,
  tone,
  children,
}: {
  title: string;
  tone: 'success' | 'info' | 'error';
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box sx={{ py: { xs: 4, sm: 6 } }}>
      {tone === 'success' && <TaskAltIcon color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden="true" />}
      <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: '2rem', mb: 2, outline: 'none' }}>
        {title}
      </Typography>
      {tone === 'error' ? (
        <Alert severity="error">{children}</Alert>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
      )}
      <LeaveActions />
    </Box>
  );
}
