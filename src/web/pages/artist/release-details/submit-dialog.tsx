import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { FieldError } from '../../../../domain';

export const SUBMIT_DIALOG_TITLE = 'Submit release details for review?';

interface SubmitDialogProps {
  open: boolean;
  labelName: string;
  /** Split totals other than 100%: listed once more, since they do not stop the submission. */
  warnings: readonly FieldError[];
  submitting: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** The last step before the details are locked: says what happens next and asks once. */
export function SubmitDialog({
  open,
  labelName,
  warnings,
  submitting,
  onCancel,
  onConfirm,
}: SubmitDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{SUBMIT_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          The {labelName} team will be notified and will check the details before distribution. Once
          submitted, the details are locked: you will not be able to change them here. If something needs to
          change afterwards, contact the label.
        </DialogContentText>
        {warnings.length > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {warnings.map((warning) => (
                <li key={warning.field}>{warning.message}</li>
              ))}
            </Box>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={submitting}>
          Submit for review
        </Button>
      </DialogActions>
    </Dialog>
  );
}
