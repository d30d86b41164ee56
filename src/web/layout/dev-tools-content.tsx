import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { MODE_LABELS, useSubmissionModeSwitch } from './submission-mode';

/** The developer tools panel's contents (dev-tools-panel.tsx), a chunk of its own. */
export default function DevToolsContent() {
  const mode = useSubmissionModeSwitch();
  const headingId = useId();
  const current = mode.submissionsEnabled ? MODE_LABELS.full : MODE_LABELS.waitingList;
  return (
    <Paper
      component="aside"
      aria-labelledby={headingId}
      elevation={6}
      sx={{
        position: 'fixed',
        left: 16,
        // Above the staff console's docked player while it shows (components/player/docked-player.tsx).
        bottom: 'calc(16px + var(--docked-player-height, 0px))',
        zIndex: 'snackbar',
        p: 2,
        width: 300,
        maxWidth: 'calc(100vw - 32px)',
      }}
    >
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Developer tools
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
        <Typography variant="body2">{MODE_LABELS.full}</Typography>
        <Switch
          checked={!mode.submissionsEnabled}
          disabled={mode.isLoading || mode.isSaving}
          onChange={(event) => mode.setSubmissionsEnabled(!event.target.checked)}
          slotProps={{ input: { 'aria-label': MODE_LABELS.waitingList } }}
        />
        <Typography variant="body2">{MODE_LABELS.waitingList}</Typography>
      </Stack>
      <Typography variant="body2" role="status">
        Current mode: <strong>{current}</strong>
        <br />
        {mode.isSaving
          ? 'Saving...'
          : mode.submissionsEnabled
            ? 'Artists can submit their music in full.'
            : 'Artists can only join the waiting list.'}
      </Typography>
      {mode.error && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={mode.clearError}>
          {mode.error}
        </Alert>
      )}
      <Button
        size="small"
        variant="outlined"
        startIcon={<RefreshIcon />}
        sx={{ mt: 1 }}
        onClick={() => window.location.reload()}
      >
        Refresh Page
      </Button>
    </Paper>
  );
}
