import AlbumIcon from '@mui/icons-material/Album';
import CheckIcon from '@mui/icons-material/Check';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type CatalogueItemSeed,
  canStartSearch,
  describeSearchItem,
  formatCatalogueReleaseDate,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MESSAGES,
  SEARCH_MIN_CHARACTERS,
  SEARCH_RESULTS_SHOWN,
  type SpotifyMusicItem,
  seedFromSearchItem,
  takeShownResults,
} from '../../../../../domain';
import { searchMusic } from '../../../../api/spotify';
import { useDebouncedValue } from '../../../../components/use-debounced-value';

interface CatalogueSearchPanelProps {
  /** Whether this release is already in the transfer list. */
  isAdded(spotifyUrl: string): boolean;
  /** Whether this release is being added right now. */
  isAdding(spotifyUrl: string): boolean;
  onAdd(seed: CatalogueItemSeed): void;
}

/** Tracks and albums are searched side by side: an artist may transfer either (spec 001 §7). */
async function searchCatalogue(q: string, signal: AbortSignal) {
  const [tracks, albums] = await Promise.all([
    searchMusic(q, 'track', SEARCH_RESULTS_SHOWN, signal),
    searchMusic(q, 'album', SEARCH_RESULTS_SHOWN, signal),
  ]);
  return {
    tracks: takeShownResults(tracks.items),
    albums: takeShownResults(albums.items),
    offline: Boolean(tracks.offline || albums.offline),
  };
}

/** The 'Search Music' tab of the catalogue finder. */
export function CatalogueSearchPanel({ isAdded, isAdding, onAdd }: CatalogueSearchPanelProps) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const ready = canStartSearch(settled);

  const search = useQuery({
    queryKey: ['spotify', 'catalogue-search', settled.toLowerCase()],
    queryFn: ({ signal }) => searchCatalogue(settled, signal),
    enabled: ready,
    // While the next answer is on its way the last results stay, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

  const typedEnough = canStartSearch(query);
  const waiting = typedEnough && (!ready || query.trim() !== settled || search.isFetching);
  const results = ready && typedEnough ? search.data : undefined;

  return (
    <Stack spacing={2}>
      <TextField
        id={inputId}
        type="search"
        label="Search for your music"
        placeholder="Song, release or artist name"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          // The wizard's <form> would otherwise take Enter as a submit.
          if (event.key === 'Enter') event.preventDefault();
        }}
        helperText={`Type at least ${SEARCH_MIN_CHARACTERS} characters to search tracks and albums.`}
        autoComplete="off"
        fullWidth
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />

      {/* Always on the page, so screen readers hear "Searching…" when it appears. */}
      <Box aria-live="polite" sx={{ minHeight: 20, mt: '8px !important' }}>
        {waiting && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">Searching…</Typography>
          </Stack>
        )}
      </Box>

      {typedEnough && search.isError && !search.isFetching && (
        <Alert severity="error">{search.error.message || SEARCH_MESSAGES.failed}</Alert>
      )}

      {results && !search.isError && (
        <>
          {results.tracks.length === 0 && results.albums.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No results found for “{settled}”. Try another spelling, or paste the link in the Enter URL tab.
            </Typography>
          ) : (
            <Stack spacing={3}>
              <ResultGroup
                title="Tracks"
                items={results.tracks}
                isAdded={isAdded}
                isAdding={isAdding}
                onAdd={onAdd}
              />
              <ResultGroup
                title="Albums"
                items={results.albums}
                isAdded={isAdded}
                isAdding={isAdding}
                onAdd={onAdd}
              />
            </Stack>
          )}
          {results.offline && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Demo catalogue (offline)
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}

interface ResultGroupProps extends CatalogueSearchPanelProps {
  title: 'Tracks' | 'Albums';
  items: readonly SpotifyMusicItem[];
}

function ResultGroup({ title, items, isAdded, isAdding, onAdd }: ResultGroupProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No {title.toLowerCase()} found.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <ResultRow
              key={item.id}
              item={item}
              added={isAdded(item.spotifyUrl)}
              adding={isAdding(item.spotifyUrl)}
              onAdd={onAdd}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ResultRow({
  item,
  added,
  adding,
  onAdd,
}: {
  item: SpotifyMusicItem;
  added: boolean;
  adding: boolean;
  onAdd(seed: CatalogueItemSeed): void;
}) {
  const { image, releaseDate, artist } = describeSearchItem(item);
  const date = formatCatalogueReleaseDate(releaseDate);
  const Fallback = item.type === 'album' ? AlbumIcon : MusicNoteIcon;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        // On a phone the button drops under the text, so long titles keep a readable width.
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 0.5,
        p: 1,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Avatar variant="rounded" src={image} alt="" sx={{ width: 48, height: 48, bgcolor: 'action.selected' }}>
        <Fallback aria-hidden sx={{ color: 'text.secondary' }} />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: { xs: '1 1 calc(100% - 60px)', sm: '1 1 0' } }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.name}
        </Typography>
        <Typography
          variant="caption"
          component="p"
          sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {[artist, date].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <Button
        size="small"
        variant={added ? 'text' : 'outlined'}
        disabled={added || adding}
        loading={adding}
        startIcon={added ? <CheckIcon aria-hidden /> : undefined}
        onClick={() => onAdd(seedFromSearchItem(item))}
        aria-label={added ? `“${item.name}” added` : `Add “${item.name}”`}
        sx={{ flexShrink: 0, ml: { xs: '60px', sm: 0 } }}
      >
        {added ? 'Added' : 'Add'}
      </Button>
    </Box>
  );
}
