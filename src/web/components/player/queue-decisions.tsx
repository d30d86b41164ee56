import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { BoardItemDetail } from '../../../domain';
import { queryKeys } from '../../api/query-keys';
import type { DecisionTarget } from '../../pages/staff/board/decision-dialog';
import type { TriageAction } from '../../pages/staff/board/triage-keys';
import { useTriageKeys } from '../../pages/staff/board/use-triage-keys';
import { DialogLoading } from '../dialog-loading';
import type { PlayerDetails } from './use-player';

// The board's own decision panels and its list of keys, loaded when first opened: no part of the player's first paint.
const DecisionDialog = lazy(async () => ({
  default: (await import('../../pages/staff/board/decision-dialog')).DecisionDialog,
}));
const TriageHelpDialog = lazy(async () => ({
  default: (await import('../../pages/staff/board/triage-help-dialog')).TriageHelpDialog,
}));

const DECISIONS: {
  kind: DecisionTarget['kind'];
  label: string;
  key: string;
  color: 'primary' | 'error' | 'inherit';
}[] = [
  { kind: 'approve', label: 'Approve', key: 'a', color: 'primary' },
  { kind: 'decline', label: 'Decline', key: 'd', color: 'error' },
  { kind: 'request_changes', label: 'Request changes', key: 'c', color: 'inherit' },
];

const DECISION_OF: Partial<Record<TriageAction, DecisionTarget['kind']>> = {
  approve: 'approve',
  changes: 'request_changes',
  decline: 'decline',
};

/**
 * The listening queue's decisions: approve, decline (each with the decision templates) and request
 * changes, through the board's own decision dialog, by button or by the board's keys (j/k next and
 * previous, space play or pause, a/d/c decide, ? the keys), which act on the queue while it is
 * loaded. Once a decision is sent the submission leaves the queue and the next one plays.
 */
export function QueueDecisions({ player }: { player: PlayerDetails }) {
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<DecisionTarget | null>(null);
  const [help, setHelp] = useState(false);
  const [used, setUsed] = useState({ decision: false, help: false });
  const current = player.current;

  const decide = (kind: DecisionTarget['kind']) => {
    if (!current) return;
    setUsed((was) => ({ ...was, decision: true }));
    setDecision({
      itemId: current.submissionId,
      kind,
      artistName: current.artistName,
      releaseTitle: current.releaseTitle,
    });
  };

  const close = () => {
    const target = decision;
    setDecision(null);
    if (!target) return;
    // The dialog closes both when a decision is sent and when it is dismissed: the submission as
    // the decision left it (the answer replaces the cached one) says which.
    const item = queryClient.getQueryData<BoardItemDetail>(queryKeys.boardItem(target.itemId));
    if (item && item.status !== 'pending') player.advancePast(target.itemId);
  };

  // While the queue is loaded the board's keys act on it, ahead of the board's own listener.
  useTriageKeys({
    enabled: true,
    first: true,
    dialogOpen: decision !== null || help,
    onAction(action) {
      if (action === 'next') player.playAt(player.index + 1);
      else if (action === 'previous') player.playAt(player.index - 1);
      else if (action === 'play') player.toggle();
      else if (action === 'help') {
        setUsed((was) => ({ ...was, help: true }));
        setHelp(true);
      } else {
        const kind = DECISION_OF[action];
        if (kind) decide(kind);
      }
    },
  });

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', pb: 1, pt: 0.5 }}
        role="group"
        aria-label="Decision on this submission"
      >
        {DECISIONS.map((option) => (
          <Button
            key={option.kind}
            size="small"
            variant="outlined"
            color={option.color}
            onClick={() => decide(option.kind)}
            aria-keyshortcuts={option.key}
            sx={{ minHeight: 40 }}
          >
            {option.label}…
          </Button>
        ))}
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary', display: { xs: 'none', md: 'block' }, ml: 1 }}
        >
          Keys: <kbd>j</kbd>/<kbd>k</kbd> next and previous, <kbd>Space</kbd> play or pause, <kbd>a</kbd>{' '}
          <kbd>d</kbd> <kbd>c</kbd> decide, <kbd>?</kbd> all keys
        </Typography>
      </Stack>
      {used.decision && (
        <Suspense fallback={decision ? <DialogLoading label="Loading the decision..." /> : null}>
          <DecisionDialog target={decision} onClose={close} />
        </Suspense>
      )}
      {used.help && (
        <Suspense fallback={help ? <DialogLoading /> : null}>
          <TriageHelpDialog open={help} onClose={() => setHelp(false)} />
        </Suspense>
      )}
    </>
  );
}
