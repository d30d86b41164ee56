import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { BoardRow } from '../../../../domain';
import { BulkDecisionDialog, type BulkKind } from './bulk-decision-dialog';

/**
 * What to do with the selected submissions (issue 20 §5): approve or decline them all with one
 * template (asking for changes is per field, so one submission at a time), or clear the selection.
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
  const open = (next: BulkKind) => {
    setChosen(rows);
    setKind(next);
  };
  return (
    <Paper variant="outlined" role="region" aria-label="Selected submissions" sx={{ p: 1.5, mb: 2 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: rows.length > 0 ? 600 : 400, mr: 1 }} aria-live="polite">
          {rows.length > 0
            ? `${rows.length} selected`
            : 'Select submissions to approve or decline several at once.'}
        </Typography>
        <Button variant="contained" onClick={() => open('approve')} disabled={rows.length === 0}>
          Approve selected…
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => open('decline')}
          disabled={rows.length === 0}
        >
          Decline selected…
        </Button>
        {rows.length > 0 && <Button onClick={onClear}>Clear selection</Button>}
      </Stack>
      <BulkDecisionDialog kind={kind} rows={chosen} onClose={() => setKind(null)} onDone={onDone} />
    </Paper>
  );
}
