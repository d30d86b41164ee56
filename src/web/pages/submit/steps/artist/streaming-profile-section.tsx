import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { chooseNewArtist, type SpotifyArtistResult } from '../../../../../domain';
import { TabList } from '../../../../components/tab-list';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { StepSection } from '../step-section';
import type { ConfirmedArtist } from './connected-artist-card';
import { SpotifyArtistSearch } from './spotify-artist-search';
import { SpotifyUrlVerify } from './spotify-url-verify';

type ProfileChoice = 'has-profile' | 'new-artist';
const FIND_MODES = ['search', 'url'] as const;
type FindMode = (typeof FIND_MODES)[number];
const FIND_MODE_LABELS: Record<FindMode, string> = { search: 'Search', url: 'Paste URL' };

/**
 * The artist's Spotify profile: found by name or pasted as a link. Which way, and whether the
 * profile was connected or verified, is screen state; the form keeps only the profile URL.
 */
export function StreamingProfileSection() {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const spotifyProfile = useWatch({ control, name: 'spotifyProfile' }) ?? '';
  const [choice, setChoice] = useState<ProfileChoice>('has-profile');
  // A profile already in the form (a restored draft) can only be shown as its link.
  const [mode, setMode] = useState<FindMode>(spotifyProfile ? 'url' : 'search');
  const [confirmed, setConfirmed] = useState<ConfirmedArtist | null>(null);
  const [seenProfile, setSeenProfile] = useState(spotifyProfile);
  const baseId = useId();

  // A profile arriving from outside this section (a draft restored after the first render) is
  // shown the same way as one present from the start.
  if (spotifyProfile !== seenProfile) {
    setSeenProfile(spotifyProfile);
    if (
      spotifyProfile &&
      confirmed?.url !== spotifyProfile &&
      (mode === 'search' || choice === 'new-artist')
    ) {
      setChoice('has-profile');
      setMode('url');
    }
  }

  // Confirmation holds only while the form still has the URL that was confirmed.
  const current = confirmed && confirmed.url === spotifyProfile ? confirmed : null;

  function chooseProfile(next: ProfileChoice) {
    setChoice(next);
    if (next === 'new-artist') {
      const { spotifyProfile: cleared } = chooseNewArtist({ spotifyProfile: getValues('spotifyProfile') });
      setValue('spotifyProfile', cleared, { shouldDirty: true });
      setConfirmed(null);
    }
  }

  function pick(artist: SpotifyArtistResult) {
    setValue('artistName', artist.name, { shouldDirty: true });
    setValue('spotifyProfile', artist.url, { shouldDirty: true });
    setConfirmed({ url: artist.url, name: artist.name, image: artist.image });
  }

  function changeArtist() {
    setValue('spotifyProfile', '', { shouldDirty: true });
    setConfirmed(null);
  }

  return (
    <StepSection
      title="Find your artist profile on Spotify"
      description="Linking your profile lets us match your releases to the right artist page."
    >
      <Stack spacing={3}>
        <FormControl component="fieldset">
          <FormLabel component="legend" id={`${baseId}-choice`} sx={{ mb: 1 }}>
            Do you already have a Spotify artist profile?
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${baseId}-choice`}
            name="spotify-profile-choice"
            value={choice}
            onChange={(event) => chooseProfile(event.target.value as ProfileChoice)}
          >
            <FormControlLabel
              value="has-profile"
              control={<Radio />}
              label="I have a Spotify artist profile"
            />
            <FormControlLabel
              value="new-artist"
              control={<Radio />}
              label="I'm a new artist (no profile yet)"
            />
          </RadioGroup>
        </FormControl>

        {choice === 'new-artist' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No problem: you can carry on without a profile. Your first release will create one.
          </Typography>
        ) : (
          <Box>
            <TabList
              tabs={FIND_MODES.map((findMode) => ({
                label: FIND_MODE_LABELS[findMode],
                id: `${baseId}-tab-${findMode}`,
                panelId: `${baseId}-panel`,
              }))}
              selected={FIND_MODES.indexOf(mode)}
              onSelect={(index) => setMode(FIND_MODES[index] ?? 'search')}
              label="How to find your profile"
              fullWidth
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', maxWidth: { sm: 420 } }}
            />
            <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${mode}`}>
              {mode === 'search' ? (
                <SpotifyArtistSearch connected={current} onPick={pick} onChangeArtist={changeArtist} />
              ) : (
                <SpotifyUrlVerify verified={current} onVerified={setConfirmed} />
              )}
            </Box>
          </Box>
        )}
      </Stack>
    </StepSection>
  );
}
