import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { StaffWaitingListEntry } from '../../../domain';
import { queryKeys } from '../../api/query-keys';
import { useWaitingList } from '../../api/staff-console';
import { LoadMore, pagedListState } from '../../components/load-more';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { visuallyHidden } from '../../components/visually-hidden';
import { formatSubmittedAt } from './board/board-format';
import { CopyLinkField } from './invite/copy-link-field';
import { createInvitation, invitationErrorText } from './invite/invitation-api';
import { EmptyState, ListSkeleton, LoadError } from './invite/load-states';

/** An entry's Invite button: creates an invitation from it, then shows the link to send. */
function InviteFromEntry({ entry }: { entry: StaffWaitingListEntry }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () =>
      createInvitation({
        artistName: entry.artistName,
        firstName: entry.firstName,
        surname: entry.surname,
        email: entry.email,
        waitingListEntryId: entry.id,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.artistInvitations() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitingList });
    },
  });

  if (mutation.data) {
    return (
      <Stack spacing={1}>
        <Chip label="Invited" color="success" size="small" sx={{ alignSelf: 'flex-start' }} />
        {mutation.data.invitationUrl && <CopyLinkField url={mutation.data.invitationUrl} />}
      </Stack>
    );
  }
  if (entry.invitationId) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip label="Invited" color="success" size="small" />
        <Link component={RouterLink} to="/admin/invitations" variant="body2">
          See invitations
        </Link>
      </Stack>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        size="small"
        loading={mutation.isPending}
        onClick={() => mutation.mutate()}
        aria-label={`Invite ${entry.artistName}`}
      >
        Invite
      </Button>
      {mutation.isError && (
        <Alert severity="error" role="alert">
          {invitationErrorText(mutation.error)}
        </Alert>
      )}
    </Stack>
  );
}

function EntryCard({ entry }: { entry: StaffWaitingListEntry }) {
  const location = [entry.city, entry.country].filter(Boolean).join(', ');
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, listStyle: 'none' }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h3">
          {entry.artistName}
        </Typography>
        <Typography>
          {entry.firstName} {entry.surname} · <Link href={`mailto:${entry.email}`}>{entry.email}</Link>
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{location}</Typography>
        <Link
          href={entry.listenLink}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ alignSelf: 'flex-start' }}
        >
          Listen <OpenInNewIcon fontSize="inherit" aria-hidden="true" />
          <Box component="span" sx={visuallyHidden}>
            (opens in a new tab)
          </Box>
        </Link>
        {entry.projectDescription && (
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{entry.projectDescription}</Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Joined {formatSubmittedAt(entry.createdAt)}
        </Typography>
        <InviteFromEntry entry={entry} />
      </Stack>
    </Paper>
  );
}

/** The waiting list: artists who asked to join while submissions were closed, a page at a time. */
export function WaitingListPage() {
  const list = useWaitingList();
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];
  const total = Math.max(list.data?.pages[0]?.total ?? 0, entries.length);

  let content: ReactNode;
  if (list.isPending) content = <ListSkeleton label="Loading the waiting list..." />;
  else if (list.isError && entries.length === 0)
    content = (
      <LoadError onRetry={() => void list.refetch()}>
        The waiting list could not be loaded: {list.error.message}
      </LoadError>
    );
  else if (entries.length === 0)
    content = (
      <EmptyState title="Nobody on the waiting list">
        Artists appear here when they join while submissions are closed.
      </EmptyState>
    );
  else
    content = (
      <>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {total === 1 ? '1 artist waiting' : `${total} artists waiting`}
        </Typography>
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Waiting list entries">
          {entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} />
          ))}
        </Stack>
        <LoadMore noun="entries" list={pagedListState(list, entries.length)} />
      </>
    );

  return (
    <StaffPage>
      <StaffPageHeader title="Waiting list">
        Artists who joined the waiting list, newest first. Invite one to send them a personal submission link.
      </StaffPageHeader>
      {content}
    </StaffPage>
  );
}
