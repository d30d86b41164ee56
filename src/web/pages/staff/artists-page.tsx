import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  ARTIST_LIST_SORTS,
  ARTIST_SEARCH_MAX_LENGTH,
  type ArtistListSort,
  type StaffArtistListRow,
} from '../../../domain';
import { useStaffArtists } from '../../api/staff-console';
import { LoadMore, pagedListState } from '../../components/load-more';
import { PictureAvatar } from '../../components/picture-avatar';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { StatusChip } from '../../components/status-chip';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { formatSubmittedAt } from './board/board-format';
import { EmptyState, ListSkeleton, LoadError } from './invite/load-states';

const SORT_LABELS: Record<ArtistListSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A to Z)',
};

/** How long the search waits for typing to pause before it asks the server. */
const SEARCH_DELAY_MS = 300;

function parseSort(value: string | null): ArtistListSort {
  return ARTIST_LIST_SORTS.find((sort) => sort === value) ?? 'newest';
}

function submissionsText(count: number): string {
  if (count === 0) return 'No submissions yet';
  return count === 1 ? '1 submission' : `${count} submissions`;
}

function ArtistRow({ artist }: { artist: StaffArtistListRow }) {
  const latest = artist.latestSubmission;
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <PictureAvatar src={artist.picture} alt="" name={artist.name} size={48} loading="lazy" />
        <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
          <Link
            component={RouterLink}
            to={`/artist/${artist.artistId}`}
            variant="h6"
            sx={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}
          >
            {artist.name}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {artist.email}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">{submissionsText(artist.submissionCount)}</Typography>
            {latest && (
              <>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  · latest: {formatSubmittedAt(latest.createdAt)}
                </Typography>
                <StatusChip status={latest.status} />
              </>
            )}
            <Chip
              size="small"
              variant="outlined"
              color={artist.hasSignedContract ? 'success' : 'default'}
              label={artist.hasSignedContract ? 'Agreement signed' : 'No signed agreement'}
            />
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * `/admin/artists`: every artist, newest first, oldest first or by name, searched by
 * the start of their name or e-mail; a page at a time, more as the list's foot scrolls into view.
 * The search and order live in the URL (`?q=&sort=`), so a reload or a shared link shows the same
 * list; typing waits for a pause before it asks the server.
 */
export function ArtistsPage() {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'));
  const urlQuery = params.get('q') ?? '';
  const [typed, setTyped] = useState(urlQuery);
  const settled = useDebouncedValue(typed, SEARCH_DELAY_MS);

  // The search this page last put in the URL: a URL with another one came from elsewhere (back,
  // forward, a link), and the box takes it; the page's own updates never undo typing in progress.
  const written = useRef(urlQuery.trim());

  // The URL follows the settled search (replacing the entry: each pause is not a page of history).
  useEffect(() => {
    const next = settled.trim();
    if (next === written.current) return;
    written.current = next;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('q', next);
        else updated.delete('q');
        return updated;
      },
      { replace: true },
    );
  }, [settled, setParams]);

  useEffect(() => {
    if (urlQuery.trim() === written.current) return;
    written.current = urlQuery.trim();
    setTyped(urlQuery);
  }, [urlQuery]);

  const q = urlQuery.trim();
  const list = useStaffArtists(sort, q);
  const artists = list.data?.pages.flatMap((page) => page.artists) ?? [];
  const total = Math.max(list.data?.pages[0]?.total ?? 0, artists.length);
  const searching = typed.trim() !== q || (list.isFetching && list.isPlaceholderData);

  let content: ReactNode;
  if (list.isPending) content = <ListSkeleton label="Loading artists..." />;
  else if (list.isError && artists.length === 0)
    content = (
      <LoadError onRetry={() => void list.refetch()}>
        The artists could not be loaded: {list.error.message}
      </LoadError>
    );
  else if (artists.length === 0)
    content = q ? (
      <EmptyState title="No artist found">
        No artist's name or e-mail starts with “{q}”. Check the spelling, or search for fewer letters.
      </EmptyState>
    ) : (
      <EmptyState title="No artists yet">
        Artists appear here once they sign in, submit music or accept an invitation.
      </EmptyState>
    );
  else
    content = (
      <>
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Artists">
          {artists.map((artist) => (
            <ArtistRow key={artist.artistId} artist={artist} />
          ))}
        </Stack>
        <LoadMore noun="artists" list={pagedListState(list, artists.length)} />
      </>
    );

  const totalText = q
    ? `${total} ${total === 1 ? 'artist matches' : 'artists match'} “${q}”`
    : `${total} ${total === 1 ? 'artist' : 'artists'}`;

  return (
    <StaffPage>
      <StaffPageHeader title="Artists">
        Every artist of the label: search by name or e-mail, open one for their profile, submissions and
        agreement.
      </StaffPageHeader>
      <Stack
        role="search"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3 }}
        aria-label="Find artists"
      >
        <TextField
          label="Search artists"
          placeholder="Name or e-mail"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          helperText="Finds names and e-mails that start with what you type."
          slotProps={{ htmlInput: { maxLength: ARTIST_SEARCH_MAX_LENGTH } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Sort"
          value={sort}
          onChange={(event) =>
            setParams(
              (current) => {
                const updated = new URLSearchParams(current);
                if (event.target.value === 'newest') updated.delete('sort');
                else updated.set('sort', event.target.value);
                return updated;
              },
              { replace: true },
            )
          }
          sx={{ minWidth: { sm: 200 } }}
        >
          {ARTIST_LIST_SORTS.map((option) => (
            <MenuItem key={option} value={option}>
              {SORT_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {!list.isPending && !(list.isError && artists.length === 0) && (
        <div role="status" aria-live="polite">
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            {searching ? 'Searching...' : totalText}
          </Typography>
        </div>
      )}
      {content}
    </StaffPage>
  );
}
