import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  BOARD_SEARCH_MAX_LENGTH,
  BOARD_SORT_LABELS,
  BOARD_SORTS,
  type BoardSort,
  isSearchableBoardQuery,
} from '../../../../domain';
import { type BoardView, boardExportUrl } from '../../../api/board';
import { visuallyHidden } from '../../../components/visually-hidden';
import { BoardFilters } from './board-filters';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The board's toolbar, one line on a wide screen: the search (always in view), the Filters control
 * with the count of active filters, the order beside it, and the view's CSV export. The search is
 * sent once typing pauses and only when the server can answer it (a word of 3 characters or more);
 * everything is kept in the page's URL by the caller (`onChange`), so a reload or Back shows the
 * same board.
 */
export function BoardToolbar({
  view,
  onChange,
  resultCount,
  children,
}: {
  view: BoardView;
  onChange(next: BoardView): void;
  /** How many submissions the view holds, for the filters' "Show N results". */
  resultCount?: string | undefined;
  /** More actions on the view, before the export (a way to listen to it). */
  children?: ReactNode;
}) {
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

  return (
    <Stack
      role="search"
      aria-label="Search and filter the board"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <TextField
        type="search"
        label="Search"
        placeholder="Artist, title, e-mail, ISRC or UPC"
        value={text}
        onChange={(event) => setText(event.target.value)}
        // The hint sits inside the box rather than under it, so the list below never moves while
        // someone types; screen readers get it as the field's description.
        helperText={tooShort ? 'Type at least 3 letters or digits.' : undefined}
        size="small"
        sx={{
          flex: { xs: '1 1 100%', sm: '1 1 260px' },
          maxWidth: { md: 420 },
          '& .MuiFormHelperText-root': visuallyHidden,
        }}
        slotProps={{
          htmlInput: { maxLength: BOARD_SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: tooShort ? (
              <InputAdornment position="end" aria-hidden="true">
                <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                  3+ characters
                </Box>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <BoardFilters view={view} onChange={onChange} resultCount={resultCount} />
      <TextField
        select
        label="Sort"
        size="small"
        value={view.sort ?? 'newest'}
        onChange={(event) => onChange({ ...view, sort: event.target.value as BoardSort })}
        sx={{ width: { xs: 'auto', sm: 200 }, flex: { xs: '1 1 0', sm: 'none' }, minWidth: 0 }}
      >
        {BOARD_SORTS.map((sort) => (
          <MenuItem key={sort} value={sort}>
            {BOARD_SORT_LABELS[sort]}
          </MenuItem>
        ))}
      </TextField>
      {children}
      {/* What the board shows, every match and not only the loaded pages, for a distributor's sheet.
          On a phone the icon alone, so the toolbar keeps to two lines. */}
      <Button
        component="a"
        href={boardExportUrl(view)}
        download
        variant="outlined"
        aria-label="Export CSV"
        startIcon={<FileDownloadOutlinedIcon />}
        sx={{
          ml: { sm: 'auto' },
          minHeight: 40,
          minWidth: { xs: 44, sm: 64 },
          px: { xs: 1, sm: 2 },
          '& .MuiButton-startIcon': { ml: { xs: 0, sm: '-4px' }, mr: { xs: 0, sm: 1 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Export CSV
        </Box>
      </Button>
    </Stack>
  );
}
