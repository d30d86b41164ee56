import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ARTIST_SEARCH_REQUEST_LIMIT,
  canStartSearch,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_CHARACTERS,
  type SpotifyArtistResult,
  takeShownResults,
} from '../../../../../domain';
import { searchArtists } from '../../../../api/spotify';
import { TextInput } from '../../../../components/text-input';
import { useDebouncedValue } from '../../../../components/use-debounced-value';
import { type ConfirmedArtist, ConnectedArtistCard } from './connected-artist-card';

interface SpotifyArtistSearchProps {
  /** The artist picked earlier (and still in the form), shown instead of the search. */
  connected: ConfirmedArtist | null;
  onPick(artist: SpotifyArtistResult): void;
  /** 'Change' on the connected card: back to the search. */
  onChangeArtist(): void;
}

/** Search mode: find the artist's profile by name and pick it. */
export function SpotifyArtistSearch({ connected, onPick, onChangeArtist }: SpotifyArtistSearchProps) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const inputId = useId();
  const active = canStartSearch(query);
  const search = useQuery({
    queryKey: ['spotify', 'artists', settled, ARTIST_SEARCH_REQUEST_LIMIT],
    queryFn: ({ signal }) => searchArtists(settled, ARTIST_SEARCH_REQUEST_LIMIT, signal),
    enabled: canStartSearch(settled),
    staleTime: 60_000,
    // The last results stay on screen while the next query runs, so the list does not flicker.
    placeholderData: keepPreviousData,
  });

  if (connected) {
    return (
      <ConnectedArtistCard
        artist={connected}
        statusLabel="Connected"
        profileHref={connected.url}
        onChange={onChangeArtist}
      />
    );
  }

  const waiting = active && (query.trim() !== settled || search.isFetching);
  const shown = search.data ? takeShownResults(search.data.artists) : [];

  return (
    <Stack spacing={2}>
      <TextInput
        id={inputId}
        type="search"
        label="Search for your artist name"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          // Enter must not submit the wizard's form from inside the search.
          if (event.key === 'Enter') event.preventDefault();
        }}
        fullWidth
        autoComplete="off"
        helperText={`Type at least ${SEARCH_MIN_CHARACTERS} characters to search`}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
            endAdornment: waiting ? (
              <InputAdornment position="end">
                <CircularProgress size={20} aria-label="Searching" />
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      {active && (
        <SearchResults
          status={search.isError ? 'error' : waiting && !search.data ? 'searching' : 'done'}
          waiting={waiting}
          errorMessage={search.error?.message}
          results={shown}
          offline={search.data?.offline === true}
          onPick={onPick}
        />
      )}
    </Stack>
  );
}

interface SearchResultsProps {
  status: 'searching' | 'error' | 'done';
  waiting: boolean;
  errorMessage: string | undefined;
  results: SpotifyArtistResult[];
  offline: boolean;
  onPick(artist: SpotifyArtistResult): void;
}

function SearchResults({ status, waiting, errorMessage, results, offline, onPick }: SearchResultsProps) {
  const listLabelId = useId();
  if (status === 'error') return <Alert severity="error">{errorMessage}</Alert>;

  let statusText = 'Searching…';
  if (status === 'done' && results.length > 0) statusText = 'Select your profile:';
  else if (status === 'done' && !waiting) statusText = 'No artists found';

  return (
    <Stack spacing={1}>
      <Typography id={listLabelId} role="status" variant="body2" sx={{ color: 'text.secondary' }}>
        {statusText}
      </Typography>
      {results.length > 0 && (
        <List
          aria-labelledby={listLabelId}
          disablePadding
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            overflow: 'hidden',
            '& > li:last-of-type': { borderBottom: 0 },
          }}
        >
          {results.map((artist) => (
            <ListItem key={artist.id} disablePadding divider>
              <ListItemButton onClick={() => onPick(artist)}>
                <ListItemAvatar>
                  <Avatar src={artist.image} alt="">
                    <PersonIcon />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={artist.name}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {offline && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Demo catalogue (offline)
        </Typography>
      )}
    </Stack>
  );
}
