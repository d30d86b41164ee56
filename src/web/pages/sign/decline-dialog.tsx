import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { SIGNING_MESSAGES } from '../../../domain';

export const DECLINE_REASON_MAX = 500;

/** 'Decline to sign': a confirmation, with an optional reason the label sees. */
export function DeclineDialog({
  open,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  pending: boolean;
  error: string | null;
  onConfirm(reason: string): void;
  onCancel(): void;
}) {
  const [reason, setReason] = useState('');
  const titleId = useId();
  const tooLong = reason.trim().length > DECLINE_REASON_MAX;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Decline to sign?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          The label will be told that you declined. You can ask for a new agreement from your dashboard later.
        </Typography>
        <TextField
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          error={tooLong}
          helperText={
            tooLong
              ? SIGNING_MESSAGES.declineReasonTooLong
              : `${reason.trim().length} / ${DECLINE_REASON_MAX}`
          }
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions
        sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        <Button onClick={onCancel} disabled={pending}>
          Keep reviewing
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => onConfirm(reason)}
          loading={pending}
          disabled={tooLong}
        >
          Decline agreement
        </Button>
      </DialogActions>
    </Dialog>
  );
}
