import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  ARTIST_NOT_FOUND,
  type BoardItemSummary,
  changeReturningLinkExpiryResponseSchema,
  checkReturningLinkLastDay,
  createReturningLinkResponseSchema,
  getReturningLinkExpiry,
  invitationActionResponseSchema,
  type ReturningLinkSummary,
  returningLinkListResponseSchema,
  type StaffArtist,
  staffArtistResponseSchema,
} from '../../../domain';
import { isBoardItemId } from '../../api/board';
import { ApiError, apiGet, apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useStaffArtistSubmissions } from '../../api/staff-console';
import { LoadMore, pagedListState } from '../../components/load-more';
import { PanelSection } from '../../components/panel-section';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { StatusChip } from '../../components/status-chip';
import { ArtistAgreements } from './agreement/artist-agreements';
import { EraseArtistSection, ErasureNotice } from './artist/erase-artist';
import { BOARD_PATH, formatSubmittedAt, releaseTitleOf } from './board/board-format';
import { ExternalLink, InfoList, InfoRow, RecordNotFound } from './board/detail-parts';
import { CopyLinkField } from './invite/copy-link-field';
import { ListSkeleton, LoadError } from './invite/load-states';
import { LastDayForm, utcToday } from './last-day-form';

const LINK_STATUS_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;
const LINK_STATUS_COLOURS = { active: 'success', expired: 'warning', revoked: 'default' } as const;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function Profile({ artist }: { artist: StaffArtist }) {
  const url = (value: string | undefined) => (value ? <ExternalLink href={value} /> : '');
  return (
    <InfoList>
      <InfoRow label="Artist name">{artist.artistName}</InfoRow>
      <InfoRow label="Name">{artist.name}</InfoRow>
      <InfoRow label="E-mail">
        <a href={`mailto:${artist.email}`}>{artist.email}</a>
      </InfoRow>
      <InfoRow label="Location">{[artist.city, artist.country].filter(Boolean).join(', ')}</InfoRow>
      <InfoRow label="Nationality">{artist.nationality}</InfoRow>
      <InfoRow label="Biography">{artist.biography}</InfoRow>
      <InfoRow label="Spotify">{url(artist.spotifyProfile)}</InfoRow>
      <InfoRow label="Apple Music">{url(artist.appleMusicProfile)}</InfoRow>
      <InfoRow label="SoundCloud">{url(artist.soundcloudProfile)}</InfoRow>
      <InfoRow label="Instagram">{url(artist.instagramProfile)}</InfoRow>
      <InfoRow label="TikTok">{url(artist.tiktokProfile)}</InfoRow>
      <InfoRow label="Website">{url(artist.website)}</InfoRow>
      <InfoRow label="PPL ID">{artist.pplId}</InfoRow>
      <InfoRow label="PRS ID">{artist.prsId}</InfoRow>
      <InfoRow label="Artist since">{formatSubmittedAt(artist.createdAt)}</InfoRow>
    </InfoList>
  );
}

/** One submission, with the way to issue a returning-artist link from it. */
function SubmissionRow({ item, artistId }: { item: BoardItemSummary; artistId: string }) {
  const queryClient = useQueryClient();
  const issue = useMutation({
    mutationFn: () =>
      apiRequest(
        `/api/board/items/${encodeURIComponent(item.itemId)}/returning-link`,
        createReturningLinkResponseSchema,
        { method: 'POST' },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.returningLinks(artistId) }),
  });
  const title = releaseTitleOf(item);
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <StatusChip status={item.status} />
        <Link component={RouterLink} to={`/details/${item.itemId}`} sx={{ fontWeight: 600 }}>
          {title}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          Submitted {formatSubmittedAt(item.createdAt)}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          loading={issue.isPending}
          onClick={() => issue.mutate()}
          aria-label={`Issue link from ${title}`}
        >
          Issue link
        </Button>
      </Stack>
      {issue.data && (
        <Box sx={{ mt: 1 }}>
          <CopyLinkField url={issue.data.url} label="Returning-artist link" />
        </Box>
      )}
      {issue.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(issue.error)}
        </Alert>
      )}
    </Box>
  );
}

function ReturningLinkRow({ link, artistId }: { link: ReturningLinkSummary; artistId: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const revoke = useMutation({
    mutationFn: () =>
      apiRequest(
        `/api/returning-links/${encodeURIComponent(link.linkId)}/revoke`,
        invitationActionResponseSchema,
        {
          method: 'POST',
        },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.returningLinks(artistId) }),
  });
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Chip size="small" label={LINK_STATUS_LABELS[link.status]} color={LINK_STATUS_COLOURS[link.status]} />
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          Issued {formatSubmittedAt(link.createdAt)} · {link.status === 'expired' ? 'expired' : 'expires'}{' '}
          {formatSubmittedAt(link.expiresAt)} · used{' '}
          {link.usageCount === 1 ? 'once' : `${link.usageCount} times`}
          {link.lastUsedAt ? ` (last ${formatSubmittedAt(link.lastUsedAt)})` : ''}
        </Typography>
        {link.status !== 'revoked' && !editing && (
          <Button size="small" onClick={() => setEditing(true)}>
            Change expiry
          </Button>
        )}
        {link.status === 'active' && (
          <Button size="small" color="error" loading={revoke.isPending} onClick={() => revoke.mutate()}>
            Revoke
          </Button>
        )}
      </Stack>
      {editing && (
        <LastDayForm
          label="Last day the link works (UTC)"
          expiresAt={link.expiresAt}
          check={checkReturningLinkLastDay}
          maxDate={getReturningLinkExpiry(utcToday())}
          helperText="A day in the past ends the link now; at most 365 days from today."
          onSubmit={async (lastDay) => {
            await apiRequest(
              `/api/returning-links/${encodeURIComponent(link.linkId)}/expiry`,
              changeReturningLinkExpiryResponseSchema,
              { method: 'POST', body: { lastDay } },
            );
            await queryClient.invalidateQueries({ queryKey: queryKeys.returningLinks(artistId) });
          }}
          onDone={() => setEditing(false)}
        />
      )}
      {revoke.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(revoke.error)}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The artist's submissions, newest first, a page at a time. "Load more" is a button only: the
 * page goes on below the list (links, invitations), which loading by scrolling would push away.
 */
function Submissions({ artistId }: { artistId: string }) {
  const submissions = useStaffArtistSubmissions(artistId);
  const items = submissions.data?.pages.flatMap((page) => page.items) ?? [];
  if (submissions.isPending) return <ListSkeleton label="Loading submissions..." />;
  if (submissions.isError && items.length === 0)
    return (
      <LoadError onRetry={() => void submissions.refetch()}>
        The submissions could not be loaded: {submissions.error.message}
      </LoadError>
    );
  if (items.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>No submissions yet.</Typography>;
  return (
    <>
      <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Submissions">
        {items.map((item) => (
          <SubmissionRow key={item.itemId} item={item} artistId={artistId} />
        ))}
      </Box>
      <LoadMore noun="submissions" autoLoad={false} list={pagedListState(submissions, items.length)} />
    </>
  );
}

function ReturningLinks({ artist }: { artist: StaffArtist }) {
  // The same query as the submissions list above (one request): whether there is one to issue from.
  const submissions = useStaffArtistSubmissions(artist.artistId);
  const submissionCount = submissions.data?.pages[0]?.total;
  const links = useQuery({
    queryKey: queryKeys.returningLinks(artist.artistId),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/artists/${encodeURIComponent(artist.artistId)}/returning-links`,
        returningLinkListResponseSchema,
        signal,
      ),
  });
  if (links.isPending) return <ListSkeleton label="Loading returning-artist links..." />;
  if (links.isError)
    return (
      <LoadError onRetry={() => void links.refetch()}>
        The returning-artist links could not be loaded: {links.error.message}
      </LoadError>
    );
  return (
    <>
      {links.data.links.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          No returning-artist link yet.
          {submissionCount === undefined
            ? ''
            : submissionCount > 0
              ? ' Issue one from a submission above.'
              : ' A link is issued from a submission, and this artist has none yet.'}
        </Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Returning-artist links">
          {links.data.links.map((link) => (
            <ReturningLinkRow key={link.linkId} link={link} artistId={artist.artistId} />
          ))}
        </Box>
      )}
    </>
  );
}

function ArtistView({ artist }: { artist: StaffArtist }) {
  const title = artist.artistName || artist.name || artist.email;
  return (
    <Stack spacing={3}>
      <StaffPageHeader title={title}>{artist.email}</StaffPageHeader>
      {artist.erasure && <ErasureNotice erasure={artist.erasure} />}
      <PanelSection title="Profile">
        <Box sx={{ mb: 2 }}>
          <Typography id="artist-completion" variant="body2" sx={{ mb: 0.5 }}>
            Profile {artist.completion}% complete
          </Typography>
          <LinearProgress
            variant="determinate"
            value={artist.completion}
            aria-labelledby="artist-completion"
          />
        </Box>
        <Profile artist={artist} />
      </PanelSection>
      <PanelSection title="Agreement">
        <ArtistAgreements artistId={artist.artistId} />
      </PanelSection>
      <PanelSection title="Submissions">
        <Submissions artistId={artist.artistId} />
      </PanelSection>
      <PanelSection title="Returning-artist links">
        <ReturningLinks artist={artist} />
      </PanelSection>
      {artist.invitations.length > 0 && (
        <PanelSection title="Invitations">
          <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Invitations">
            {artist.invitations.map((invitation) => (
              <Typography component="li" key={invitation.itemId} sx={{ py: 0.5, listStyle: 'none' }}>
                Sent {formatSubmittedAt(invitation.createdAt)} to {invitation.email} · {invitation.status}
                {invitation.invitationReason ? ` · ${invitation.invitationReason}` : ''}
              </Typography>
            ))}
          </Box>
        </PanelSection>
      )}
      {!artist.erasure && artist.status !== 'erased' && <EraseArtistSection artist={artist} />}
    </Stack>
  );
}

/** Staff view of one artist (spec 001 §2, /artist/:artistId): profile, submissions, links. */
export function ArtistPage() {
  const { artistId = '' } = useParams();
  const artist = useQuery({
    queryKey: queryKeys.staffArtist(artistId),
    queryFn: ({ signal }) =>
      apiGet(`/api/artists/${encodeURIComponent(artistId)}`, staffArtistResponseSchema, signal),
    // Artist ids are UUIDs, like item ids: anything else cannot name one, so it is not asked for.
    enabled: isBoardItemId(artistId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  let content: ReactNode;
  if (!isBoardItemId(artistId) || (artist.error instanceof ApiError && artist.error.status === 404))
    content = <RecordNotFound title={ARTIST_NOT_FOUND} noun="artist" />;
  else if (artist.isPending) content = <ListSkeleton label="Loading the artist..." />;
  else if (artist.isError)
    content = (
      <>
        <StaffPageHeader title="Artist" />
        <LoadError onRetry={() => void artist.refetch()}>
          The artist could not be loaded: {artist.error.message}
        </LoadError>
      </>
    );
  else content = <ArtistView artist={artist.data.artist} />;

  return (
    <StaffPage>
      <Link
        component={RouterLink}
        to={BOARD_PATH}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, fontWeight: 600 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back to the board
      </Link>
      {content}
    </StaffPage>
  );
}
