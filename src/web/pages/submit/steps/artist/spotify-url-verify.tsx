import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { parseSpotifyArtistUrl, SPOTIFY_PROFILE_NOT_VERIFIED } from '../../../../../domain';
import { verifyArtist } from '../../../../api/spotify';
import { TextInput } from '../../../../components/text-input';
import { fieldAnchor, fieldDomId, useFieldError } from '../../../../forms/field-errors';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { type ConfirmedArtist, ConnectedArtistCard } from './connected-artist-card';

interface SpotifyUrlVerifyProps {
  /** The profile confirmed for the URL now in the form, if any. */
  verified: ConfirmedArtist | null;
  onVerified(artist: ConfirmedArtist): void;
}

/** A failed check belongs to the URL it checked: once the URL is edited, the message goes. */
interface Failure {
  url: string;
  message: string;
}

/** URL mode: paste the profile link and have the music service confirm it. */
export function SpotifyUrlVerify({ verified, onVerified }: SpotifyUrlVerifyProps) {
  const { control } = useFormContext<SubmitFormValues>();
  const { field } = useController({ control, name: 'spotifyProfile' });
  const wizardError = useFieldError('spotifyProfile');
  const [failure, setFailure] = useState<Failure | null>(null);
  const verification = useMutation({ mutationFn: (url: string) => verifyArtist(url) });
  const url = field.value ?? '';
  const failureMessage = failure?.url === url ? failure.message : undefined;
  const message = wizardError ?? failureMessage;

  async function verify() {
    const checked = url;
    const parsed = parseSpotifyArtistUrl(checked);
    if (!parsed.ok) {
      setFailure({ url: checked, message: parsed.message });
      return;
    }
    setFailure(null);
    try {
      const answer = await verification.mutateAsync(checked);
      if (answer.valid) {
        onVerified({
          url: checked,
          name: answer.artistName ?? 'Your Spotify profile',
          image: answer.artistImage,
        });
      } else {
        setFailure({ url: checked, message: answer.error ?? SPOTIFY_PROFILE_NOT_VERIFIED });
      }
    } catch (error) {
      setFailure({
        url: checked,
        message: error instanceof Error ? error.message : SPOTIFY_PROFILE_NOT_VERIFIED,
      });
    }
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2 }}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextInput
          {...fieldAnchor('spotifyProfile')}
          id={fieldDomId('spotifyProfile')}
          name="spotifyProfile"
          label="Spotify artist URL"
          placeholder="https://open.spotify.com/artist/…"
          value={url}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          onKeyDown={(event) => {
            // Enter checks the link rather than submitting the wizard's form.
            if (event.key === 'Enter') {
              event.preventDefault();
              void verify();
            }
          }}
          error={Boolean(message)}
          helperText={
            message ?? 'In Spotify, open your artist profile, choose Share, then Copy link to artist.'
          }
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
        />
        <Button
          variant="contained"
          onClick={() => void verify()}
          loading={verification.isPending}
          sx={{ flexShrink: 0, height: { sm: 56 }, width: { xs: '100%', sm: 'auto' } }}
        >
          Verify
        </Button>
      </Stack>
      {verified && <ConnectedArtistCard artist={verified} statusLabel="Verified" />}
    </Stack>
  );
}
