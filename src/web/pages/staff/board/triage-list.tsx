import KeyboardIcon from '@mui/icons-material/Keyboard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { type BoardRow, DELIVERY_STATE_LABELS, getStatusLabel } from '../../../../domain';
import { DialogLoading } from '../../../components/dialog-loading';
import { visuallyHidden } from '../../../components/visually-hidden';
import { releaseTitleOf } from './board-format';
import type { DecisionTarget } from './decision-dialog';
import { usePreviewPlayer } from './preview-player';
import type { TriageAction } from './triage-keys';
import { TriageTable } from './triage-table';
import { useTriageKeys } from './use-triage-keys';

// The dialogs load when first opened, not with the board: the decision panels (with
// the templates and the fields to mark) and the list of keys are no part of the first paint.
const DecisionDialog = lazy(async () => ({ default: (await import('./decision-dialog')).DecisionDialog }));
const TriageHelpDialog = lazy(async () => ({
  default: (await import('./triage-help-dialog')).TriageHelpDialog,
}));

const DECISION_OF: Partial<Record<TriageAction, DecisionTarget['kind']>> = {
  approve: 'approve',
  changes: 'request_changes',
  decline: 'decline',
};

/** The button that lists the board's keys; the page puts it in its header, beside the title. */
export function KeyboardShortcutsButton({ onClick }: { onClick(): void }) {
  return (
    <Button size="small" startIcon={<KeyboardIcon />} onClick={onClick} aria-keyshortcuts="?">
      Keyboard shortcuts
    </Button>
  );
}

/**
 * The board's list with keyboard triage: j/k move through the submissions, space
 * plays or pauses the current one's preview, a, c and d open its decision (with the templates), ?
 * lists the keys (as does `KeyboardShortcutsButton`: `help` is the page's, which shows that button).
 * Where the current row is, is announced to screen readers as it moves.
 */
export function TriageList({
  rows,
  selected,
  onSelectedChange,
  help,
  onHelpChange,
}: {
  rows: BoardRow[];
  selected: ReadonlySet<string>;
  onSelectedChange(next: Set<string>): void;
  help: boolean;
  onHelpChange(open: boolean): void;
}) {
  const player = usePreviewPlayer();
  const [current, setCurrent] = useState(-1);
  const [decision, setDecision] = useState<DecisionTarget | null>(null);
  // Which dialogs were opened once: they stay mounted, so they close with their transition.
  const [used, setUsed] = useState({ decision: false, help: false });
  if (help && !used.help) setUsed((was) => ({ ...was, help: true }));
  const row: BoardRow | undefined = rows[current];
  const openHelp = () => onHelpChange(true);

  function act(action: TriageAction) {
    if (action === 'help') {
      openHelp();
      return;
    }
    if (action === 'next' || action === 'previous') {
      if (rows.length === 0) return;
      const step = action === 'next' ? 1 : -1;
      setCurrent((index) => (index < 0 ? 0 : Math.max(0, Math.min(rows.length - 1, index + step))));
      return;
    }
    // The other keys act on the current row; before j, on the first.
    const target = row ?? rows[0];
    if (!target) return;
    if (!row) setCurrent(0);
    if (action === 'play') {
      if (target.preview) player.toggle(target.itemId, target.preview.url);
      return;
    }
    const kind = DECISION_OF[action];
    if (kind) {
      setUsed((was) => ({ ...was, decision: true }));
      setDecision({
        itemId: target.itemId,
        kind,
        artistName: target.artistName,
        releaseTitle: releaseTitleOf(target),
      });
    }
  }

  useTriageKeys({ enabled: true, dialogOpen: decision !== null || help, onAction: act });

  return (
    <>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {row
          ? `${current + 1} of ${rows.length}: ${releaseTitleOf(row)} by ${row.artistName || 'an unknown artist'}, ${getStatusLabel(row.status)}${row.deliveryState ? `, ${DELIVERY_STATE_LABELS[row.deliveryState]}` : ''}`
          : ''}
      </Box>
      <TriageTable
        rows={rows}
        current={current}
        onCurrentChange={setCurrent}
        selected={selected}
        onSelectedChange={onSelectedChange}
      />
      {rows.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Press <kbd>j</kbd> and <kbd>k</kbd> to move through the list, <kbd>?</kbd> for every key.
        </Typography>
      )}
      {used.decision && (
        <Suspense fallback={decision ? <DialogLoading label="Loading the decision..." /> : null}>
          <DecisionDialog target={decision} onClose={() => setDecision(null)} />
        </Suspense>
      )}
      {used.help && (
        <Suspense fallback={help ? <DialogLoading /> : null}>
          <TriageHelpDialog open={help} onClose={() => onHelpChange(false)} />
        </Suspense>
      )}
    </>
  );
}
