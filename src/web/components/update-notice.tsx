import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';

export const UPDATE_AVAILABLE_TITLE = 'A new version is available';
export const UPDATE_WAITS_NOTE =
  'Reload when your upload or submission has finished and your changes are saved.';

/** How often the notice looks again whether an upload, a submission or unsaved changes remain. */
export const BUSY_POLL_MS = 1_000;

interface UpdateNoticeProps {
  /** True while reloading would lose something (an upload running, changes not saved). */
  isBusy: () => boolean;
  onReload: () => void;
  onDismiss: () => void;
}

/**
 * "A new version is available" with Reload. While an upload or a submission runs,
 * or changes are unsaved, Reload is disabled and a note says why: a reload would cancel the upload
 * or lose the changes, and an update must never do that. It comes back by itself when they are
 * done. Not now (or Escape) hides it for the rest of this page's life; the next page load runs the
 * new version anyway. Loaded only when an update waits (update-prompt.tsx).
 */
export default function UpdateNotice({ isBusy, onReload, onDismiss }: UpdateNoticeProps) {
  const [busy, setBusy] = useState(isBusy);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setBusy(isBusy()), BUSY_POLL_MS);
    return () => clearInterval(timer);
  }, [isBusy]);

  const reload = () => {
    // Asked again at the moment of the click: an upload may have started since the last look.
    if (isBusy()) {
      setBusy(true);
      return;
    }
    setReloading(true);
    onReload();
  };

  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown') onDismiss();
      }}
    >
      <Alert
        severity="info"
        variant="filled"
        role="status"
        sx={{ alignItems: 'center', maxWidth: 560 }}
        action={
          <>
            <Button color="inherit" size="small" onClick={onDismiss}>
              Not now
            </Button>
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              disabled={busy || reloading}
              onClick={reload}
              sx={{ ml: 1 }}
            >
              {reloading ? 'Reloading…' : 'Reload'}
            </Button>
          </>
        }
      >
        <AlertTitle sx={{ mb: busy ? 0.5 : 0 }}>{UPDATE_AVAILABLE_TITLE}</AlertTitle>
        {busy && UPDATE_WAITS_NOTE}
      </Alert>
    </Snackbar>
  );
}
