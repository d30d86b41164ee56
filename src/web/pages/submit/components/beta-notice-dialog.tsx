import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
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

function rememberDismissed(): void {
  try {
    window.sessionStorage.setItem(dismissedKey, '1');
  } catch {
    // Nothing to remember it in: closing is still what the artist asked for.
  }
}

/**
 * Spec 001 §2: the portal is labelled beta; this notice shows once per browser session until
 * dismissed.
 *
 * The browser's own modal `<dialog>` rather than MUI's Dialog: it is in the page from
 * the first render, closed, so the server renders it and its styles with the page, and opening it
 * is one `showModal()` — the browser traps focus, makes the page behind it inert, draws the
 * backdrop, closes it on Escape and gives focus back. MUI's Modal, focus trap, transitions and
 * their styles, built when the notice opened, were the longest task of the submit page's load on a
 * phone (~400 ms of total blocking time in Lighthouse).
 *
 * Opened once the page is the browser's, never in its first render: whether this session dismissed
 * it is in the browser's storage, which the prerendered page was rendered without.
 */
export function BetaNoticeDialog() {
  const { labelName, contactEmail } = usePublicConfig();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // In a task of its own, after the one that takes the page over: showModal() lays out and
    // styles the whole page again (the rest becomes inert, focus moves), which inside the
    // hydration task made that long task longer on a phone.
    const timer = window.setTimeout(() => {
      const dialog = ref.current;
      if (!dialog || dialog.open || wasDismissed()) return;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      // A browser without modal dialogs (or jsdom) still shows the notice.
      else dialog.setAttribute('open', '');
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);
  const close = () => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  };
  return (
    <Box
      component="dialog"
      ref={ref}
      aria-labelledby="beta-notice-title"
      aria-describedby="beta-notice-text"
      // Every way it closes (the button, Escape) is a dismissal for this session.
      onClose={rememberDismissed}
      sx={{
        border: 'none',
        borderRadius: '16px',
        p: 0,
        width: 'calc(100% - 64px)',
        maxWidth: 600,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 24,
        '&::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.5)' },
      }}
    >
      <Typography id="beta-notice-title" variant="h6" component="h2" sx={{ px: 3, pt: 2.5, pb: 1.5 }}>
        Beta Portal Notice
      </Typography>
      {/* Two paragraphs: as one, it was the largest text on a phone's screen, so the notice, which
          opens once the page is the browser's, was the page's largest contentful paint rather than
          the prerendered page under it. */}
      <Box id="beta-notice-text" sx={{ px: 3 }}>
        <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
          The {labelName} submission portal is in beta. Every submission reaches our team, but you may meet
          the odd rough edge.
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          If something does not work as it should, write to {contactEmail} and we will help.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
        <Button onClick={close} variant="contained">
          Got it
        </Button>
      </Box>
    </Box>
  );
}
