import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Snackbar from '@mui/material/Snackbar';
import Switch from '@mui/material/Switch';
import { useSubmissionModeSwitch } from './submission-mode';

/**
 * The header's mode switch, for signed-in staff only (design.md §2 keeps /api/config/set behind
 * the staff role): on means full submissions, off the waiting list.
 */
export function SubmissionModeControl() {
  const mode = useSubmissionModeSwitch();
  return (
    <>
      <FormControlLabel
        sx={{ mr: 0, flexShrink: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
        control={
          <Switch
            size="small"
            checked={mode.submissionsEnabled}
            disabled={mode.isLoading || mode.isSaving}
            onChange={(event) => mode.setSubmissionsEnabled(event.target.checked)}
            slotProps={{ input: { 'aria-label': 'Full submissions (off: waiting list)' } }}
          />
        }
        label={mode.submissionsEnabled ? 'Submissions open' : 'Waiting list'}
      />
      <Snackbar
        open={mode.error !== null}
        onClose={mode.clearError}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="error" onClose={mode.clearError} variant="filled">
          {mode.error}
        </Alert>
      </Snackbar>
    </>
  );
}
