import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { BoardRow } from '../../../../domain';
import { DialogLoading } from '../../../components/dialog-loading';
import type { BulkKind } from './bulk-decision-dialog';

// Loaded when first opened, not with the board: templates, the message and the results.
const BulkDecisionDialog = lazy(async () => ({
  default: (await import('./bulk-decision-dialog')).BulkDecisionDialog,
}));

/**
 * What to do with the selected submissions: approve or decline them all with one
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
  const some = rows.length > 0;
  // 44 px targets on a phone; on a wide screen, with a pointer, the bar keeps to one slim line. On
  // a phone the buttons show once something is selected: until then they could do nothing.
  const button = {
    minHeight: { xs: 44, md: 32 },
    display: { xs: some ? 'inline-flex' : 'none', md: 'inline-flex' },
  };
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Selected submissions"
      sx={{
        px: 1.5,
        py: { xs: 1, md: 0.5 },
        mb: 1.5,
        // On a phone the cards are long: once some are selected the bar stays in view under the
        // top bar (64 px) while the reader scrolls through them.
        ...(some
          ? {
              position: { xs: 'sticky', md: 'static' },
              top: { xs: 72 },
              zIndex: 2,
              boxShadow: { xs: 3, md: 0 },
            }
          : {}),
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: some ? 600 : 400, color: some ? 'text.primary' : 'text.secondary', mr: 1 }}
          aria-live="polite"
        >
          {some ? `${rows.length} selected` : 'Select submissions to approve or decline several at once.'}
        </Typography>
        <Button variant="contained" size="small" onClick={() => open('approve')} disabled={!some} sx={button}>
          Approve selected…
        </Button>
        <Button
          variant="contained"
          color="error"
          size="small"
          onClick={() => open('decline')}
          disabled={!some}
          sx={button}
        >
          Decline selected…
        </Button>
        {some && (
          <Button size="small" onClick={onClear} sx={button}>
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
