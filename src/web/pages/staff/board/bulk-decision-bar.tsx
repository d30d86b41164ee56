import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { BoardRow } from '../../../../domain';
import { DialogLoading } from '../../../components/dialog-loading';
import type { BulkKind } from './bulk-decision-dialog';

// Loaded when first opened, not with the board (issue 17): templates, the message and the results.
const BulkDecisionDialog = lazy(async () => ({
  default: (await import('./bulk-decision-dialog')).BulkDecisionDialog,
}));

/**
 * What to do with the selected submissions (issue 20 §5): approve or decline them all with one
 * template (asking for changes is per field, so one submission at a time), or clear the selection.
 * The same bar serves the table on a wide screen and the cards on a phone (buttons 44 px high).
 * The dialog's code loads when it is first opened.
 */
export function BulkDecisionBar({
  rows,
  onClear,
  onDone,
}: {
  rows: BoardRow[];
  onClear(): void;
  onDone(doneIds: string[]): void;
}) {
  const [kind, setKind] = useState<BulkKind | null>(null);
  // The rows the dialog was opened for stay its rows while it shows the results.
  const [chosen, setChosen] = useState<BoardRow[]>([]);
  // Once opened it stays mounted, so it closes with its transition and keeps its results' state.
  const [used, setUsed] = useState(false);
  const open = (next: BulkKind) => {
    setChosen(rows);
    setKind(next);
    setUsed(true);
  };
  const button = { minHeight: 44 };
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Selected submissions"
      sx={{
        p: 1.5,
        mb: 2,
        // On a phone the cards are long: once some are selected the bar stays in view under the
        // top bar (64 px) while the reader scrolls through them.
        ...(rows.length > 0
          ? {
              position: { xs: 'sticky', md: 'static' },
              top: { xs: 72 },
              zIndex: 2,
              boxShadow: { xs: 3, md: 0 },
            }
          : {}),
      }}
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: rows.length > 0 ? 600 : 400, mr: 1 }} aria-live="polite">
          {rows.length > 0
            ? `${rows.length} selected`
            : 'Select submissions to approve or decline several at once.'}
        </Typography>
        <Button variant="contained" onClick={() => open('approve')} disabled={rows.length === 0} sx={button}>
          Approve selected…
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => open('decline')}
          disabled={rows.length === 0}
          sx={button}
        >
          Decline selected…
        </Button>
        {rows.length > 0 && (
          <Button onClick={onClear} sx={button}>
            Clear selection
          </Button>
        )}
      </Stack>
      {used && (
        <Suspense fallback={kind ? <DialogLoading label="Loading the decision..." /> : null}>
          <BulkDecisionDialog kind={kind} rows={chosen} onClose={() => setKind(null)} onDone={onDone} />
        </Suspense>
      )}
    </Paper>
  );
}
