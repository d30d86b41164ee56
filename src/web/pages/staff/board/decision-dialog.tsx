import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { DECISION_STATUSES, type DecisionKind, getDecisionLabel, getStatusLabel } from '../../../../domain';
import { useBoardItem } from '../../../api/board';
import { StatusChip } from '../../../components/status-chip';
import { ChangeStatusPanel } from './change-status-panel';
import { RequestChangesPanel } from './request-changes-panel';

export interface DecisionTarget {
  itemId: string;
  kind: DecisionKind;
  /** What the row showed, for the title while the submission loads. */
  artistName: string;
  releaseTitle: string;
}

/**
 * A decision taken from the board with a key (a approve, c request changes, d
 * decline): the submission's own decision panels, as on its details page, in a dialog. Approving
 * and declining open the status change with that status chosen and its templates offered; asking
 * for changes opens the fields to mark. The dialog closes once the decision is sent.
 */
export function DecisionDialog({ target, onClose }: { target: DecisionTarget | null; onClose(): void }) {
  const titleId = useId();
  const item = useBoardItem(target?.itemId);
  const kind = target?.kind ?? 'approve';
  const label = getDecisionLabel(kind);
  const detail = item.data?.itemId === target?.itemId ? item.data : undefined;
  const status = DECISION_STATUSES[kind];
  const offered =
    detail && (kind === 'request_changes' ? detail.canRequestChanges : detail.nextStatuses.includes(status));

  let body: React.ReactNode;
  if (!target) body = null;
  else if (item.isError) {
    body = (
      <Alert severity="error" role="alert">
        The submission could not be loaded: {item.error.message}
      </Alert>
    );
  } else if (!detail) {
    body = (
      <Stack spacing={1} role="status" aria-label="Loading the submission">
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <StatusChip status={detail.status} />
          <Link component={RouterLink} to={`/details/${encodeURIComponent(detail.itemId)}`}>
            Open the whole submission
          </Link>
        </Stack>
        {!offered && (
          <Alert severity="info">
            {kind === 'request_changes'
              ? `Changes cannot be requested for a submission that is ${getStatusLabel(detail.status)}.`
              : `A submission that is ${getStatusLabel(detail.status)} cannot be set to ${getStatusLabel(status)}.`}
          </Alert>
        )}
        {kind === 'request_changes' ? (
          <RequestChangesPanel item={detail} startOpen={Boolean(offered)} onSent={onClose} />
        ) : (
          <ChangeStatusPanel item={detail} initialStatus={offered ? status : undefined} onChanged={onClose} />
        )}
      </Stack>
    );
  }

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={kind === 'request_changes' ? 'lg' : 'md'}
      scroll="body"
    >
      <DialogTitle id={titleId}>
        {label}: {target?.releaseTitle || 'Untitled'}
        <Typography component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {target?.artistName || 'Unknown artist'}
        </Typography>
      </DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
