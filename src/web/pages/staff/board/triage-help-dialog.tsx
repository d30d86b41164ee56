import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { TRIAGE_KEYS } from './triage-keys';

/** The keyboard triage's keys, shown by ? or the board's "Keyboard shortcuts" button. */
export function TriageHelpDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          On the board's list (not while typing in a field, nor while a dialog is open):
        </Typography>
        <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
          Keyboard triage works on a computer's screen, where the board is a list. On a phone the board shows
          cards: tick several and approve or decline them together from the bar above them.
        </Typography>
        <Table size="small" aria-label="Keyboard shortcuts">
          <TableHead>
            <TableRow>
              <TableCell>Key</TableCell>
              <TableCell>What it does</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {TRIAGE_KEYS.map((entry) => (
              <TableRow key={entry.action}>
                <TableCell>
                  <kbd>{entry.keys}</kbd>
                </TableCell>
                <TableCell>{entry.label}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
