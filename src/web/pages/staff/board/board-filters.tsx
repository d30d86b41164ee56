import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import {
  DELIVERY_STATE_FILTERS,
  DELIVERY_STATE_LABELS,
  type DeliveryState,
  PRIMARY_GENRES,
} from '../../../../domain';
import type { BoardView } from '../../../api/board';
import { useWideScreen } from '../../../components/use-wide-screen';
import { countActiveFilters, RELEASE_TYPE_FILTERS } from './board-view';

const ANY = '';

/** The view without any of the Filters control's filters: the search, status and order stay. */
function withoutFilters(view: BoardView): BoardView {
  return { q: view.q, status: view.status, sort: view.sort };
}

/** One of the filters that picks a value, "Any" for none. */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange(next: string | undefined): void;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      fullWidth
      value={value ?? ANY}
      onChange={(event) => onChange(event.target.value || undefined)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={ANY}>Any</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const GENRE_OPTIONS = PRIMARY_GENRES.map((genre) => ({ value: genre, label: genre }));
const DELIVERY_OPTIONS = DELIVERY_STATE_FILTERS.map((state) => ({
  value: state,
  label: DELIVERY_STATE_LABELS[state],
}));

/**
 * The filters themselves. They apply as they change (the URL is the board's state, as the search
 * and the status chips), so the list behind the panel already shows what "Show N results" offers.
 */
function FilterFields({ view, onChange }: { view: BoardView; onChange(next: BoardView): void }) {
  const set = (patch: Partial<BoardView>) => onChange({ ...view, ...patch });
  return (
    <Stack spacing={2}>
      <FilterSelect
        label="Release type"
        value={view.releaseType}
        options={RELEASE_TYPE_FILTERS}
        onChange={(releaseType) => set({ releaseType })}
      />
      <FilterSelect
        label="Genre"
        value={view.genre}
        options={GENRE_OPTIONS}
        onChange={(genre) => set({ genre })}
      />
      <FilterSelect
        label="Delivery"
        value={view.delivery}
        options={DELIVERY_OPTIONS}
        onChange={(delivery) => set({ delivery: delivery as DeliveryState | undefined })}
      />
      <Stack direction="row" spacing={1.5}>
        <TextField
          type="date"
          label="Release date from"
          size="small"
          fullWidth
          value={view.releasedFrom ?? ''}
          onChange={(event) => set({ releasedFrom: event.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: view.releasedTo } }}
        />
        <TextField
          type="date"
          label="Release date to"
          size="small"
          fullWidth
          value={view.releasedTo ?? ''}
          onChange={(event) => set({ releasedTo: event.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.releasedFrom } }}
        />
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={view.overdue === 'true'}
            onChange={(event) => set({ overdue: event.target.checked ? 'true' : undefined })}
          />
        }
        label="Only those past the response promise"
      />
    </Stack>
  );
}

/**
 * The board's filters behind one "Filters" button that counts the active ones (the search stays in
 * view beside it): a panel under the button on a wide screen, a sheet from the bottom on a phone,
 * each with "Clear all" and "Show N results".
 */
export function BoardFilters({
  view,
  onChange,
  resultCount,
}: {
  view: BoardView;
  onChange(next: BoardView): void;
  /** How many submissions the view holds, as the board says it ("1,000+"); unknown while loading. */
  resultCount: string | undefined;
}) {
  const wide = useWideScreen();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const panelId = useId();
  const count = countActiveFilters(view);
  const close = () => setOpen(false);

  const panel = (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={headingId} variant="h4" component="h2">
          Filters
        </Typography>
        <IconButton aria-label="Close filters" onClick={close} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <FilterFields view={view} onChange={onChange} />
      <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button onClick={() => onChange(withoutFilters(view))} disabled={count === 0} sx={{ minHeight: 44 }}>
          Clear all
        </Button>
        <Button variant="contained" onClick={close} sx={{ minHeight: 44 }}>
          {resultCount === undefined
            ? 'Show results'
            : `Show ${resultCount} ${resultCount === '1' ? 'result' : 'results'}`}
        </Button>
      </Stack>
    </>
  );
  const paper = { role: 'dialog', 'aria-labelledby': headingId, id: panelId };

  return (
    <>
      <Button
        ref={button}
        variant={count > 0 ? 'contained' : 'outlined'}
        color="primary"
        startIcon={<FilterListIcon />}
        onClick={() => setOpen(true)}
        // The count is a badge on screen; read out, the name says what it counts.
        aria-label={count > 0 ? `Filters, ${count} active` : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        sx={{
          minHeight: 40,
          flexShrink: 0,
          // On a phone the count takes the icon's place, so the order beside it keeps its words.
          ...(count > 0 ? { '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } } : {}),
        }}
      >
        Filters
        {count > 0 && (
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              ml: 1,
              minWidth: 22,
              height: 22,
              px: 0.75,
              borderRadius: 11,
              bgcolor: 'background.paper',
              color: 'primary.main',
              fontSize: '0.8125rem',
              fontWeight: 700,
              lineHeight: '22px',
              textAlign: 'center',
            }}
          >
            {count}
          </Box>
        )}
      </Button>
      {wide ? (
        <Popover
          open={open}
          anchorEl={button.current}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          transformOrigin={{ vertical: 'top', horizontal: 'left' }}
          slotProps={{
            paper: { ...paper, sx: { mt: 1, p: 2.5, width: 380, maxWidth: 'calc(100vw - 32px)' } },
          }}
        >
          {panel}
        </Popover>
      ) : (
        <Drawer
          anchor="bottom"
          open={open}
          onClose={close}
          slotProps={{
            paper: {
              ...paper,
              sx: {
                p: 2,
                pb: 'calc(16px + env(safe-area-inset-bottom))',
                borderTopLeftRadius: 16,
                borderTopRightRadius: 16,
                maxHeight: '90vh',
              },
            },
          }}
        >
          {panel}
        </Drawer>
      )}
    </>
  );
}
