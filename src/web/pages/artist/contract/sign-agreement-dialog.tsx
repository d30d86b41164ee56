import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CONTRACT_MESSAGES } from '../../../../domain';
import { useContractPreview } from '../../../api/contracts';
import { AgreementText } from '../../../components/agreement-text';

function TemplatePreview() {
  const preview = useContractPreview(true);
  if (preview.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void preview.refetch()}>
            Retry
          </Button>
        }
      >
        {preview.error.message}
      </Alert>
    );
  }
  if (!preview.data) {
    return (
      <Box role="status" aria-label="Loading the agreement">
        <Skeleton variant="text" width="50%" height={32} />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="80%" />
      </Box>
    );
  }
  return (
    <Box
      component="section"
      aria-label={`Agreement text, version ${preview.data.version}`}
      // A focusable scroll box, so the keyboard can scroll a long agreement.
      tabIndex={0}
      sx={{
        maxHeight: { xs: '50vh', md: 360 },
        overflowY: 'auto',
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.default',
      }}
    >
      <AgreementText text={preview.data.text} headingLevel={3} />
    </Box>
  );
}

/**
 * 'Sign Your Artist Agreement' (spec 000 §2): the signing window opens from this click, so popup
 * blockers let it through; the agreement can be read here first.
 */
export function SignAgreementDialog({
  open,
  onOpenWindow,
  onCancel,
}: {
  open: boolean;
  onOpenWindow(): void;
  onCancel(): void;
}) {
  const [showTemplate, setShowTemplate] = useState(false);
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="md"
      fullWidth
      // The button that opened it is usually gone once it closes: the panel moves focus instead.
      disableRestoreFocus
      slotProps={{ transition: { onExited: () => setShowTemplate(false) } }}
    >
      <DialogTitle id={titleId}>{CONTRACT_MESSAGES.dialogTitle}</DialogTitle>
      <DialogContent>
        <Typography id={textId} sx={{ mb: 2 }}>
          Your agreement opens in a separate signing window. Read it there, agree to sign electronically, then
          type or draw your signature. Keep this page open: it updates as soon as you have signed.
        </Typography>
        {showTemplate && <TemplatePreview />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="outlined"
          aria-expanded={showTemplate}
          onClick={() => setShowTemplate((shown) => !shown)}
        >
          {showTemplate ? 'Hide Contract Template' : 'View Contract Template'}
        </Button>
        <Button variant="contained" onClick={onOpenWindow} endIcon={<OpenInNewIcon />} autoFocus>
          Open Signing Window
        </Button>
      </DialogActions>
    </Dialog>
  );
}
