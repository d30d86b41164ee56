import LinkIcon from '@mui/icons-material/Link';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import {
  CATALOGUE_ITEM_ALREADY_ADDED,
  type CatalogueItemSeed,
  parseSpotifyCatalogueUrl,
  seedFromCatalogueRef,
} from '../../../../../domain';
import type { AddOutcome } from './catalogue-add';

interface CatalogueUrlPanelProps {
  isAdded(spotifyUrl: string): boolean;
  onAdd(seed: CatalogueItemSeed): Promise<AddOutcome>;
}

/** The 'Enter URL' tab: a pasted track or album link, checked with the domain's rule before any call. */
export function CatalogueUrlPanel({ isAdded, onAdd }: CatalogueUrlPanelProps) {
  const inputId = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  async function submit() {
    if (adding) return;
    const parsed = parseSpotifyCatalogueUrl(url);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    const seed = seedFromCatalogueRef(parsed.value);
    if (isAdded(seed.spotifyUrl)) {
      setError(CATALOGUE_ITEM_ALREADY_ADDED);
      return;
    }
    setAdding(true);
    try {
      const outcome = await onAdd(seed);
      if (outcome === 'added') setUrl('');
      if (outcome === 'duplicate') setError(CATALOGUE_ITEM_ALREADY_ADDED);
    } finally {
      setAdding(false);
    }
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        id={inputId}
        label="Spotify track or album link"
        placeholder="https://open.spotify.com/album/…"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          // Enter adds the link; inside the wizard's <form> it would otherwise submit the step.
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
        error={Boolean(error)}
        helperText={
          error ?? 'Open the track or album in Spotify, choose Share › Copy link, and paste it here.'
        }
        autoComplete="off"
        fullWidth
        slotProps={{
          // Not type="url": native validation would block the wizard's own submit on a half-typed link.
          htmlInput: { inputMode: 'url', spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <LinkIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button
        variant="contained"
        onClick={() => void submit()}
        loading={adding}
        sx={{ flexShrink: 0, minHeight: 56, alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        Add
      </Button>
    </Stack>
  );
}
