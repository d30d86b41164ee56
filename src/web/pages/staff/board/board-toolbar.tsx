import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import {
  BOARD_SEARCH_MAX_LENGTH,
  BOARD_SORT_LABELS,
  BOARD_SORTS,
  type BoardSort,
  DELIVERY_STATE_FILTERS,
  DELIVERY_STATE_LABELS,
  type DeliveryState,
  isSearchableBoardQuery,
  PRIMARY_GENRES,
} from '../../../../domain';
import { hasNarrowingFilters } from '../../../../domain/board/board-view';
import { type BoardView, boardExportUrl } from '../../../api/board';
import { RELEASE_TYPE_FILTERS } from './board-view';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

const ANY = '';

/**
 * The board's search, order and filters, and the view's CSV export. The search is
 * sent once typing pauses and only when the server can answer it (a word of 3 characters or more);
 * everything is kept in the page's URL by the caller (`onChange`), so a reload or Back shows the
 * same board.
 */
export function BoardToolbar({ view, onChange }: { view: BoardView; onChange(next: BoardView): void }) {
  const [text, setText] = useState(view.q ?? '');
  const sent = useRef(view.q ?? '');
  // The URL changed elsewhere (Back, a chip): the box follows it.
  useEffect(() => {
    if ((view.q ?? '') !== sent.current) {
      sent.current = view.q ?? '';
      setText(view.q ?? '');
    }
  }, [view.q]);

  const latest = useRef({ view, onChange });
  latest.current = { view, onChange };
  useEffect(() => {
    const trimmed = text.trim();
    const next = trimmed === '' || isSearchableBoardQuery(trimmed) ? trimmed : null;
    if (next === null || next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      latest.current.onChange({ ...latest.current.view, q: next || undefined });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const tooShort = text.trim() !== '' && !isSearchableBoardQuery(text.trim());
  const set = (patch: Partial<BoardView>) => onChange({ ...view, ...patch });

  return (
    <Stack
      role="search"
      aria-label="Search and filter the board"
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap', alignItems: { md: 'flex-start' } }}
    >
      <TextField
        type="search"
        label="Search"
        placeholder="Artist, title, e-mail, ISRC or UPC"
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText={tooShort ? 'Type at least 3 letters or digits.' : ' '}
        size="small"
        sx={{ minWidth: { md: 320 }, flexGrow: 1 }}
        slotProps={{
          htmlInput: { maxLength: BOARD_SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label="Sort"
        size="small"
        value={view.sort ?? 'newest'}
        onChange={(event) => set({ sort: event.target.value as BoardSort })}
        sx={{ minWidth: 190 }}
      >
        {BOARD_SORTS.map((sort) => (
          <MenuItem key={sort} value={sort}>
            {BOARD_SORT_LABELS[sort]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Release type"
        size="small"
        value={view.releaseType ?? ANY}
        onChange={(event) => set({ releaseType: event.target.value || undefined })}
        sx={{ minWidth: 150 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value={ANY}>Any</MenuItem>
        {RELEASE_TYPE_FILTERS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Genre"
        size="small"
        value={view.genre ?? ANY}
        onChange={(event) => set({ genre: event.target.value || undefined })}
        sx={{ minWidth: 160 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value={ANY}>Any</MenuItem>
        {PRIMARY_GENRES.map((genre) => (
          <MenuItem key={genre} value={genre}>
            {genre}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Delivery"
        size="small"
        value={view.delivery ?? ANY}
        onChange={(event) =>
          set({ delivery: (event.target.value || undefined) as DeliveryState | undefined })
        }
        sx={{ minWidth: 160 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value={ANY}>Any</MenuItem>
        {DELIVERY_STATE_FILTERS.map((state) => (
          <MenuItem key={state} value={state}>
            {DELIVERY_STATE_LABELS[state]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        label="Release date from"
        size="small"
        value={view.releasedFrom ?? ''}
        onChange={(event) => set({ releasedFrom: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: view.releasedTo } }}
      />
      <TextField
        type="date"
        label="Release date to"
        size="small"
        value={view.releasedTo ?? ''}
        onChange={(event) => set({ releasedTo: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.releasedFrom } }}
      />
      {(hasNarrowingFilters(view) || (view.sort && view.sort !== 'newest')) && (
        <Button
          onClick={() => {
            sent.current = '';
            setText('');
            onChange({ status: view.status });
          }}
          sx={{ alignSelf: { md: 'center' } }}
        >
          Clear search and filters
        </Button>
      )}
      {/* What the board shows, every match and not only the loaded pages, for a distributor's sheet. */}
      <Button
        component="a"
        href={boardExportUrl(view)}
        download
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        sx={{ alignSelf: { md: 'center' }, ml: { md: 'auto' } }}
      >
        Export CSV
      </Button>
    </Stack>
  );
}
