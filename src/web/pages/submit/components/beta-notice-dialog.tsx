import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { usePublicConfig } from '../../../config';

const dismissedKey = 'imprint.betaNoticeDismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(dismissedKey) === '1';
  } catch {
    // Storage can be blocked (private modes, strict settings): then the notice shows each visit.
    return false;
  }
}

/** Spec 001 §2: the portal is labelled beta; this notice shows once per browser session until dismissed. */
export function BetaNoticeDialog() {
  const { labelName, contactEmail } = usePublicConfig();
  const [open, setOpen] = useState(() => !wasDismissed());
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(dismissedKey, '1');
    } catch {
      // Nothing to remember it in: closing is still what the artist asked for.
    }
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      aria-labelledby="beta-notice-title"
      aria-describedby="beta-notice-text"
    >
      <DialogTitle id="beta-notice-title">Beta Portal Notice</DialogTitle>
      <DialogContent>
        <DialogContentText id="beta-notice-text">
          The {labelName} submission portal is in beta. Every submission reaches our team, but you may meet
          the odd rough edge. If something does not work as it should, write to {contactEmail} and we will
          help.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={dismiss} variant="contained" autoFocus>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
