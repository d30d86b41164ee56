import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import {
  type ArtistErasure,
  confirmsErasureOf,
  DATA_REQUEST_MESSAGES,
  describeErasedFiles,
  ERASURE_REASON_MAX_LENGTH,
  eraseArtistBodySchema,
  type StaffArtist,
} from '../../../../domain';
import { useEraseArtist } from '../../../api/data-requests';
import { PanelSection } from '../../../components/panel-section';
import { formatSubmittedAt } from '../board/board-format';

interface Problems {
  reason?: string | undefined;
  confirm?: string | undefined;
}

/** The domain's rules for the dialog's two fields (the server checks the same), per field. */
export function checkErasure(reason: string, confirm: string, email: string): Problems {
  const parsed = eraseArtistBodySchema.safeParse({ reason, confirm });
  const problems: Problems = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'reason' || field === 'confirm') && !problems[field]) problems[field] = issue.message;
  }
  if (!problems.confirm && !confirmsErasureOf(confirm, email))
    problems.confirm = DATA_REQUEST_MESSAGES.confirmMismatch;
  return problems;
}

/** What an erasure does, said before staff confirm it. */
const CONSEQUENCES = [
  'Their name, e-mail, phone, biography, links and profile picture are removed from the profile, their submissions and every record that named them.',
  'Their uploaded audio, artwork, clips and image variants are deleted from storage. This cannot be undone.',
  'They are signed out, and their address can no longer sign in to this account.',
  'Signed agreements, release schedules and their audit trail are kept as signed: the law and the agreement require them.',
  'The submissions stay on the board as “Erased artist”, with their decisions, for the label’s records.',
];

/**
 * The erasure's confirmation: why (kept with the record), and the artist's address typed out, so
 * the wrong artist cannot be erased by a slip. Errors are shown in words, at their field or, from
 * the server, above the buttons.
 */
export function EraseArtistDialog({
  artist,
  onClose,
  onErased,
}: {
  artist: Pick<StaffArtist, 'artistId' | 'email' | 'artistName' | 'name'>;
  onClose(): void;
  onErased(message: string): void;
}) {
  const erase = useEraseArtist(artist.artistId);
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const titleId = useId();
  const formId = useId();
  const consequencesId = useId();
  const who = artist.artistName || artist.name || artist.email;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (erase.isPending) return;
    const found = checkErasure(reason, confirm, artist.email);
    setProblems(found);
    if (found.reason || found.confirm) return;
    erase.mutate(
      { reason: reason.trim(), confirm: confirm.trim() },
      { onSuccess: (answer) => onErased(answer.message) },
    );
  }

  return (
    <Dialog
      open
      onClose={erase.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={consequencesId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Erase {who}?</DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2.5} sx={{ pt: 1 }}>
          <Box id={consequencesId}>
            <Typography sx={{ mb: 1 }}>Erasing this artist’s personal data:</Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {CONSEQUENCES.map((line) => (
                <Typography component="li" key={line} variant="body2" sx={{ mb: 0.5 }}>
                  {line}
                </Typography>
              ))}
            </Box>
          </Box>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            error={Boolean(problems.reason)}
            helperText={
              problems.reason ??
              `Kept with the record, e.g. “Asked by e-mail on 2 May”. No names. ${reason.trim().length}/${ERASURE_REASON_MAX_LENGTH}`
            }
            slotProps={{ htmlInput: { maxLength: ERASURE_REASON_MAX_LENGTH } }}
            disabled={erase.isPending}
            autoFocus
            fullWidth
          />
          <TextField
            label={`Type ${artist.email} to confirm`}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            required
            autoComplete="off"
            error={Boolean(problems.confirm)}
            helperText={problems.confirm ?? 'The artist’s e-mail address, exactly as shown.'}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            disabled={erase.isPending}
            fullWidth
          />
          {erase.isError && (
            <Alert severity="error" role="alert">
              {erase.error.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={erase.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" color="error" loading={erase.isPending}>
          Erase artist
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The staff artist page's danger action: opens the dialog, then says what happened. */
export function EraseArtistSection({ artist }: { artist: StaffArtist }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <PanelSection title="Personal data">
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            When the artist asks to have their data erased (the privacy policy answers within 30 days), erase
            it here. Signed agreements and their audit trail are kept.
          </Typography>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteForeverIcon aria-hidden="true" />}
            onClick={() => setOpen(true)}
          >
            Erase artist…
          </Button>
        </Stack>
      )}
      {open && (
        <EraseArtistDialog
          artist={artist}
          onClose={() => setOpen(false)}
          onErased={(message) => {
            setOpen(false);
            setDone(message);
          }}
        />
      )}
    </PanelSection>
  );
}

/** An erased artist's page says so at the top: when, by whom, why, and where the files stand. */
export function ErasureNotice({ erasure }: { erasure: ArtistErasure }) {
  return (
    // A status: right after an erasure, this is what says it happened.
    <Alert severity="warning" variant="outlined" role="status">
      <AlertTitle>Personal data erased</AlertTitle>
      <Typography variant="body2">
        Erased {formatSubmittedAt(erasure.erasedAt)}
        {erasure.erasedBy ? ` by ${erasure.erasedBy}` : ''}. Reason: {erasure.reason}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {describeErasedFiles(erasure.files)} Signed agreements and their audit trail are kept.
      </Typography>
    </Alert>
  );
}
