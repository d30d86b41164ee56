import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  INVITATION_STATUSES,
  type InvitationStatus,
  type InvitationSummary,
  invitationActionResponseSchema,
  regenerateInvitationResponseSchema,
} from '../../../domain';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useInvitations } from '../../api/staff-console';
import { LoadMore, pagedListState } from '../../components/load-more';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { visuallyHidden } from '../../components/visually-hidden';
import { formatSubmittedAt } from './board/board-format';
import { CopyLinkField } from './invite/copy-link-field';
import { EmptyState, ListSkeleton, LoadError } from './invite/load-states';

const STATUS_LABELS: Record<InvitationStatus, string> = {
  valid: 'Valid',
  expired: 'Expired',
  used: 'Used',
  revoked: 'Revoked',
};

const STATUS_COLOURS = {
  valid: 'success',
  expired: 'warning',
  used: 'info',
  revoked: 'default',
} as const satisfies Record<InvitationStatus, string>;

function parseStatus(value: string | null): InvitationStatus | undefined {
  return INVITATION_STATUSES.find((status) => status === value);
}

/** A filter's chip: its name, and how many invitations it holds once the list has counted them. */
function chipLabel(option: InvitationStatus | undefined, counts: Record<string, number> | undefined): string {
  const label = option ? STATUS_LABELS[option] : 'All';
  if (!counts) return label;
  const count = option ? (counts[option] ?? 0) : Object.values(counts).reduce((sum, n) => sum + n, 0);
  return `${label} (${count})`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Regenerate and Revoke for one invitation; a used one has nothing left to do. */
function InvitationActions({ invitation }: { invitation: InvitationSummary }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.artistInvitations() });
  const regenerate = useMutation({
    mutationFn: () =>
      apiRequest(
        `/api/artist-invitations/${encodeURIComponent(invitation.itemId)}/regenerate`,
        regenerateInvitationResponseSchema,
        { method: 'POST' },
      ),
    onSuccess: () => void refresh(),
  });
  const revoke = useMutation({
    mutationFn: () =>
      apiRequest(
        `/api/artist-invitations/${encodeURIComponent(invitation.itemId)}/revoke`,
        invitationActionResponseSchema,
        { method: 'POST' },
      ),
    onSuccess: () => {
      setConfirming(false);
      void refresh();
    },
  });

  if (invitation.status === 'used') return null;
  const who = invitation.artistName;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          loading={regenerate.isPending}
          onClick={() => regenerate.mutate()}
          aria-label={`Regenerate link for ${who}`}
        >
          Regenerate link
        </Button>
        {invitation.status === 'valid' && (
          <Button
            size="small"
            color="error"
            onClick={() => setConfirming(true)}
            aria-label={`Revoke invitation for ${who}`}
          >
            Revoke
          </Button>
        )}
      </Stack>
      {regenerate.data && <CopyLinkField url={regenerate.data.invitationUrl} label="New invitation link" />}
      {regenerate.isError && <Alert severity="error">{errorMessage(regenerate.error)}</Alert>}
      {revoke.isError && !confirming && <Alert severity="error">{errorMessage(revoke.error)}</Alert>}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`revoke-${invitation.itemId}`}
      >
        <DialogTitle id={`revoke-${invitation.itemId}`}>Revoke this invitation?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The link sent to {who} ({invitation.email}) will stop working straight away.
          </DialogContentText>
          {revoke.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(revoke.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            loading={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            Revoke invitation
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationSummary }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, listStyle: 'none' }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3">
            {invitation.artistName}
          </Typography>
          <Chip
            size="small"
            label={STATUS_LABELS[invitation.status]}
            color={STATUS_COLOURS[invitation.status]}
          />
        </Stack>
        <Typography>
          {invitation.firstName} {invitation.surname} · {invitation.email}
        </Typography>
        {invitation.invitationReason && (
          <Typography sx={{ color: 'text.secondary' }}>Reason: {invitation.invitationReason}</Typography>
        )}
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
          <dt>Sent</dt>
          <dd style={{ margin: 0 }}>{formatSubmittedAt(invitation.createdAt)}</dd>
          <dt>Expires</dt>
          <dd style={{ margin: 0 }}>{formatSubmittedAt(invitation.expiresAt)}</dd>
          {invitation.usedAt && (
            <>
              <dt>Used</dt>
              <dd style={{ margin: 0 }}>
                {formatSubmittedAt(invitation.usedAt)}
                {invitation.submissionId && (
                  <>
                    {' · '}
                    <Link component={RouterLink} to={`/details/${invitation.submissionId}`}>
                      View submission
                    </Link>
                  </>
                )}
              </dd>
            </>
          )}
        </Box>
        <InvitationActions invitation={invitation} />
      </Stack>
    </Paper>
  );
}

/** Every invitation staff sent, filterable by status, with Regenerate and Revoke; a page at a time. */
export function InvitationsPage() {
  const [params] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const list = useInvitations(status);
  const invitations = list.data?.pages.flatMap((page) => page.invitations) ?? [];
  const counts = list.data?.pages[0]?.counts;

  let content: ReactNode;
  if (list.isPending) content = <ListSkeleton label="Loading invitations..." />;
  else if (list.isError && invitations.length === 0)
    content = (
      <LoadError onRetry={() => void list.refetch()}>
        The invitations could not be loaded: {list.error.message}
      </LoadError>
    );
  else if (invitations.length === 0)
    content = (
      <EmptyState
        title={status ? `No ${STATUS_LABELS[status].toLowerCase()} invitations` : 'No invitations yet'}
      >
        {status ? 'No invitation has this status right now.' : 'Invitations appear here once you create one.'}
      </EmptyState>
    );
  else
    content = (
      <>
        <Typography variant="h3" component="h2" sx={visuallyHidden}>
          {status ? `${STATUS_LABELS[status]} invitations` : 'All invitations'}
        </Typography>
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Invitations">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.itemId} invitation={invitation} />
          ))}
        </Stack>
        <LoadMore noun="invitations" list={pagedListState(list, invitations.length)} />
      </>
    );

  return (
    <StaffPage>
      <StaffPageHeader
        title="Invitations"
        actions={
          <Button component={RouterLink} to="/admin/invite" variant="contained">
            Invite an artist
          </Button>
        }
      >
        Every personal invitation link sent to an artist, newest first.
      </StaffPageHeader>
      <Stack
        component="nav"
        aria-label="Filter by status"
        direction="row"
        spacing={1}
        sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}
      >
        {[undefined, ...INVITATION_STATUSES].map((option) => (
          <Chip
            key={option ?? 'all'}
            component={RouterLink}
            to={option ? `/admin/invitations?status=${option}` : '/admin/invitations'}
            clickable
            label={chipLabel(option, counts)}
            color={option === status ? 'primary' : 'default'}
            aria-current={option === status ? 'page' : undefined}
          />
        ))}
      </Stack>
      {content}
    </StaffPage>
  );
}
