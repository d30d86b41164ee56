import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { startTransition, useEffect, useState } from 'react';
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
  // Opened once the page is the browser's, never in its first render: whether this session
  // dismissed it is in the browser's storage, which the prerendered page (issue 17) was rendered
  // without, and a notice in the prerendered page could not be dismissed until the page's code had
  // arrived. As a transition, the dialog is built without holding up the page.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!wasDismissed()) startTransition(() => setOpen(true));
  }, []);
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
      {/* Two paragraphs: as one, it was the largest text on a phone's screen, so the notice, which
          opens once the page is the browser's, was the page's largest contentful paint rather than
          the prerendered page under it (issue 17). */}
      <DialogContent id="beta-notice-text">
        <DialogContentText sx={{ mb: 1.5 }}>
          The {labelName} submission portal is in beta. Every submission reaches our team, but you may meet
          the odd rough edge.
        </DialogContentText>
        <DialogContentText>
          If something does not work as it should, write to {contactEmail} and we will help.
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
